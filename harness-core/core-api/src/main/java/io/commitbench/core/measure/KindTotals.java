package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Everything measured for one operation kind over the whole run.
 *
 * @param kind the operation kind
 * @param latencyNanos latencies of the successful operations, in nanoseconds (a copy the
 *     holder owns; do not record into it)
 * @param errors failed operations by class; classes that never occurred are absent
 */
public record KindTotals(OperationKind kind, Histogram latencyNanos, Map<ErrorClass, Long> errors) {

  public KindTotals {
    errors = Map.copyOf(errors);
  }

  /** Successful operations. */
  public long count() {
    return latencyNanos.getTotalCount();
  }

  public long errorCount() {
    return errors.values().stream().mapToLong(Long::longValue).sum();
  }
}
