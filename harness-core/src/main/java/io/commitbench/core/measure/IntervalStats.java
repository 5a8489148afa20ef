package io.commitbench.core.measure;

import java.util.Map;

/**
 * One reporting interval (a row of {@code intervals.csv}).
 *
 * @param startMillis interval start, milliseconds since the measurement started
 * @param endMillis interval end, milliseconds since the measurement started
 * @param kinds per operation kind: successes, errors and latency percentiles in the interval
 * @param transactions transactions completed in the interval (see {@link RunTotals#transactions()})
 * @param errors all errors in the interval
 */
public record IntervalStats(
    long startMillis, long endMillis, Map<OperationKind, KindInterval> kinds, long transactions, long errors) {

  /**
   * @param count successful operations of the kind in the interval
   * @param errors failed operations of the kind in the interval
   * @param p50Nanos median latency; 0 when count is 0
   * @param p99Nanos 99th percentile latency; 0 when count is 0
   */
  public record KindInterval(long count, long errors, long p50Nanos, long p99Nanos) {}

  public double seconds() {
    return (endMillis - startMillis) / 1000.0;
  }
}
