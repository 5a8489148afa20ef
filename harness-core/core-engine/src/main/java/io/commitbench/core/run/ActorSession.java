package io.commitbench.core.run;

import com.zaxxer.hikari.HikariDataSource;
import io.commitbench.core.workload.ActorWork;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * One actor's connection and the statements its work prepared on it (prepared once per connection). When
 * the connection breaks, {@link #reconnect} replaces it with exponential back-off until the
 * deadline. Confined to the actor's thread.
 *
 * <p>The statements are prepared on the driver's own connection, unwrapped from the pool's proxy:
 * the actor holds its connection for the whole run, so the pool has nothing to track per
 * statement, and its wrappers would cost every statement a clock read (HikariCP stamps the last
 * access in autocommit mode), a result-set wrapper and a call per parameter. The pool still
 * opens, validates and replaces the connection, and transactions end through its proxy.
 */
final class ActorSession implements AutoCloseable {

  private static final long FIRST_BACKOFF_MILLIS = 100;
  private static final long MAX_BACKOFF_MILLIS = 5_000;

  private final String login;
  private final HikariDataSource pool;
  private final ActorWork work;
  private final int statementTimeoutSeconds;
  private final List<String> sessionTimeout;
  private final long reconnectTimeoutNanos;
  private final StopSignal stop;
  private final Predicate<SQLException> loginRefused;
  private final Predicate<SQLException> connectionsExhausted;
  private final List<PreparedStatement> prepared = new ArrayList<>();
  private final CallWatch watch;
  private Connection connection;

  /**
   * @param login the user name, for messages
   * @param work the actor's work, which prepares its statements on every new connection
   * @param sessionTimeout the dialect's session timeout statements; empty for per-statement timeouts
   * @param loginRefused the dialect's {@code loginRefused}: such a failure is not retried
   * @param watch bounds the calls on the session's connections, which have no read timeout
   */
  ActorSession(String login, HikariDataSource pool, ActorWork work, int statementTimeoutSeconds,
      int reconnectTimeoutSeconds, List<String> sessionTimeout, StopSignal stop,
      Predicate<SQLException> loginRefused, CallWatch watch) {
    this(login, pool, work, statementTimeoutSeconds, reconnectTimeoutSeconds, sessionTimeout, stop, loginRefused,
        e -> false, watch);
  }

  /**
   * @param connectionsExhausted the dialect's {@code connectionsExhausted}: such a failure of the
   *     first connect ends {@link #open} at once
   */
  ActorSession(String login, HikariDataSource pool, ActorWork work, int statementTimeoutSeconds,
      int reconnectTimeoutSeconds, List<String> sessionTimeout, StopSignal stop,
      Predicate<SQLException> loginRefused, Predicate<SQLException> connectionsExhausted, CallWatch watch) {
    this.connectionsExhausted = connectionsExhausted;
    this.watch = watch;
    this.stop = stop;
    this.loginRefused = loginRefused;
    this.sessionTimeout = sessionTimeout;
    this.login = login;
    this.pool = pool;
    this.work = work;
    this.statementTimeoutSeconds = statementTimeoutSeconds;
    this.reconnectTimeoutNanos = reconnectTimeoutSeconds * 1_000_000_000L;
  }

  /**
   * Connects, with the same back-off as {@link #reconnect}: the admin has already reached the
   * server, so a failure here is passing (a connection killed in the pool, a busy server) — but
   * for a server that has no connection left, which fails at once.
   */
  void open() throws ReconnectFailedException, ConnectionsExhaustedException, StoppedWhileConnectingException,
      InterruptedException {
    String failure = "cannot connect as " + login + " to " + pool.getJdbcUrl();
    try {
      connectWithBackoff(null, failure, true);
    } catch (ReconnectFailedException e) {
      if (e.getCause() instanceof SQLException server && connectionsExhausted.test(server)) {
        throw new ConnectionsExhaustedException(failure + ": " + server.getMessage(), server);
      }
      throw e;
    }
  }

  Connection connection() {
    return connection;
  }

  /** Where the calls on this session's connection are to be announced. */
  CallWatch watch() {
    return watch;
  }

  /**
   * Drops the broken connection and gets a new one, waiting 0.1 s, 0.2 s, ... up to 5 s between
   * attempts, until {@code reconnect.timeout} has passed. A stop of the run ends the attempts at
   * once (the actor then ends): the server may be gone for good, and Ctrl-C must not wait for the
   * reconnect timeout.
   */
  void reconnect(SQLException cause)
      throws ReconnectFailedException, StoppedWhileConnectingException, InterruptedException {
    discardConnection();
    connectWithBackoff(cause, "lost the connection as " + login + " and could not reconnect", false);
  }

  /** @param opening whether this is the first connect, which a server without connections left ends */
  private void connectWithBackoff(SQLException cause, String failure, boolean opening)
      throws ReconnectFailedException, StoppedWhileConnectingException, InterruptedException {
    long deadline = System.nanoTime() + reconnectTimeoutNanos;
    long backoff = FIRST_BACKOFF_MILLIS;
    SQLException last = cause;
    while (true) {
      stopIfRequested(failure);
      try {
        connection = stop.interruptible(pool::getConnection);
        watch.connection(connection.unwrap(Connection.class));
        watch.begin(System.nanoTime());
        try {
          prepare();
        } finally {
          watch.end();
        }
        return;
      } catch (SQLException e) {
        last = e;
        discardConnection();
      }
      stopIfRequested(failure);
      SQLException server = ConnectFailure.serverError(last);
      if (opening && connectionsExhausted.test(server)) {
        throw new ReconnectFailedException(failure, server);
      }
      if (loginRefused.test(server)) {
        throw new ReconnectFailedException(failure + ": the server refused the login, which is not retried: "
            + server.getMessage(), server);
      }
      if (System.nanoTime() + backoff * 1_000_000 > deadline) {
        throw new ReconnectFailedException(failure + " within " + reconnectTimeoutNanos / 1_000_000_000
            + " s (reconnect.timeout): " + ConnectFailure.describe(last), server);
      }
      stop.await(backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
    }
  }

  private void stopIfRequested(String failure) throws StoppedWhileConnectingException {
    if (stop.isRequested()) {
      throw new StoppedWhileConnectingException(failure + ": the run was stopped (" + stop.reason() + ")");
    }
  }

  private void prepare() throws SQLException {
    if (!sessionTimeout.isEmpty()) {
      try (java.sql.Statement statement = connection.createStatement()) {
        for (String sql : sessionTimeout) {
          statement.execute(sql);
        }
      }
      if (!connection.getAutoCommit()) {
        connection.commit(); // a SET is transactional on some servers; do not leave it open
      }
    }
    Connection driverConnection = connection.unwrap(Connection.class);
    work.prepare(sql -> {
      PreparedStatement statement = driverConnection.prepareStatement(sql);
      prepared.add(statement);
      if (sessionTimeout.isEmpty()) {
        statement.setQueryTimeout(statementTimeoutSeconds);
      }
      return statement;
    });
  }

  /**
   * Closes the statements: the pool does not know them (they were prepared on the driver's
   * connection), so returning the connection to it would leave them open.
   */
  private void closeStatements() {
    for (PreparedStatement statement : prepared) {
      try {
        statement.close();
      } catch (SQLException ignored) {
        // A statement of a broken connection: the connection's end releases it anyway.
      }
    }
    prepared.clear();
  }

  private void discardConnection() {
    watch.connection(null);
    closeStatements();
    if (connection != null) {
      pool.evictConnection(connection);
      connection = null;
    }
  }

  /**
   * Closes the statements and the connection. The close is watched like a call: it may roll back
   * over a connection that stopped answering, and must not hold the end of the run.
   */
  @Override
  public void close() {
    closeStatements();
    if (connection != null) {
      watch.begin(System.nanoTime());
      try {
        connection.close();
      } catch (SQLException ignored) {
        // Closing a broken connection at the end of a run: nothing left to save.
      } finally {
        watch.end();
        watch.connection(null);
      }
      connection = null;
    }
    watch.connection(null);
  }
}
