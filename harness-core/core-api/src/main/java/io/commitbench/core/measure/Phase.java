package io.commitbench.core.measure;

import java.util.Locale;

/** Whether an interval belongs to the warm-up (shown on its own, excluded from results) or to the measurement. */
public enum Phase {
  WARMUP,
  MEASURED;

  /** The label in {@code intervals.csv} and progress lines: {@code warmup}, {@code measured}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
