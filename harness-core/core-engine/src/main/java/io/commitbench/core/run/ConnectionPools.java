package io.commitbench.core.run;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * One single-connection HikariCP pool per actor, whatever its login (a pool fills itself one
 * connection at a time, so pools of their own open all actors' connections at once). Each actor
 * holds its connection for the whole run; the pool gives it bounded connect attempts and replaces
 * a connection that broke.
 *
 * <p>The actors' connections have no read timeout: a {@link StalledCallWatchdog} bounds their calls
 * instead (a driver's timed read costs every statement a poll, a few per cent of a commit's client
 * CPU). Other connections of the run, the admin's, keep the driver's read timeout.
 */
final class ConnectionPools implements AutoCloseable {

  /** Slack above the statement timeout, so the server's own cancellation is seen before the harness gives up. */
  static final int CALL_SLACK_SECONDS = 30;
  /**
   * The slack once the run is asked to stop: enough for the server's cancellation to arrive, short
   * enough for a signal to end a run within seconds while the network is stalled.
   */
  static final int STOPPING_SLACK_SECONDS = 1;

  private final BenchmarkConfig config;
  private final Dialect dialect;
  private final boolean autocommit;
  private final boolean serverPrepared;
  private final List<HikariDataSource> pools = new ArrayList<>();
  private final StalledCallWatchdog watchdog;
  private final Consumer<String> warn;
  /** Where the actors' connections come from instead of {@code db.url}, or null. */
  private final DataSource connections;

  /**
   * @param autocommit the workload's connection mode
   * @param serverPrepared whether the workload asks for statements prepared on the server
   * @param stop the run's stop signal: once it is requested, a call gets less slack
   * @param warn receives a line for each actor connection closed under a stalled call, and for pools
   *     left closing
   */
  ConnectionPools(BenchmarkConfig config, Dialect dialect, boolean autocommit, boolean serverPrepared,
      StopSignal stop, Consumer<String> warn) {
    this(config, dialect, autocommit, serverPrepared, stop, warn, null);
  }

  /**
   * As the other constructor, with the actors' connections from {@code connections}, which carries
   * its own URL, login and driver properties, instead of from {@code db.url}; null for {@code db.url}.
   */
  ConnectionPools(BenchmarkConfig config, Dialect dialect, boolean autocommit, boolean serverPrepared,
      StopSignal stop, Consumer<String> warn, DataSource connections) {
    this.connections = connections;
    this.config = config;
    this.dialect = dialect;
    this.autocommit = autocommit;
    this.serverPrepared = serverPrepared;
    this.warn = warn;
    this.watchdog = new StalledCallWatchdog(config.statementTimeoutSeconds() + CALL_SLACK_SECONDS,
        config.statementTimeoutSeconds() + STOPPING_SLACK_SECONDS, stop::isRequested, warn, System::nanoTime);
  }

  /** The driver properties of the run's connections other than the actors': reads time out. */
  static Properties driverProperties(BenchmarkConfig config, Dialect dialect) {
    return dialect.connectionProperties(new ConnectionTimeouts(
        config.connectTimeoutSeconds(), config.statementTimeoutSeconds() + CALL_SLACK_SECONDS));
  }

  /** The driver properties of the actors' connections: connecting times out, and the workload's statement preparation. */
  static Properties actorProperties(Dialect dialect, int connectTimeoutSeconds, boolean serverPrepared) {
    Properties properties = dialect.connectionProperties(ConnectionTimeouts.connectOnly(connectTimeoutSeconds));
    if (serverPrepared) {
      properties.putAll(dialect.serverPreparedStatements());
    }
    return properties;
  }

  /** Watches one actor's calls on the connections of its pool; see the class comment. */
  CallWatch watch(String actor) {
    return watchdog.watch(actor);
  }

  /** A pool of actor connections, whose calls are bounded by {@link #watch}, not by a read timeout. */
  synchronized HikariDataSource create(String user, String password, int size) {
    HikariConfig hikari = new HikariConfig();
    hikari.setPoolName("cb-" + user + "-" + (pools.size() + 1));
    if (connections != null) {
      hikari.setDataSource(connections);
    } else {
      hikari.setJdbcUrl(config.dbUrl());
      hikari.setUsername(user);
      hikari.setPassword(password);
      hikari.setDataSourceProperties(actorProperties(dialect, config.connectTimeoutSeconds(), serverPrepared));
    }
    hikari.setAutoCommit(autocommit);
    hikari.setMaximumPoolSize(size);
    // Prefilled: with minimumIdle=0 and every actor asking at once, Hikari can leave the last
    // request waiting into a timeout (total=9 of 10, waiting=0), even on an idle H2 database.
    hikari.setMinimumIdle(size);
    hikari.setConnectionTimeout(config.connectTimeoutSeconds() * 1000L);
    hikari.setValidationTimeout(Math.min(5_000L, config.connectTimeoutSeconds() * 1000L));
    // Fail on the actor's first getConnection (with a message naming the actor), not here.
    hikari.setInitializationFailTimeout(-1);
    HikariDataSource pool = new HikariDataSource(hikari);
    pools.add(pool);
    return pool;
  }

  /**
   * Closes the pools in parallel, for up to {@link PoolShutdown#DEADLINE_SECONDS}; what has not
   * closed by then is abandoned (see {@link PoolShutdown}), with a warning when it holds connections.
   */
  @Override
  public synchronized void close() {
    watchdog.close();
    try {
      List<HikariDataSource> left = PoolShutdown.close(pools, PoolShutdown.DEADLINE_SECONDS * 1_000L);
      int connections = PoolShutdown.connections(left);
      if (connections > 0) {
        warn.accept("warning: " + connections + " of the actors' connections had not closed after "
            + PoolShutdown.DEADLINE_SECONDS + " s and were abandoned; they end with this process");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    pools.clear();
  }
}
