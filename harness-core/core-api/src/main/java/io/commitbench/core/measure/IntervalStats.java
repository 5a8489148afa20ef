package io.commitbench.core.measure;

import java.util.List;
import java.util.Map;

/**
 * One reporting interval (a row of {@code intervals.csv}).
 *
 * @param phase warm-up or measured
 * @param startNanos interval start, nanoseconds since the run's first actor was released
 * @param endNanos interval end, likewise
 * @param partial whether the interval is shorter than the reporting interval (the one cut at the
 *     end of the warm-up or of the run): its rates are over its own, shorter length
 * @param kinds per statement kind: successes, errors and latency percentiles in the interval
 * @param types per transaction type, in the workload's order
 * @param transactions transactions completed in the interval
 * @param errors failed statements in the interval
 * @param ignored failures the workload ignored in the interval (each attempt started again), not
 *     among the errors
 * @param retries transaction attempts retried in the interval
 * @param shedArrivals arrivals given up in the interval because an actor fell too far behind its rate
 */
public record IntervalStats(Phase phase, long startNanos, long endNanos, boolean partial,
    Map<OperationKind, KindInterval> kinds, List<TypeInterval> types, long transactions, long errors, long ignored,
    long retries, long shedArrivals) {

  /** A percentile of an interval without values. */
  public static final long NO_VALUE = -1;

  public IntervalStats {
    kinds = Map.copyOf(kinds);
    types = List.copyOf(types);
  }

  /**
   * @param count successful statements of the kind in the interval
   * @param errors failed statements of the kind in the interval
   * @param p50Nanos median latency; {@link #NO_VALUE} when count is 0
   * @param p99Nanos 99th percentile latency; {@link #NO_VALUE} when count is 0
   */
  public record KindInterval(long count, long errors, long p50Nanos, long p99Nanos) {}

  /**
   * @param name the transaction type
   * @param count transactions of the type that succeeded
   * @param errors transactions of the type that failed for good
   * @param ignored failures of the type's attempts that the workload ignored
   * @param retries attempts retried
   * @param responseP50Nanos median response time (from the intended start); {@link #NO_VALUE} when none
   * @param responseP99Nanos 99th percentile response time
   * @param serviceP50Nanos median service time (from the actual start)
   * @param serviceP99Nanos 99th percentile service time
   */
  public record TypeInterval(String name, long count, long errors, long ignored, long retries, long responseP50Nanos,
      long responseP99Nanos, long serviceP50Nanos, long serviceP99Nanos) {}

  public long startMillis() {
    return startNanos / 1_000_000;
  }

  public long endMillis() {
    return endNanos / 1_000_000;
  }

  /** The interval's length in seconds, at nanosecond precision. */
  public double seconds() {
    return (endNanos - startNanos) / 1e9;
  }

  /** Successful DML statements (commits not counted). */
  public long operations() {
    return OperationKind.PHASES.stream().mapToLong(k -> kinds.get(k).count()).sum();
  }
}
