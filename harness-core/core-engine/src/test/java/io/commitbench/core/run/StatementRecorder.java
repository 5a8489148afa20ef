package io.commitbench.core.run;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A DataSource over a real database that writes down, in order, every statement execution and
 * commit its connections see ("INSERT cb_table_1", "COMMIT"). Everything is passed on to the
 * real database: it observes, it does not stand in.
 */
final class StatementRecorder implements DataSource {

  private final DataSource real;
  final List<String> events = new CopyOnWriteArrayList<>();

  StatementRecorder(DataSource real) {
    this.real = real;
  }

  @Override
  public Connection getConnection() throws SQLException {
    return wrap(real.getConnection());
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    return wrap(real.getConnection(user, password));
  }

  private Connection wrap(Connection connection) {
    InvocationHandler handler = (proxy, method, args) -> {
      if (method.getName().equals("commit")) {
        events.add("COMMIT");
      }
      Object result = invoke(connection, method, args);
      if (method.getName().equals("prepareStatement")) {
        return recordingStatement((PreparedStatement) result, (String) args[0]);
      }
      return result;
    };
    return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Connection.class}, handler);
  }

  private PreparedStatement recordingStatement(PreparedStatement statement, String sql) {
    String[] words = sql.split("\\s+");
    String verb = words[0].toUpperCase(Locale.ROOT);
    String table = switch (verb) {
      case "INSERT", "DELETE" -> words[2];
      case "UPDATE" -> words[1];
      default -> words[List.of(words).indexOf("FROM") + 1];
    };
    InvocationHandler handler = (proxy, method, args) -> {
      if (method.getName().startsWith("execute")) {
        events.add(verb + " " + table);
      }
      return invoke(statement, method, args);
    };
    return (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {PreparedStatement.class}, handler);
  }

  private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  @Override
  public PrintWriter getLogWriter() throws SQLException {
    return real.getLogWriter();
  }

  @Override
  public void setLogWriter(PrintWriter out) throws SQLException {
    real.setLogWriter(out);
  }

  @Override
  public void setLoginTimeout(int seconds) throws SQLException {
    real.setLoginTimeout(seconds);
  }

  @Override
  public int getLoginTimeout() throws SQLException {
    return real.getLoginTimeout();
  }

  @Override
  public Logger getParentLogger() {
    return Logger.getLogger("commitbench.test");
  }

  @Override
  public <T> T unwrap(Class<T> type) throws SQLException {
    return real.unwrap(type);
  }

  @Override
  public boolean isWrapperFor(Class<?> type) throws SQLException {
    return real.isWrapperFor(type);
  }
}
