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
final class SessionSettings {

  private SessionSettings() {}

  static void apply(Connection connection, List<String> statements) throws SQLException {
    try (Statement session = connection.createStatement()) {
      for (String sql : statements) {
        session.execute(sql);
      }
    }
  }
}
