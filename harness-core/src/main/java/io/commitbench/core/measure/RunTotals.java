package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.EnumMap;
import java.util.Map;

/**
 * The run's totals.
 *
 * @param kinds per operation kind; all five kinds are present
 * @param transactions completed transactions: with autocommit on every successful statement is
 *     one, with autocommit off every successful commit is one
 * @param reconnects connections re-established after a {@link ErrorClass#CONNECTION_LOST}
 * @param measuredNanos wall time from releasing the first actor of the first cycle to the end of
 *     the last cycle (or of the measurement, when the run stopped early); the denominator of
 *     every throughput figure
 */
public record RunTotals(Map<OperationKind, KindTotals> kinds, long transactions, long reconnects, long measuredNanos) {

  public RunTotals {
    kinds = Map.copyOf(kinds);
  }

  public KindTotals kind(OperationKind kind) {
    return kinds.get(kind);
  }

  /** Successful DML operations (inserts, selects, updates, deletes; commits not counted). */
  public long operations() {
    return OperationKind.PHASES.stream().mapToLong(k -> kinds.get(k).count()).sum();
  }

  /** Errors of all kinds. */
  public long errors() {
    return kinds.values().stream().mapToLong(KindTotals::errorCount).sum();
  }

  /** Errors of all kinds grouped by class. */
  public Map<ErrorClass, Long> errorsByClass() {
    Map<ErrorClass, Long> byClass = new EnumMap<>(ErrorClass.class);
    kinds.values().forEach(k -> k.errors().forEach((c, n) -> byClass.merge(c, n, Long::sum)));
    return byClass;
  }

  public double operationsPerSecond() {
    return perSecond(operations());
  }

  public double transactionsPerSecond() {
    return perSecond(transactions);
  }

  private double perSecond(long count) {
    return measuredNanos <= 0 ? 0.0 : count * 1e9 / measuredNanos;
  }
}
