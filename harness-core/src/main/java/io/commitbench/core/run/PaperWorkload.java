package io.commitbench.core.run;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.measure.OperationKind;

/**
 * The per-actor shape of the paper's workload, taken from the configuration.
 *
 * @param tables number of tables
 * @param inserts inserts per table per cycle (likewise selects, updates, deletes)
 * @param autocommit whether statements commit by themselves
 * @param commitInterval statements per commit when autocommit is off
 * @param textLength length of the varchar values written
 */
record PaperWorkload(int tables, int inserts, int selects, int updates, int deletes, boolean autocommit,
    int commitInterval, int textLength) {

  static PaperWorkload of(BenchmarkConfig c) {
    return new PaperWorkload(c.tables(), c.insertsPerTable(), c.selectsPerTable(), c.updatesPerTable(),
        c.deletesPerTable(), c.autocommit(), c.commitInterval(), c.textLength());
  }

  int perTable(OperationKind phase) {
    return switch (phase) {
      case INSERT -> inserts;
      case SELECT -> selects;
      case UPDATE -> updates;
      case DELETE -> deletes;
      case COMMIT -> throw new IllegalArgumentException("COMMIT is not a phase");
    };
  }
}
