package io.commitbench.core.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One HdrHistogram {@link Recorder} per operation kind, written by the actors of one stripe and
 * cut into intervals by the {@link IntervalSampler}.
 *
 * <p>Thread-safety: {@link #record} from any thread; {@link #takeInterval} from the sampler only.
 */
final class LatencyStripe {

  private final Recorder[] recorders = new Recorder[OperationKind.values().length];
  /** Histograms handed back for reuse; owned by the sampler. */
  private final Histogram[] recycled = new Histogram[OperationKind.values().length];

  LatencyStripe() {
    for (int k = 0; k < recorders.length; k++) {
      recorders[k] = new Recorder(Measurements.SIGNIFICANT_DIGITS);
    }
  }

  void record(OperationKind kind, long latencyNanos) {
    recorders[kind.ordinal()].recordValue(Math.max(0, latencyNanos));
  }

  /** What this stripe recorded of the kind since the previous call; valid until the next call. */
  Histogram takeInterval(OperationKind kind) {
    int k = kind.ordinal();
    recycled[k] = recorders[k].getIntervalHistogram(recycled[k]);
    return recycled[k];
  }
}
