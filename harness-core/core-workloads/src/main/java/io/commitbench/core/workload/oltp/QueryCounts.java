package io.commitbench.core.workload.oltp;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;

/**
 * Queries as sysbench counts them ({@code queries performed: read / write / other}): SELECTs are
 * reads; INSERTs, UPDATEs and DELETEs writes; BEGIN and COMMIT other. JDBC begins a transaction
 * without a statement of its own, so each COMMIT stands for the BEGIN and the COMMIT sysbench sends.
 */
record QueryCounts(long read, long write, long other) {

  /** What the run's successful statements add up to. */
  static QueryCounts of(RunTotals totals) {
    long write = totals.kind(OperationKind.INSERT).count() + totals.kind(OperationKind.UPDATE).count()
        + totals.kind(OperationKind.DELETE).count();
    return new QueryCounts(totals.kind(OperationKind.SELECT).count(), write,
        2 * totals.kind(OperationKind.COMMIT).count());
  }

  /** What one transaction of {@code script} sends with these settings. */
  static QueryCounts perTransaction(OltpScript script, OltpSettings settings) {
    long read = 0;
    long write = 0;
    for (Step step : script.steps()) {
      for (Statement statement : step.statements()) {
        if (statement.kind() == OperationKind.SELECT) {
          read += step.repetitions(settings);
        } else {
          write += step.repetitions(settings);
        }
      }
    }
    return new QueryCounts(read, write, script.transactional() && !settings.skipTrx() ? 2 : 0);
  }

  long total() {
    return read + write + other;
  }
}
