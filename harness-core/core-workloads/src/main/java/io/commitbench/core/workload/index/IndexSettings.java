package io.commitbench.core.workload.index;

import static io.commitbench.core.workload.index.IndexKeys.*;

import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.workload.WorkloadSettings;

/**
 * The index test's keys for one run, typed.
 *
 * @param users the engine's {@code users}: the threads that insert and read
 * @param seed {@code index.seed}; 0: from the clock
 */
record IndexSettings(long records, int batch, int page, long seed, int users) {

  static IndexSettings of(WorkloadSettings s) {
    return new IndexSettings(s.number(RECORDS), s.integer(BATCH), s.integer(READ_PAGE), s.number(SEED),
        s.integer(ParameterKeys.USERS));
  }

  /** The records user {@code index} (0-based) inserts: N split evenly, the first ones taking the remainder. */
  long share(int index) {
    return records / users + (index < records % users ? 1 : 0);
  }
}
