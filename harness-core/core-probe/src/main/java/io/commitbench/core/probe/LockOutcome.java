package io.commitbench.core.probe;

/** How one scenario ended, as the probe's table says it. */
public enum LockOutcome {
  /** Deadlock: the server found the cycle and failed one session's statement (its deadlock class). */
  DEADLOCK_DETECTED("deadlock detected"),
  /** Deadlock: the cycle was broken by a lock wait timing out, not by a detector. */
  LOCK_TIMEOUT("lock wait timed out"),
  /** Deadlock: a statement of the cycle failed with another class (a serialization failure, say). */
  FAILED("failed"),
  /** Deadlock: both sessions' statements completed; no cycle formed. */
  NO_DEADLOCK("no deadlock"),
  /** Same row: S2 waited for the lock S1 held, then updated (pessimistic). */
  WAITED_THEN_UPDATED("waited, then updated"),
  /** Same row: S2 waited, then failed (a serialization failure, a lock timeout). */
  WAITED_THEN_FAILED("waited, then failed"),
  /** The blocked statement failed without waiting (optimistic, or a no-wait setting). */
  FAILED_AT_ONCE("failed at once"),
  /** Same row: S2 updated without waiting: nothing locked the row. */
  UPDATED_AT_ONCE("updated without waiting"),
  /** A statement was still running when the probe's bound ran out; its connection was aborted. */
  UNRESOLVED("unresolved at the probe's bound");

  private final String label;

  LockOutcome(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
