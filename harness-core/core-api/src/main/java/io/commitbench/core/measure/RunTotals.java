package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The totals of the measurement (or of the warm-up, which is kept apart).
 *
 * @param kinds per statement kind; all five kinds are present
 * @param types per transaction type, in the workload's order
 * @param transactions transactions that succeeded (with the paper's autocommit=true every
 *     successful statement is one)
 * @param reconnects connections re-established after a {@link ErrorClass#CONNECTION_LOST}
 * @param measuredNanos wall time of the measurement: from its start (the first actor's release,
 *     or the end of the warm-up) to the end of the last actor's work; the denominator of every
 *     throughput figure
 * @param shedArrivals arrivals given up because an actor fell more than rate.backlog behind
 */
public record RunTotals(Map<OperationKind, KindTotals> kinds, List<TypeTotals> types, long transactions,
    long reconnects, long measuredNanos, long shedArrivals) {

  public RunTotals {
    kinds = Map.copyOf(kinds);
    types = List.copyOf(types);
  }

  public KindTotals kind(OperationKind kind) {
    return kinds.get(kind);
  }

  /** Successful DML operations (inserts, selects, updates, deletes; commits not counted). */
  public long operations() {
    return OperationKind.PHASES.stream().mapToLong(k -> kinds.get(k).count()).sum();
  }

  /** Failed statements of all kinds. */
  public long errors() {
    return kinds.values().stream().mapToLong(KindTotals::errorCount).sum();
  }

  /** Transactions that failed for good, of all types. */
  public long transactionErrors() {
    return types.stream().mapToLong(TypeTotals::errorCount).sum();
  }

  /** Retried attempts of all types. */
  public long retries() {
    return types.stream().mapToLong(TypeTotals::retries).sum();
  }

  /** Failures the workload ignored (each attempt started again), of all types; not among {@link #errors}. */
  public long ignored() {
    return types.stream().mapToLong(TypeTotals::ignoredCount).sum();
  }

  /** Failures the workload ignored, of all types, grouped by class. */
  public Map<ErrorClass, Long> ignoredByClass() {
    Map<ErrorClass, Long> byClass = new EnumMap<>(ErrorClass.class);
    types.forEach(t -> t.ignored().forEach((c, n) -> byClass.merge(c, n, Long::sum)));
    return byClass;
  }

  /** Failed statements of all kinds grouped by class. */
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
