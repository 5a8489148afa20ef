package io.commitbench.core.load;

import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * The rows written so far against the rows planned, as a progress line with the rate and the
 * time left: {@code load: 1,250,000 of 10,000,000 rows (12.5%), 251,300 rows/s, ETA 35 s}.
 * Counted from any loader thread.
 */
public final class LoadProgress {

  private final long planned;
  private final long startNanos;
  private final LongAdder written = new LongAdder();

  public LoadProgress(long planned, long startNanos) {
    this.planned = planned;
    this.startNanos = startNanos;
  }

  void add(long rows) {
    written.add(rows);
  }

  public long written() {
    return written.sum();
  }

  /** The rows planned. */
  public long total() {
    return planned;
  }

  /** The line at {@code nowNanos}. */
  public String line(long nowNanos) {
    long rows = written();
    double seconds = Math.max(1e-9, (nowNanos - startNanos) / 1e9);
    double rate = rows / seconds;
    String eta = rate <= 0 ? "unknown" : String.format(Locale.ROOT, "%.0f s", (planned - rows) / rate);
    return String.format(Locale.ROOT, "load: %,d of %,d rows (%.1f%%), %,.0f rows/s, ETA %s", rows, planned,
        planned == 0 ? 100.0 : 100.0 * rows / planned, rate, eta);
  }

  /** A source that counts its rows here as it hands them out. */
  RowSource counting(RowSource source) {
    return row -> {
      boolean more = source.next(row);
      if (more) {
        written.increment();
      }
      return more;
    };
  }
}
