package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Everything measured for one transaction type over the whole measurement (or the warm-up).
 *
 * @param name the type, as the workload names it
 * @param responseNanos time from each successful transaction's intended start (its arrival) to
 *     its end; equals {@code serviceNanos} in a closed loop without think time
 * @param serviceNanos time from its actual start to its end
 * @param lagNanos how late each transaction started after its intended start (the schedule lag)
 * @param errors transactions that failed for good, by class of their failure
 * @param retries attempts that were retried (the failures the workload retries, up to retry.max)
 * @param ignored failures the workload ignores, by class: each ended an attempt that was started
 *     again, and none is an error (sysbench's "ignored errors")
 */
public record TypeTotals(String name, Histogram responseNanos, Histogram serviceNanos, Histogram lagNanos,
    Map<ErrorClass, Long> errors, long retries, Map<ErrorClass, Long> ignored) {

  public TypeTotals {
    errors = Map.copyOf(errors);
    ignored = Map.copyOf(ignored);
  }

  /** Successful transactions. */
  public long count() {
    return serviceNanos.getTotalCount();
  }

  public long errorCount() {
    return errors.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Failures the workload ignored, of every class. */
  public long ignoredCount() {
    return ignored.values().stream().mapToLong(Long::longValue).sum();
  }
}
