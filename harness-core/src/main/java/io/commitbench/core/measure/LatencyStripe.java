package io.commitbench.core.measure;

import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.IntervalHistogramProvider;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.SingleWriterRecorder;
import org.HdrHistogram.ValueRecorder;

/**
 * One HdrHistogram recorder per operation kind, written by the actors of one stripe and cut into
 * intervals by the {@link IntervalSampler}. A stripe is either {@linkplain #singleWriter() one
 * actor's own} (a {@link SingleWriterRecorder}: no atomic operation shared with anyone but the
 * sampler) or {@linkplain #shared() shared} by several actors (a {@link Recorder}, whose every
 * recording updates counters the other writers update too).
 *
 * <p>Thread-safety: {@link #record} from the stripe's writers (only one thread at a time for a
 * single-writer stripe); {@link #takeInterval} from the sampler only.
 */
final class LatencyStripe {

  private final ValueRecorder[] writers = new ValueRecorder[OperationKind.values().length];
  private final IntervalHistogramProvider<Histogram>[] intervals;
  /** Histograms handed back for reuse; owned by the sampler. */
  private final Histogram[] recycled = new Histogram[OperationKind.values().length];

  /** A stripe written by one actor only. */
  static LatencyStripe singleWriter() {
    return new LatencyStripe(SingleWriterRecorder::new);
  }

  /** A stripe any number of actors may write at once. */
  static LatencyStripe shared() {
    return new LatencyStripe(Recorder::new);
  }

  @SuppressWarnings("unchecked")
  private <R extends ValueRecorder & IntervalHistogramProvider<Histogram>> LatencyStripe(
      IntFunction<R> recorderWithDigits) {
    intervals = new IntervalHistogramProvider[writers.length];
    for (int k = 0; k < writers.length; k++) {
      R recorder = recorderWithDigits.apply(Measurements.SIGNIFICANT_DIGITS);
      writers[k] = recorder;
      intervals[k] = recorder;
    }
  }

  void record(OperationKind kind, long latencyNanos) {
    writers[kind.ordinal()].recordValue(Math.max(0, latencyNanos));
  }

  /** What this stripe recorded of the kind since the previous call; valid until the next call. */
  Histogram takeInterval(OperationKind kind) {
    int k = kind.ordinal();
    recycled[k] = intervals[k].getIntervalHistogram(recycled[k]);
    return recycled[k];
  }
}
