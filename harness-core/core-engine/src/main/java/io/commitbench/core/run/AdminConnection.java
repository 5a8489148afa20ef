package io.commitbench.core.run;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * The run's admin connection (setup, the server's counters, cleanup), re-established when it
 * broke while the actors ran — its backend terminated, the server restarted — so that the end
 * counters are still read and the cleanup still drops what the run created. When it cannot be
 * re-established it is lost for the rest of the run: {@link #get} then gives a connection whose
 * every call fails with the reason ({@link LostAdminConnection}), and no later attempt waits
 * again. Confined to the run's thread.
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
  private final String shownUrl;
  private Connection connection;
  /** Why the connection is lost for good, in words; null while it is not. */
  private String lost;

  /** For work that never revives the connection ({@code prepare}): a loss is not reported there. */
  AdminConnection(Connector connector) throws SQLException {
    this(connector, "the database");
  }

  /** @param shownUrl the URL as messages show it (its password masked) */
  AdminConnection(Connector connector, String shownUrl) throws SQLException {
    this.connector = connector;
    this.shownUrl = shownUrl;
    this.connection = connector.connect();
  }

  /** The connection; once lost, one that fails every call with the reason. Never null. */
  Connection get() {
    return connection;
  }

  /** Whether the connection was lost and could not be re-established. */
  boolean isLost() {
    return lost != null;
  }

  /**
   * Makes sure the connection answers: when it does not, replaces it, trying again with back-off
   * (0.1 s doubling to 5 s) for up to {@code timeoutNanos}; 0 makes one attempt.
   *
   * @param patience how long it tried, for the message: {@code within reconnect.timeout=10 s}
   * @return whether it was re-established
   * @throws SQLException when no attempt succeeded, or it was lost before: {@code the admin
   *     connection to URL was lost and did not come back within reconnect.timeout=10 s: the
   *     driver's message}
   */
  boolean revive(long timeoutNanos, String patience) throws SQLException, InterruptedException {
    if (lost != null) {
      throw new SQLException(lost);
    }
    if (alive()) {
      return false;
    }
    close();
    long deadline = System.nanoTime() + timeoutNanos;
    String failure = "no attempt was made";
    try {
      for (long backoff = FIRST_BACKOFF_MILLIS; ; backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS)) {
        try {
          connection = connector.connect();
          return true;
        } catch (SQLException e) {
          failure = driverMessage(e);
          if (System.nanoTime() + backoff * 1_000_000 > deadline) {
            throw new SQLException(lose("the admin connection to " + shownUrl + " was lost and did not come back "
                + patience + ": " + failure), e.getSQLState(), e.getErrorCode());
          }
        }
        Thread.sleep(backoff);
      }
    } catch (InterruptedException e) {
      lose("the admin connection to " + shownUrl + " was lost, and the wait for it was interrupted (" + failure + ")");
      throw e;
    }
  }

  /** Marks the connection lost for good; returns the reason. */
  private String lose(String reason) {
    lost = reason;
    connection = LostAdminConnection.failingWith(reason);
    return reason;
  }

  /** The driver's own message: the connector's names the user and the URL, which the reason names already. */
  private static String driverMessage(SQLException e) {
    Throwable cause = e.getCause();
    String message = cause instanceof SQLException && cause.getMessage() != null ? cause.getMessage() : e.getMessage();
    return message == null ? "SQLState " + e.getSQLState() : message.strip().replaceAll("\\s*\\R\\s*", " ");
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
    if (connection != null && lost == null) {
      try {
        connection.close();
      } catch (SQLException ignored) {
        // A broken connection: closing it only releases the client's side.
      }
      connection = null;
    }
  }
}
