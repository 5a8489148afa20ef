package io.commitbench.driver.oracle;

import io.commitbench.core.server.Row;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One event's V$EVENT_HISTOGRAM buckets (upper bound in ms to wait count), their difference over
 * a window, and percentiles as bucket upper bounds: a wait in the bucket {@code n} lasted less
 * than n ms (and at least n/2), so a percentile is known only to be at most its bucket's bound.
 *
 * @param buckets upper bound in ms to the waits in that bucket
 */
record OracleWaitHistogram(TreeMap<Long, Long> buckets) {

  /** The buckets of {@code event} among V$EVENT_HISTOGRAM's rows; a bucket without a row has no waits. */
  static OracleWaitHistogram of(List<Row> rows, String event) {
    TreeMap<Long, Long> buckets = new TreeMap<>();
    for (Row row : rows) {
      if (event.equals(row.text("event"))) {
        Double count = row.number("wait_count");
        buckets.put(row.number("wait_time_milli").longValue(), count == null ? 0L : count.longValue());
      }
    }
    return new OracleWaitHistogram(buckets);
  }

  /** The waits in each bucket since {@code before}. */
  OracleWaitHistogram since(OracleWaitHistogram before) {
    TreeMap<Long, Long> delta = new TreeMap<>();
    for (Map.Entry<Long, Long> bucket : buckets.entrySet()) {
      delta.put(bucket.getKey(), bucket.getValue() - before.buckets.getOrDefault(bucket.getKey(), 0L));
    }
    return new OracleWaitHistogram(delta);
  }

  long waits() {
    return buckets.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The upper bound in ms of the bucket that holds the {@code fraction} percentile, or null with no waits. */
  Long percentileBound(double fraction) {
    long total = waits();
    if (total <= 0) {
      return null;
    }
    long rank = (long) Math.ceil(fraction * total);
    long seen = 0;
    for (Map.Entry<Long, Long> bucket : buckets.entrySet()) {
      seen += bucket.getValue();
      if (seen >= rank) {
        return bucket.getKey();
      }
    }
    return buckets.lastKey();
  }
}
