package io.commitbench.bench;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Properties;

/**
 * Where a plain loop's thread gets its connection: from the driver ({@link #DRIVER}, the default),
 * or, as each of the harness's actors gets its own, from a HikariCP pool of one connection
 * ({@link #POOL}), so every statement goes through the pool's proxies (which note the commit state
 * and read the clock on some calls). Beside each other, the two tell how much of the harness's
 * cost per statement is the pool's.
 */
enum PlainConnections {
  DRIVER,
  POOL;

  /** The choice named by a benchmark parameter's value ({@code driver} or {@code pool}). */
  static PlainConnections named(String parameter, String value) {
    for (PlainConnections choice : values()) {
      if (choice.name().toLowerCase(Locale.ROOT).equals(value)) {
        return choice;
      }
    }
    throw new IllegalArgumentException(parameter + "=" + value + ": allowed: driver, pool");
  }

  /**
   * A connection to {@code url}, opened with {@code login} (user, password and driver
   * properties); closing the lease closes it and, for {@link #POOL}, its pool.
   */
  Lease open(String url, Properties login, boolean autocommit) throws SQLException {
    if (this == DRIVER) {
      Connection connection = DriverManager.getConnection(url, login);
      connection.setAutoCommit(autocommit);
      return new Lease(connection, null);
    }
    HikariConfig config = new HikariConfig();
    Properties driverProperties = new Properties();
    driverProperties.putAll(login);
    config.setUsername((String) driverProperties.remove("user"));
    config.setPassword((String) driverProperties.remove("password"));
    config.setDataSourceProperties(driverProperties);
    config.setJdbcUrl(url);
    config.setAutoCommit(autocommit);
    config.setMaximumPoolSize(1);
    config.setMinimumIdle(1);
    config.setPoolName("plain-" + Thread.currentThread().getName());
    HikariDataSource pool = new HikariDataSource(config);
    try {
      return new Lease(pool.getConnection(), pool);
    } catch (SQLException | RuntimeException e) {
      pool.close();
      throw e;
    }
  }

  /** One thread's connection and, when it came from one, its pool. */
  record Lease(Connection connection, HikariDataSource pool) implements AutoCloseable {
    @Override
    public void close() throws SQLException {
      try {
        connection.close();
      } finally {
        if (pool != null) {
          pool.close();
        }
      }
    }
  }
}
