package io.commitbench.core.workload.tpcc;

/** What the terminals count beside the engine's figures (measured transactions only); thread-safe. */
final class TpccCounters {

  /** The counts of the whole run. */
  record Totals() {}

  Totals totals() {
    return new Totals();
  }
}
