package io.commitbench.driver.mariadb;

import io.commitbench.core.dialect.LockWaitView;
import io.commitbench.core.dialect.LockingSupport;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * MariaDB's answers to the locking probe: {@code innodb_lock_wait_timeout} bounds a wait, {@code
 * information_schema.innodb_trx} shows a transaction in {@code LOCK WAIT}. Stateless and
 * thread-safe.
 */
final class MariadbLocking implements LockingSupport {

  /** InnoDB's row lock wait, in whole seconds: error 1205 after that long. */
  @Override
  public List<String> lockWaitTimeoutStatements(int seconds) {
    return List.of("SET SESSION innodb_lock_wait_timeout = " + seconds);
  }

  /**
   * A transaction waits for a row lock while InnoDB shows it in state {@code LOCK WAIT} (needs
   * PROCESS). InnoDB refreshes the cache behind its transaction tables only when they were not
   * read in the last 100 ms: polled faster, the view never changes (seen on 10.11), so it is read
   * every 150 ms.
   */
  @Override
  public Optional<LockWaitView> lockWaitView() {
    return Optional.of(new LockWaitView("SELECT CONNECTION_ID()",
        "SELECT 1 FROM information_schema.innodb_trx WHERE trx_mysql_thread_id = ? AND trx_state = 'LOCK WAIT'", 150));
  }

  /**
   * Whether InnoDB looks for deadlocks at once ({@code innodb_deadlock_detect}; off: only the lock
   * wait timeout ends one), and whether a write to a row changed since the snapshot fails with
   * 1020 ({@code innodb_snapshot_isolation}, 10.6.18 and later; absent before).
   */
  @Override
  public List<String> lockingSettings(Connection admin) throws SQLException {
    return io.commitbench.core.dialect.ServerSettings.read(admin, "SHOW GLOBAL VARIABLES WHERE Variable_name IN"
        + " ('innodb_deadlock_detect', 'innodb_lock_wait_timeout', 'innodb_snapshot_isolation', 'tx_isolation')");
  }
}
