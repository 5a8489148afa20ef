package io.commitbench.core.dialect;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A JDBC connection stand-in for unit tests of read-only dialect queries such as {@link
 * Users#canCreateUsers}: every query answers one row with one value (or no row at all), and
 * the SQL is recorded so a test can check what was asked. Anything beyond plain statements,
 * prepared statements without parameters, {@code next}, the getters and {@code close} throws
 * {@link UnsupportedOperationException}, so a dialect that does more than query is caught.
 *
 * <pre>
 * SingleValueConnection fake = SingleValueConnection.answering(1L);
 * assertThat(dialect.users().canCreateUsers(fake.connection())).isTrue();
 * assertThat(fake.executedSql()).singleElement().asString().startsWith("SELECT");
 * </pre>
 *
 * <p>Not thread-safe; one per test.
 */
public final class SingleValueConnection {

  private final Object value;
  private final boolean hasRow;
  private final String catalog;
  private final String schema;
  private final List<String> executed = new ArrayList<>();

  private SingleValueConnection(Object value, boolean hasRow, String catalog, String schema) {
    this.value = value;
    this.hasRow = hasRow;
    this.catalog = catalog;
    this.schema = schema;
  }

  /** Every query returns one row whose first column is {@code value} (Boolean, Number or String). */
  public static SingleValueConnection answering(Object value) {
    return new SingleValueConnection(value, true, null, null);
  }

  /** Every query returns no row. */
  public static SingleValueConnection answeringNoRow() {
    return new SingleValueConnection(null, false, null, null);
  }

  /** Runs no query; reports the given catalog and schema (either may be null). */
  public static SingleValueConnection withNames(String catalog, String schema) {
    return new SingleValueConnection(null, false, catalog, schema);
  }

  /** The SQL of every query issued so far, in order. */
  public List<String> executedSql() {
    return Collections.unmodifiableList(executed);
  }

  public Connection connection() {
    return proxy(Connection.class, (p, method, args) -> switch (method.getName()) {
      case "createStatement" -> statement(null);
      case "prepareStatement" -> statement((String) args[0]);
      case "getCatalog" -> catalog;
      case "getSchema" -> schema;
      case "close" -> null;
      case "isClosed" -> false;
      default -> throw new UnsupportedOperationException("Connection." + method.getName());
    });
  }

  private Statement statement(String preparedSql) {
    Class<? extends Statement> type = preparedSql == null ? Statement.class : PreparedStatement.class;
    return proxy(type, (p, method, args) -> switch (method.getName()) {
      case "executeQuery" -> {
        executed.add(preparedSql != null ? preparedSql : (String) args[0]);
        yield resultSet();
      }
      case "close" -> null;
      default -> throw new UnsupportedOperationException("Statement." + method.getName());
    });
  }

  private ResultSet resultSet() {
    boolean[] consumed = {false};
    return proxy(ResultSet.class, (p, method, args) -> switch (method.getName()) {
      case "next" -> {
        boolean row = hasRow && !consumed[0];
        consumed[0] = true;
        yield row;
      }
      case "getBoolean" -> value instanceof Number n ? n.longValue() != 0 : Boolean.TRUE.equals(value);
      case "getLong" -> ((Number) value).longValue();
      case "getInt" -> ((Number) value).intValue();
      case "getString" -> value == null ? null : value.toString();
      case "getObject" -> value;
      case "wasNull" -> value == null;
      case "close" -> null;
      default -> throw new UnsupportedOperationException("ResultSet." + method.getName());
    });
  }

  private static <T> T proxy(Class<T> type, InvocationHandler handler) {
    InvocationHandler withObjectMethods = (p, method, args) -> {
      if (method.getDeclaringClass() != Object.class) {
        return handler.invoke(p, method, args);
      }
      return switch (method.getName()) {
        case "equals" -> p == args[0];
        case "hashCode" -> System.identityHashCode(p);
        default -> "fake " + type.getSimpleName();
      };
    };
    return type.cast(Proxy.newProxyInstance(
        SingleValueConnection.class.getClassLoader(), new Class<?>[] {type}, withObjectMethods));
  }
}
