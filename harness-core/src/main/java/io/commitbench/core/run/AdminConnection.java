package io.commitbench.core.run;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The run's admin connection (setup, the server's counters, cleanup), re-established when it
 * broke while the actors ran — its backend terminated, the server restarted — so that the end
 * counters are still read and the cleanup still drops what the run created. Confined to the
 * run's thread.
 */
final class AdminConnection implements AutoCloseable {

  private static final int VALID_SECONDS = 2;
  private static final long FIRST_BACKOFF_MILLIS = 100;
  private static final long MAX_BACKOFF_MILLIS = 5_000;

  /** Opens a new admin connection; its message names the user and the URL. */
  @FunctionalInterface
  interface Connector {
    Connection connect() throws SQLException;
  }

  private final Connector connector;
  private Connection connection;

  AdminConnection(Connector connector) throws SQLException {
    this.connector = connector;
    this.connection = connector.connect();
  }

  Connection get() {
    return connection;
  }

  /**
   * Makes sure the connection answers: when it does not, replaces it, trying again with back-off
   * (0.1 s doubling to 5 s) for up to {@code timeoutNanos}; 0 makes one attempt.
   *
   * @return whether it was re-established
   * @throws SQLException the last attempt's failure, when no attempt succeeded
   */
  boolean revive(long timeoutNanos) throws SQLException, InterruptedException {
    if (alive()) {
      return false;
    }
    close();
    long deadline = System.nanoTime() + timeoutNanos;
    for (long backoff = FIRST_BACKOFF_MILLIS; ; backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS)) {
      try {
        connection = connector.connect();
        return true;
      } catch (SQLException e) {
        if (System.nanoTime() + backoff * 1_000_000 > deadline) {
          throw e;
        }
      }
      Thread.sleep(backoff);
    }
  }

  private boolean alive() {
    try {
      return connection != null && connection.isValid(VALID_SECONDS);
    } catch (SQLException e) {
      return false;
    }
  }

  @Override
  public void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // A broken connection: closing it only releases the client's side.
      }
      connection = null;
    }
  }
}
