package io.commitbench.bench.jmh;

import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The {@code k} of {@link CommitLatency}'s {@code transactionOfK} benchmarks: how many updates
 * one transaction makes before its commit. A state of its own so that only those benchmarks
 * are repeated for every {@code k}.
 */
@State(Scope.Benchmark)
public class TransactionSize {

  @Param({"4", "16"})
  public int k;

  @Setup(Level.Trial)
  public void check() {
    if (k < 1 || k > CommitSession.UPDATABLE_ROWS) {
      throw new IllegalArgumentException("k must be between 1 and " + CommitSession.UPDATABLE_ROWS
          + " (distinct rows per transaction), got " + k);
    }
  }
}
