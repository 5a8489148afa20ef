package io.commitbench.core.dialect;

import java.sql.SQLException;
import java.sql.Connection;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The answers {@code commitbench probe locking} needs from a product: which isolation levels it
 * has, how a session bounds its lock waits, where the server shows a waiting session, which of its
 * settings decide how lock conflicts end, and how its error codes are written. A {@link Dialect}
 * hands it out through {@link Dialect#locking()}.
 *
 * <p>Every method has a default (all three levels, no session bound, no view, no settings read),
 * so a kind overrides, in its own class beside its dialect, what it knows. Stateless and
 * thread-safe.
 *
 * <pre>
 * LockingSupport locking = dialect.locking();
 * for (String sql : locking.lockWaitTimeoutStatements(5)) statement.execute(sql);
 * </pre>
 */
public interface LockingSupport {

  /** The defaults alone, for a product that tells the probe nothing of its own. */
  LockingSupport DEFAULTS = new LockingSupport() { };

  /**
   * The code of {@code error} the way the product's documentation and users write it, for
   * reports: the vendor code where the product numbers its errors ({@code 1213}), else the
   * SQLState ({@code 40P01}). The default: the vendor code when it is not 0, else the SQLState.
   */
  default String errorCode(SQLException error) {
    if (error.getErrorCode() != 0) {
      return Integer.toString(error.getErrorCode());
    }
    return error.getSQLState() == null ? "" : error.getSQLState();
  }

  /** The isolation levels the product has, of the three the locking probe tries; the default: all three. */
  default Set<IsolationLevel> isolationLevels() {
    return EnumSet.allOf(IsolationLevel.class);
  }

  /**
   * Statements that bound, for the session, how long one statement waits for a row lock before
   * the server fails it ({@link ErrorClass#LOCK_TIMEOUT}), so that a probe of lock waits never
   * hangs. The default, none, means the product has no such session setting: the caller then
   * bounds each statement with the JDBC query timeout.
   */
  default List<String> lockWaitTimeoutStatements(int seconds) {
    return List.of();
  }

  /** Where the server shows that a session waits for a lock; the default: not known. */
  default Optional<LockWaitView> lockWaitView() {
    return Optional.empty();
  }

  /**
   * The server's settings that decide how lock conflicts end (how soon deadlocks are looked for,
   * whether they are, the default lock wait), as a new session gets them, read for the probe's
   * output as {@code name=value}. Must not change anything. The default: none read.
   */
  default List<String> lockingSettings(Connection admin) throws SQLException {
    return List.of();
  }
}
