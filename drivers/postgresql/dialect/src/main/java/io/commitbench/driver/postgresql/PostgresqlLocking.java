package io.commitbench.driver.postgresql;

import io.commitbench.core.dialect.LockWaitView;
import io.commitbench.core.dialect.LockingSupport;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * PostgreSQL's answers to the locking probe: {@code lock_timeout} bounds a wait, {@code
 * pg_stat_activity} shows a backend waiting for a lock, {@code deadlock_timeout} says how soon a
 * deadlock is looked for. Stateless and thread-safe.
 */
final class PostgresqlLocking implements LockingSupport {

  /** {@code lock_timeout}: a wait for a row lock fails with 55P03 after that long. */
  @Override
  public List<String> lockWaitTimeoutStatements(int seconds) {
    return List.of("SET lock_timeout = '" + seconds + "s'");
  }

  /** A backend waits for a lock while its {@code wait_event_type} is {@code Lock}. */
  @Override
  public Optional<LockWaitView> lockWaitView() {
    return Optional.of(new LockWaitView("SELECT pg_backend_pid()",
        "SELECT 1 FROM pg_stat_activity WHERE pid = ? AND wait_event_type = 'Lock'"));
  }

  /** A waiter looks for a deadlock only after {@code deadlock_timeout}; the victim is the one that looked. */
  @Override
  public List<String> lockingSettings(Connection admin) throws SQLException {
    return io.commitbench.core.dialect.ServerSettings.read(admin, "SELECT name, setting || COALESCE(unit, '')"
        + " FROM pg_settings WHERE name IN ('deadlock_timeout', 'default_transaction_isolation') ORDER BY name");
  }
}
