package io.commitbench.cli;

import io.commitbench.core.key.Redaction;
import io.commitbench.core.config.Secret;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.DialectRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Who connects to a server the agent acts on, with the password as a {@link Secret}: revealed to
 * the driver only, never printed.
 */
record ServerLogin(String user, Secret password) {

  /**
   * Bounds on reaching the server and on one answer: without them a host that drops packets
   * would hold the command until the operating system's TCP timeout. An answer may take minutes
   * (a checkpoint of a large buffer cache), so the read bound is generous.
   */
  static final ConnectionTimeouts TIMEOUTS = new ConnectionTimeouts(30, 600);

  /**
   * Opens a connection to {@code url}.
   *
   * @throws SQLException when it cannot, saying as whom and where (URL password masked): the
   *     command then fails like a run that cannot reach its database
   */
  Connection connect(String url) throws SQLException {
    Properties properties = DialectRegistry.load().forUrl(url)
        .map(dialect -> dialect.connectionProperties(TIMEOUTS)).orElseGet(Properties::new);
    properties.setProperty("user", user);
    properties.setProperty("password", password.reveal());
    try {
      return DriverManager.getConnection(url, properties);
    } catch (SQLException e) {
      throw new SQLException("cannot connect as " + user + " to " + Redaction.url(url) + ": " + e.getMessage(),
          e.getSQLState(), e.getErrorCode(), e);
    }
  }
}
