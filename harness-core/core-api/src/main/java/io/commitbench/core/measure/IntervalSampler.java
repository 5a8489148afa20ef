package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * Cuts {@link Measurements} into intervals and adds each interval into the totals of its phase,
 * so the totals are exactly the sum of the intervals written to disk. A run with a warm-up starts
 * in {@link Phase#WARMUP}; {@link #beginMeasurement} cuts an interval there and counts everything
 * after it as measured.
 *
 * <p>Thread-safety: single reader; call everything from one thread at a time (the interval
 * reporter serialises its callers).
 */
public final class IntervalSampler {

  private final Measurements measurements;
  private final List<String> types;
  private final long startNanos;
  private final long startEpochMillis;
  private final long intervalNanos;
  private final RecordingBucket interval;
  private final RecordingBucket warmup;
  private final RecordingBucket measured;
  private Phase phase;
  private long lastSampleNanos;
  private long measurementStartNanos;
  private long warmupNanos;

  /**
   * @param startNanos {@link System#nanoTime()} when the run's first actor is released (interval
   *     offsets count from it)
   * @param startEpochMillis the same moment as wall-clock time, for histogram time stamps
   * @param intervalNanos the reporting interval; a shorter interval is marked partial
   * @param phase {@link Phase#WARMUP} when the run has a warm-up, else {@link Phase#MEASURED}
   */
  public IntervalSampler(Measurements measurements, long startNanos, long startEpochMillis, long intervalNanos,
      Phase phase) {
    this.measurements = measurements;
    this.types = measurements.transactionTypes();
    this.startNanos = startNanos;
    this.startEpochMillis = startEpochMillis;
    this.intervalNanos = intervalNanos;
    this.phase = phase;
    this.lastSampleNanos = startNanos;
    this.measurementStartNanos = startNanos;
    this.interval = new RecordingBucket(types.size());
    this.warmup = new RecordingBucket(types.size());
    this.measured = new RecordingBucket(types.size());
    // Whatever was recorded before the start belongs to no interval (setup is not measured).
    RecordingBucket discarded = new RecordingBucket(types.size());
    measurements.stripes().forEach(stripe -> stripe.drainInto(discarded));
  }

  public Phase phase() {
    return phase;
  }

  /** One regular interval, from the previous sample to {@code nowNanos}, passed to the sink. */
  public IntervalStats sample(long nowNanos, IntervalSink sink) throws IOException {
    return sample(nowNanos, sink, false);
  }

  /**
   * The last interval of the warm-up or of the run, cut wherever it ends: partial when it is
   * shorter than the reporting interval.
   */
  public IntervalStats sampleLast(long nowNanos, IntervalSink sink) throws IOException {
    return sample(nowNanos, sink, true);
  }

  private IntervalStats sample(long nowNanos, IntervalSink sink, boolean cut) throws IOException {
    IntervalStats stats = cut(nowNanos, cut);
    sink.onInterval(stats, histograms());
    return stats;
  }

  /** Takes the interval up to {@code nowNanos} into the totals of the current phase; gives it to no sink yet. */
  private IntervalStats cut(long nowNanos, boolean last) {
    // A final sample may be stamped with a moment already passed (the end of the actors' work);
    // an interval never ends before it starts.
    nowNanos = Math.max(nowNanos, lastSampleNanos);
    interval.reset();
    for (LatencyStripe stripe : measurements.stripes()) {
      stripe.drainInto(interval);
    }
    stamp(nowNanos);
    interval.addTo(phase == Phase.WARMUP ? warmup : measured);
    IntervalStats stats = stats(nowNanos, last && nowNanos - lastSampleNanos < intervalNanos);
    lastSampleNanos = nowNanos;
    return stats;
  }

  /**
   * Ends the warm-up at {@code nowNanos}: the interval up to it is the warm-up's last, and
   * everything after it is measured. {@code began} runs just before the cut, and the sink gets
   * the warm-up's last interval only after it: a sink may take its time (writing files) while the
   * actors go on, and what starts with the measurement (the deadline of a timed run, the CPU
   * reading) must start as close to the cut as it can. Does nothing when the run is already
   * measuring.
   */
  public void beginMeasurement(long nowNanos, IntervalSink sink, Runnable began) throws IOException {
    if (phase == Phase.MEASURED) {
      return;
    }
    began.run();
    IntervalStats last = nowNanos > lastSampleNanos ? cut(nowNanos, true) : null;
    phase = Phase.MEASURED;
    warmupNanos = lastSampleNanos - startNanos;
    measurementStartNanos = lastSampleNanos;
    if (last != null) {
      sink.onInterval(last, histograms());
    }
  }

  /** The measurement's totals over every interval sampled so far: copies the caller owns. */
  public RunTotals totals() {
    return totals(measured, measuredNanos(), Histogram::copy);
  }

  /** The warm-up's totals (empty, over 0 s, when the run had none): copies the caller owns. */
  public RunTotals warmupTotals() {
    return totals(warmup, warmupNanosSoFar(), Histogram::copy);
  }

  /**
   * The measurement's totals so far, backed by the sampler's own histograms instead of copies:
   * valid only until the next sample, and only on the sampler's thread. For what reads the totals
   * once per interval and lets go of them (the summary kept on disk while the run goes on):
   * copying every total histogram each interval would be most of the reporter's CPU, a cost the
   * plain loops a run is compared with do not pay.
   */
  public RunTotals totalsView() {
    return totals(measured, measuredNanos(), h -> h);
  }

  /** The warm-up's totals so far, as {@link #totalsView()} backed by the sampler's own histograms. */
  public RunTotals warmupTotalsView() {
    return totals(warmup, warmupNanosSoFar(), h -> h);
  }

  private long measuredNanos() {
    return phase == Phase.MEASURED ? lastSampleNanos - measurementStartNanos : 0;
  }

  private long warmupNanosSoFar() {
    return phase == Phase.WARMUP ? lastSampleNanos - startNanos : warmupNanos;
  }

  private RunTotals totals(RecordingBucket bucket, long nanos, UnaryOperator<Histogram> hand) {
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, new KindTotals(kind, hand.apply(bucket.statementNanos[kind.ordinal()]),
          errors(bucket.statementErrors, kind.ordinal())));
    }
    List<TypeTotals> typeTotals = new ArrayList<>();
    for (int t = 0; t < types.size(); t++) {
      typeTotals.add(new TypeTotals(types.get(t), hand.apply(bucket.responseNanos[t]),
          hand.apply(bucket.serviceNanos[t]), hand.apply(bucket.lagNanos[t]), errors(bucket.transactionErrors, t),
          bucket.retries[t], errors(bucket.ignoredErrors, t)));
    }
    return new RunTotals(kinds, typeTotals, bucket.transactions, bucket.reconnects, nanos, bucket.shedArrivals);
  }

  private IntervalStats stats(long nowNanos, boolean partial) {
    Map<OperationKind, IntervalStats.KindInterval> kinds = new EnumMap<>(OperationKind.class);
    long errors = 0;
    for (OperationKind kind : OperationKind.values()) {
      Histogram h = interval.statementNanos[kind.ordinal()];
      long kindErrors = sum(errors(interval.statementErrors, kind.ordinal()));
      errors += kindErrors;
      kinds.put(kind, new IntervalStats.KindInterval(h.getTotalCount(), kindErrors, percentile(h, 50),
          percentile(h, 99)));
    }
    List<IntervalStats.TypeInterval> typeIntervals = new ArrayList<>();
    long retries = 0;
    long ignored = 0;
    for (int t = 0; t < types.size(); t++) {
      Histogram response = interval.responseNanos[t];
      Histogram service = interval.serviceNanos[t];
      long typeIgnored = sum(errors(interval.ignoredErrors, t));
      retries += interval.retries[t];
      ignored += typeIgnored;
      typeIntervals.add(new IntervalStats.TypeInterval(types.get(t), service.getTotalCount(),
          sum(errors(interval.transactionErrors, t)), typeIgnored, interval.retries[t], percentile(response, 50),
          percentile(response, 99), percentile(service, 50), percentile(service, 99)));
    }
    return new IntervalStats(phase, lastSampleNanos - startNanos, nowNanos - startNanos, partial, kinds,
        typeIntervals, interval.transactions, errors, ignored, retries, interval.shedArrivals);
  }

  private void stamp(long nowNanos) {
    long start = startEpochMillis + (lastSampleNanos - startNanos) / 1_000_000;
    long end = startEpochMillis + (nowNanos - startNanos) / 1_000_000;
    for (Histogram h : interval.statementNanos) {
      h.setStartTimeStamp(start);
      h.setEndTimeStamp(end);
    }
    for (int t = 0; t < types.size(); t++) {
      for (Histogram h : new Histogram[] {interval.responseNanos[t], interval.serviceNanos[t]}) {
        h.setStartTimeStamp(start);
        h.setEndTimeStamp(end);
      }
    }
  }

  private IntervalHistograms histograms() {
    Map<OperationKind, Histogram> statements = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      statements.put(kind, interval.statementNanos[kind.ordinal()]);
    }
    return new IntervalHistograms(statements, List.of(interval.responseNanos), List.of(interval.serviceNanos));
  }

  private static Map<ErrorClass, Long> errors(long[] counts, int row) {
    Map<ErrorClass, Long> nonZero = new EnumMap<>(ErrorClass.class);
    for (ErrorClass c : ErrorClass.values()) {
      long n = counts[RecordingBucket.errorIndex(row, c)];
      if (n > 0) {
        nonZero.put(c, n);
      }
    }
    return nonZero;
  }

  private static long sum(Map<ErrorClass, Long> byClass) {
    return byClass.values().stream().mapToLong(Long::longValue).sum();
  }

  private static long percentile(Histogram histogram, double percentile) {
    return histogram.getTotalCount() == 0 ? IntervalStats.NO_VALUE : histogram.getValueAtPercentile(percentile);
  }
}
