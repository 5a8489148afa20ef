package io.commitbench.core.server;

/**
 * Which part of a run the difference of the server's counters covers. The client's figures
 * cover the measured window; the counters cover the same when their first reading was taken as
 * the warm-up ended (or, without a warm-up, just before the first cycle).
 */
public enum CounterWindow {
  /** From the measurement's start to the run's end: the window of the client's figures. */
  MEASURED("measured", "the measured window"),
  /** From before the warm-up to the run's end: the warm-up's work is in the counters too. */
  WHOLE_RUN("run", "the whole run, warm-up included");

  private final String label;
  private final String description;

  CounterWindow(String label, String description) {
    this.label = label;
    this.description = description;
  }

  /** The value in summary.json: {@code measured} or {@code run}. */
  public String label() {
    return label;
  }

  /** For the report: {@code the measured window}. */
  public String description() {
    return description;
  }
}
