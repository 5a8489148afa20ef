package io.commitbench.core.run;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Opens a connection as the configured central user ({@code db.user}), with the run's connect
 * and read timeouts: the run's admin connection, and {@code commitbench cleanup}'s.
 */
public final class AdminLogin {

  private AdminLogin() {}

  /** A new connection; a failure names the user and the URL (its password masked). */
  public static Connection open(BenchmarkConfig config, Dialect dialect) throws SQLException {
    Properties properties = ConnectionPools.driverProperties(config, dialect);
    properties.setProperty("user", config.dbUser());
    properties.setProperty("password", config.password().reveal());
    try {
      return DriverManager.getConnection(config.dbUrl(), properties);
    } catch (SQLException e) {
      throw new SQLException("cannot connect as " + config.dbUser() + " to " + config.effective().get("db.url") + ": "
          + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
    }
  }
}
