package io.commitbench.storage.inspect;

import java.nio.file.Path;
import java.time.Duration;
import org.HdrHistogram.Histogram;

/**
 * What one {@link SyncProbe} measured: the latency of each 8 KiB write plus its {@code fdatasync},
 * in nanoseconds, as an HdrHistogram. Percentiles are as HdrHistogram reports them (the highest
 * value equivalent to the percentile, 3 significant digits).
 *
 * <p>The histogram is the probe's own copy; do not change it.
 *
 * @param directory where the probe file was created
 * @param blockBytes bytes per write
 * @param fileBytes size of the preallocated probe file the writes cycled through
 * @param latencyNanos one value per write, write plus fdatasync
 * @param elapsed wall time of the timed writes
 */
public record ProbeResult(Path directory, int blockBytes, long fileBytes, Histogram latencyNanos, Duration elapsed) {

  private static final double NANOS_PER_MICRO = 1_000.0;

  /** Number of timed writes. */
  public long writes() {
    return latencyNanos.getTotalCount();
  }

  public double p50Micros() {
    return latencyNanos.getValueAtPercentile(50) / NANOS_PER_MICRO;
  }

  public double p99Micros() {
    return latencyNanos.getValueAtPercentile(99) / NANOS_PER_MICRO;
  }

  public double maxMicros() {
    return latencyNanos.getMaxValue() / NANOS_PER_MICRO;
  }

  /** Where the figures come from, for every place that shows them: "fdatasync probe, 200 × 8 KiB writes". */
  public String source() {
    return String.format("fdatasync probe, %d × %d KiB writes", writes(), blockBytes / 1024);
  }
}
