package io.commitbench.core.probe;

/** How the probe knew that a session's statement was blocked before it took its next step. */
public enum WaitSeen {
  /** The server's lock view showed the session waiting for a lock (the dialect's {@code LockWaitView}). */
  LOCK_VIEW("seen waiting in the server's lock view"),
  /**
   * Not seen in a lock view (the product has none, the login may not read it, or it did not show
   * the wait): the statement was still running after a short delay, or ran longer than it.
   */
  STILL_RUNNING("not seen in a lock view, but ran " + LockWaitWatcher.DELAY_MILLIS + " ms or longer"),
  /** The statement returned or failed before it was seen waiting: it did not wait. */
  NOT_WAITING("returned without waiting");

  private final String label;

  WaitSeen(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
