package io.commitbench.core.measure;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * The latency recorders of one actor, one per operation kind. Each has a single writer (the
 * actor's thread), so recording touches no cache line another actor writes: HdrHistogram's
 * {@link SingleWriterRecorder} instead of a shared {@code Recorder}, whose every record is
 * several contended atomic operations. The {@link IntervalSampler} merges all actors' intervals.
 *
 * <p>Thread-safety: {@link #recordSuccess} from the owning actor's thread only; the interval
 * methods from the sampler only.
 */
public final class ActorRecorder {

  private final SingleWriterRecorder[] recorders = new SingleWriterRecorder[OperationKind.values().length];
  /** Histograms handed back for reuse; owned by the sampler. */
  private final Histogram[] recycled = new Histogram[OperationKind.values().length];

  ActorRecorder() {
    for (int k = 0; k < recorders.length; k++) {
      recorders[k] = new SingleWriterRecorder(Measurements.SIGNIFICANT_DIGITS);
    }
  }

  /** A successful operation and how long it took. */
  public void recordSuccess(OperationKind kind, long latencyNanos) {
    recorders[kind.ordinal()].recordValue(Math.max(0, latencyNanos));
  }

  /** What this actor recorded of the kind since the previous call; valid until the next call. */
  Histogram takeInterval(OperationKind kind) {
    int k = kind.ordinal();
    recycled[k] = recorders[k].getIntervalHistogram(recycled[k]);
    return recycled[k];
  }
}
