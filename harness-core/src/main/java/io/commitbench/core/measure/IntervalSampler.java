package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Cuts {@link Measurements} into intervals and adds each interval into the run's totals, so
 * the totals are exactly the sum of the intervals written to disk.
 *
 * <p>Thread-safety: single reader; call {@link #sample} and {@link #totals} from one thread at a
 * time (the interval reporter, then the run's final sample).
 */
public final class IntervalSampler {

  private final Measurements measurements;
  private final long startNanos;
  private final long startEpochMillis;
  private final Map<OperationKind, Histogram> interval = new EnumMap<>(OperationKind.class);
  private final Map<OperationKind, Histogram> total = new EnumMap<>(OperationKind.class);
  private final Map<OperationKind, Map<ErrorClass, Long>> errorsSoFar = new EnumMap<>(OperationKind.class);
  private long transactionsSoFar;
  private long lastSampleNanos;

  /**
   * @param startNanos {@link System#nanoTime()} when measurement starts (interval offsets count from it)
   * @param startEpochMillis the same moment as wall-clock time, for histogram time stamps
   */
  public IntervalSampler(Measurements measurements, long startNanos, long startEpochMillis) {
    this.measurements = measurements;
    this.startNanos = startNanos;
    this.startEpochMillis = startEpochMillis;
    this.lastSampleNanos = startNanos;
    for (OperationKind kind : OperationKind.values()) {
      total.put(kind, new Histogram(Measurements.SIGNIFICANT_DIGITS));
      interval.put(kind, new Histogram(Measurements.SIGNIFICANT_DIGITS));
      errorsSoFar.put(kind, new EnumMap<>(ErrorClass.class));
      // Whatever was recorded before the start belongs to no interval (setup is not measured).
      measurements.stripes().forEach(stripe -> stripe.takeInterval(kind));
    }
  }

  /** One interval, from the previous sample to {@code nowNanos}, passed to the sink. */
  public IntervalStats sample(long nowNanos, IntervalSink sink) throws java.io.IOException {
    // A final sample may be stamped with a moment already passed (the end of the actors' work);
    // an interval never ends before it starts.
    nowNanos = Math.max(nowNanos, lastSampleNanos);
    Map<OperationKind, IntervalStats.KindInterval> kinds = new EnumMap<>(OperationKind.class);
    long intervalErrors = 0;
    long startMillis = (lastSampleNanos - startNanos) / 1_000_000;
    long endMillis = (nowNanos - startNanos) / 1_000_000;
    for (OperationKind kind : OperationKind.values()) {
      Histogram histogram = interval.get(kind);
      histogram.reset();
      for (LatencyStripe stripe : measurements.stripes()) {
        histogram.add(stripe.takeInterval(kind));
      }
      histogram.setStartTimeStamp(startEpochMillis + startMillis);
      histogram.setEndTimeStamp(startEpochMillis + endMillis);
      total.get(kind).add(histogram);
      long kindErrors = newErrors(kind);
      intervalErrors += kindErrors;
      kinds.put(kind, new IntervalStats.KindInterval(histogram.getTotalCount(), kindErrors,
          percentile(histogram, 50), percentile(histogram, 99)));
    }
    long transactions = measurements.transactions();
    IntervalStats stats = new IntervalStats(startMillis, endMillis, kinds, transactions - transactionsSoFar, intervalErrors);
    transactionsSoFar = transactions;
    lastSampleNanos = nowNanos;
    sink.onInterval(stats, interval);
    return stats;
  }

  /** Totals over every interval sampled so far; {@code measuredNanos} is up to the last sample. */
  public RunTotals totals() {
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      Map<ErrorClass, Long> nonZero = new EnumMap<>(ErrorClass.class);
      errorsSoFar.get(kind).forEach((c, n) -> {
        if (n > 0) {
          nonZero.put(c, n);
        }
      });
      kinds.put(kind, new KindTotals(kind, total.get(kind).copy(), nonZero));
    }
    return new RunTotals(kinds, transactionsSoFar, measurements.reconnects(), lastSampleNanos - startNanos);
  }

  private long newErrors(OperationKind kind) {
    long added = 0;
    Map<ErrorClass, Long> seen = errorsSoFar.get(kind);
    for (ErrorClass errorClass : ErrorClass.values()) {
      long now = measurements.errors(kind, errorClass);
      added += now - seen.getOrDefault(errorClass, 0L);
      seen.put(errorClass, now);
    }
    return added;
  }

  private static long percentile(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0 ? 0 : histogram.getValueAtPercentile(percentile);
  }
}
