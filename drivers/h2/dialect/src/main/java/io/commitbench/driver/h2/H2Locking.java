package io.commitbench.driver.h2;

import io.commitbench.core.dialect.LockWaitView;
import io.commitbench.core.dialect.LockingSupport;
import java.util.List;
import java.util.Optional;

/**
 * H2's answers to the locking probe: {@code LOCK_TIMEOUT} bounds a wait, {@code
 * INFORMATION_SCHEMA.SESSIONS} shows the session blocking a waiter. Stateless and thread-safe.
 */
final class H2Locking implements LockingSupport {

  /** {@code LOCK_TIMEOUT} in milliseconds: error 50200 after that long. */
  @Override
  public List<String> lockWaitTimeoutStatements(int seconds) {
    return List.of("SET LOCK_TIMEOUT " + seconds * 1000L);
  }

  /** A session waits for a lock while {@code INFORMATION_SCHEMA.SESSIONS} names the session blocking it. */
  @Override
  public Optional<LockWaitView> lockWaitView() {
    return Optional.of(new LockWaitView("SELECT SESSION_ID()",
        "SELECT 1 FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID = ? AND BLOCKER_ID IS NOT NULL"));
  }
}
