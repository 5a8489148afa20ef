package io.commitbench.core.report;

/** How a run ended. Results are written in every case. */
public enum RunOutcome {
  /** Every cycle ran to its end. */
  COMPLETED,
  /** Stopped by the user (Ctrl-C); the results cover what ran until then. */
  INTERRUPTED,
  /** Stopped by an error (setup failed, an actor could not reconnect in time, ...). */
  FAILED,
  /**
   * Not ended yet: the summary a run keeps on disk while it measures, rewritten every interval
   * and replaced by the final one. A summary that still says so is what a killed run left.
   */
  RUNNING;

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
