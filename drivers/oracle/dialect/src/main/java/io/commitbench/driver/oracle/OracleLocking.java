package io.commitbench.driver.oracle;

import io.commitbench.core.dialect.LockWaitView;
import io.commitbench.core.dialect.LockingSupport;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Set;

/**
 * Oracle's answers to the locking probe: READ COMMITTED and SERIALIZABLE only, ORA numbers as
 * Oracle writes them, {@code V$SESSION} for a session that waits. Stateless and thread-safe.
 */
final class OracleLocking implements LockingSupport {

  /**
   * ORA-00060, the way Oracle's documentation and users write it; the SQLState for an error that
   * ojdbc raised itself (vendor code 0).
   */
  @Override
  public String errorCode(SQLException error) {
    return error.getErrorCode() == 0 ? LockingSupport.super.errorCode(error)
        : String.format(java.util.Locale.ROOT, "ORA-%05d", error.getErrorCode());
  }

  /** Oracle has READ COMMITTED (its default) and SERIALIZABLE, no REPEATABLE READ. */
  @Override
  public Set<io.commitbench.core.dialect.IsolationLevel> isolationLevels() {
    return java.util.EnumSet.of(io.commitbench.core.dialect.IsolationLevel.READ_COMMITTED,
        io.commitbench.core.dialect.IsolationLevel.SERIALIZABLE);
  }

  /*
   * No lockWaitTimeoutStatements: an Oracle DML statement waits for a row lock without bound (only
   * SELECT ... FOR UPDATE WAIT n has one), so the probe bounds it with the JDBC query timeout
   * (ORA-01013, a statement timeout).
   */

  /** A session waits while {@code V$SESSION} names the session blocking it (needs SELECT on V$SESSION). */
  @Override
  public Optional<LockWaitView> lockWaitView() {
    return Optional.of(new LockWaitView("SELECT SYS_CONTEXT('USERENV', 'SID') FROM DUAL",
        "SELECT 1 FROM v$session WHERE sid = ? AND blocking_session IS NOT NULL"));
  }
}
