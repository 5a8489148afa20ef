package io.commitbench.core.server;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JDBC connection stand-in that answers each query, matched by its exact text, with recorded
 * rows or a recorded {@link SQLException}, for testing a dialect's server-fact queries without
 * the server. A query nobody recorded fails the test with an {@link AssertionError} naming it,
 * so a changed SQL text cannot pass unnoticed. Calls are logged ({@link #calls()}), savepoints
 * included.
 *
 * <pre>
 * RecordedRowsConnection db = new RecordedRowsConnection("Oracle", "Oracle Database 23ai ...")
 *     .answer("SELECT LOG_MODE FROM V$DATABASE", RecordedRowsConnection.row("LOG_MODE", "ARCHIVELOG"))
 *     .fail("SELECT GROUP# FROM V$LOG", new SQLException("ORA-00942: table or view does not exist", "42000", 942));
 * List&lt;Fact&gt; facts = OracleServerFacts.read(db.connection());
 * </pre>
 *
 * <p>Not thread-safe; one per test.
 */
public final class RecordedRowsConnection {

  private final String productName;
  private final String productVersion;
  private final Map<String, List<Map<String, Object>>> answers = new HashMap<>();
  private final Map<String, SQLException> failures = new HashMap<>();
  private final List<String> calls = new ArrayList<>();
  private boolean autoCommit = true;

  public RecordedRowsConnection(String productName, String productVersion) {
    this.productName = productName;
    this.productVersion = productVersion;
  }

  /** One row: alternating column labels and values, in column order. */
  public static Map<String, Object> row(Object... labelsAndValues) {
    Map<String, Object> row = new LinkedHashMap<>();
    for (int i = 0; i < labelsAndValues.length; i += 2) {
      row.put((String) labelsAndValues[i], labelsAndValues[i + 1]);
    }
    return row;
  }

  /** Answers {@code sql} with these rows (none for an empty result). */
  @SafeVarargs
  public final RecordedRowsConnection answer(String sql, Map<String, Object>... rows) {
    List<Map<String, Object>> recorded = new ArrayList<>();
    for (Map<String, Object> row : rows) {
      recorded.add(row);
    }
    answers.put(sql, recorded);
    return this;
  }

  /** Answers {@code sql} with this exception, as the server would. */
  public RecordedRowsConnection fail(String sql, SQLException error) {
    failures.put(sql, error);
    return this;
  }

  /** Starts in a transaction (auto-commit off), to see savepoints used. */
  public RecordedRowsConnection inTransaction() {
    autoCommit = false;
    return this;
  }

  /** {@code query: <sql>}, {@code setSavepoint}, {@code rollback(savepoint)}, ... in order. */
  public List<String> calls() {
    return Collections.unmodifiableList(calls);
  }

  /** The SQL text of every query, in order. */
  public List<String> queries() {
    return calls.stream().filter(c -> c.startsWith("query: ")).map(c -> c.substring(7)).toList();
  }

  public Connection connection() {
    return proxy(Connection.class, (p, method, args) -> switch (method.getName()) {
      case "createStatement" -> statement();
      case "getMetaData" -> metaData();
      case "getAutoCommit" -> autoCommit;
      case "setSavepoint" -> {
        calls.add("setSavepoint");
        yield proxy(Savepoint.class, (sp, m, a) -> {
          throw new UnsupportedOperationException("Savepoint." + m.getName());
        });
      }
      case "rollback" -> {
        calls.add(args == null ? "rollback" : "rollback(savepoint)");
        yield null;
      }
      case "releaseSavepoint" -> {
        calls.add("releaseSavepoint");
        yield null;
      }
      case "close" -> null;
      case "isClosed" -> false;
      default -> throw new UnsupportedOperationException("Connection." + method.getName());
    });
  }

  private DatabaseMetaData metaData() {
    return proxy(DatabaseMetaData.class, (p, method, args) -> switch (method.getName()) {
      case "getDatabaseProductName" -> productName;
      case "getDatabaseProductVersion" -> productVersion;
      default -> throw new UnsupportedOperationException("DatabaseMetaData." + method.getName());
    });
  }

  private Statement statement() {
    return proxy(Statement.class, (p, method, args) -> switch (method.getName()) {
      case "executeQuery" -> query((String) args[0]);
      case "close" -> null;
      default -> throw new UnsupportedOperationException("Statement." + method.getName());
    });
  }

  private ResultSet query(String sql) throws SQLException {
    calls.add("query: " + sql);
    if (failures.containsKey(sql)) {
      throw failures.get(sql);
    }
    List<Map<String, Object>> rows = answers.get(sql);
    if (rows == null) {
      throw new AssertionError("no recorded answer for: " + sql);
    }
    return resultSet(rows);
  }

  private ResultSet resultSet(List<Map<String, Object>> rows) {
    int[] at = {-1};
    List<String> labels = rows.isEmpty() ? List.of() : List.copyOf(rows.get(0).keySet());
    return proxy(ResultSet.class, (p, method, args) -> switch (method.getName()) {
      case "next" -> ++at[0] < rows.size();
      case "getString" -> {
        Object value = rows.get(at[0]).get(labels.get((Integer) args[0] - 1));
        yield value == null ? null : value.toString();
      }
      case "getMetaData" -> proxy(ResultSetMetaData.class, (m, md, a) -> switch (md.getName()) {
        case "getColumnCount" -> labels.size();
        case "getColumnLabel", "getColumnName" -> labels.get((Integer) a[0] - 1);
        default -> throw new UnsupportedOperationException("ResultSetMetaData." + md.getName());
      });
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
        default -> "recorded " + type.getSimpleName();
      };
    };
    return type.cast(Proxy.newProxyInstance(
        RecordedRowsConnection.class.getClassLoader(), new Class<?>[] {type}, withObjectMethods));
  }
}
