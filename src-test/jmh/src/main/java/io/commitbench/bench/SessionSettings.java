package io.commitbench.bench;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * What a plain loop runs on a new connection before its statements: nothing, or the session
 * settings the harness's actors begin with (the dialect's statement timeout), so that a loop and
 * the harness send the server the same statements.
 */
public final class SessionSettings {

  private SessionSettings() {}

  public static void apply(Connection connection, List<String> statements) throws SQLException {
    try (Statement session = connection.createStatement()) {
      for (String sql : statements) {
        session.execute(sql);
      }
    }
    if (!statements.isEmpty() && !connection.getAutoCommit()) {
      // A SET is transactional on some servers: committed here, as the harness's actors commit it,
      // it does not ride in the loop's first measured transaction.
      connection.commit();
    }
  }
}
