package io.commitbench.core.probe;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.IsolationLevel;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * One of the probe's two sessions: its own connection, used only from its own thread, so a
 * statement that blocks on the server blocks that thread alone while the probe goes on. Each
 * statement is timed there with {@link System#nanoTime}; a statement that fails is rolled back at
 * once in the same thread, because a deadlock victim or a failed writer must release its locks
 * before the other session can go on — that is what the probe measures, not how soon a client
 * reacts. Not thread-safe: the probe's coordinator calls it.
 */
final class ProbeSession implements AutoCloseable {

  /** Seconds beyond the server's lock wait bound after which the JDBC query timeout cancels a statement. */
  static final int QUERY_TIMEOUT_MARGIN_SECONDS = 5;

  private final String name;
  private final Connection connection;
  private final ExecutorService thread;
  private final Object serverId;
  private final int queryTimeoutSeconds;

  private ProbeSession(String name, Connection connection, Object serverId, int queryTimeoutSeconds) {
    this.name = name;
    this.connection = connection;
    this.serverId = serverId;
    this.queryTimeoutSeconds = queryTimeoutSeconds;
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "commitbench-probe-" + name);
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * A session on a new connection: the dialect's lock wait bound set for it, then the user's
   * session statements, its server id read (when the dialect has a lock view), then auto-commit
   * off and {@code level} set.
   *
   * @param lockTimeoutSeconds the server's bound on one lock wait
   * @param sessionSql further statements the user asked every session to run
   */
  static ProbeSession open(String name, Connection connection, Dialect dialect, IsolationLevel level,
      int lockTimeoutSeconds, java.util.List<String> sessionSql) throws SQLException {
    try {
      java.util.List<String> bound = dialect.locking().lockWaitTimeoutStatements(lockTimeoutSeconds);
      try (Statement st = connection.createStatement()) {
        for (String sql : bound) {
          st.execute(sql);
        }
        for (String sql : sessionSql) {
          try {
            st.execute(sql);
          } catch (SQLException e) {
            throw new SQLException("--session-sql " + sql + ": " + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
          }
        }
      }
      Object id = null;
      if (dialect.locking().lockWaitView().isPresent()) {
        try (Statement st = connection.createStatement();
            ResultSet rs = st.executeQuery(dialect.locking().lockWaitView().get().sessionIdSql())) {
          id = rs.next() ? rs.getObject(1) : null;
        }
      }
      connection.setAutoCommit(false);
      connection.setTransactionIsolation(level.jdbcLevel());
      // Without a server-side bound the JDBC query timeout is the bound; with one, it is a backstop
      // that fires only if the server's does not.
      int queryTimeout = bound.isEmpty() ? lockTimeoutSeconds : lockTimeoutSeconds + QUERY_TIMEOUT_MARGIN_SECONDS;
      return new ProbeSession(name, connection, id, queryTimeout);
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  String name() {
    return name;
  }

  /** The session's id on the server, for the lock view; empty when not read. */
  Optional<Object> serverId() {
    return Optional.ofNullable(serverId);
  }

  /** Starts {@code sql} with one parameter, {@code value}, in the session's thread. */
  Future<StepResult> execute(String sql, long value) {
    return timed(() -> {
      try (PreparedStatement st = connection.prepareStatement(sql)) {
        st.setQueryTimeout(queryTimeoutSeconds);
        st.setLong(1, value);
        st.executeUpdate();
      }
    });
  }

  /** Starts the commit in the session's thread. */
  Future<StepResult> commit() {
    return timed(connection::commit);
  }

  /** Work on the session's connection. */
  private interface Work {
    void run() throws SQLException;
  }

  /** Runs {@code work} in the session's thread, timed; on failure the transaction is rolled back at once. */
  private Future<StepResult> timed(Work work) {
    return thread.submit(() -> {
      long start = System.nanoTime();
      try {
        work.run();
        return StepResult.ok(start, System.nanoTime());
      } catch (SQLException e) {
        long end = System.nanoTime();
        rollbackQuietly();
        return StepResult.failed(start, end, e);
      }
    });
  }

  private void rollbackQuietly() {
    try {
      connection.rollback();
    } catch (SQLException ignored) {
      // The connection is broken: closing it ends the transaction on the server.
    }
  }

  /**
   * Ends the session: rolls back what is open and closes the connection. A statement still
   * blocked (the probe's bound ran out) is ended by aborting the connection from this thread,
   * which JDBC allows while another thread uses it.
   */
  @Override
  public void close() throws SQLException {
    thread.shutdown();
    try {
      if (!thread.awaitTermination(1, TimeUnit.SECONDS)) {
        connection.abort(Runnable::run);
        thread.shutdownNow();
        return;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      connection.abort(Runnable::run);
      return;
    }
    try {
      if (!connection.isClosed()) {
        connection.rollback();
      }
    } finally {
      connection.close();
    }
  }
}
