package io.commitbench.core.dialect;

/**
 * Where the server shows that a session waits for a lock, so that a probe can see a blocked
 * statement wait before it takes its next step, instead of guessing from a delay.
 *
 * <pre>
 * Object id = one value of sessionIdSql, on the session to be watched;
 * a row of waitingSql with ? = id, on another connection: that session waits for a lock now
 * </pre>
 *
 * @param sessionIdSql a query that returns the executing session's id on the server (one row, one column)
 * @param waitingSql a query with one parameter, a session id, that returns a row while that session waits for a lock
 * @param pollMillis how often the view may be read and still show what is current: a view that
 *     the server refreshes only when it has not been read for a while (InnoDB's transaction
 *     tables: 100 ms) shows a stale picture to a faster poll, forever
 */
public record LockWaitView(String sessionIdSql, String waitingSql, long pollMillis) {

  /** How often a view that is current at every read is polled. */
  public static final long DEFAULT_POLL_MILLIS = 10;

  /** A view that is current at every read, polled every {@value #DEFAULT_POLL_MILLIS} ms. */
  public LockWaitView(String sessionIdSql, String waitingSql) {
    this(sessionIdSql, waitingSql, DEFAULT_POLL_MILLIS);
  }
}
