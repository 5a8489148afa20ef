package io.commitbench.core.workload.percona;

import static io.commitbench.core.workload.percona.PerconaKeys.*;

import io.commitbench.core.workload.LoadKeys;
import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.Arrays;

/**
 * The read-only set's keys for one run, typed.
 *
 * @param weights by {@link PerconaQuery} ordinal
 * @param seed {@code percona.seed}; 0: from the clock
 */
record PerconaSettings(long tableSize, StringType strings, int[] weights, long seed, LoadMode load, int loadThreads) {

  PerconaSettings {
    weights = weights.clone();
  }

  static PerconaSettings of(WorkloadSettings s) {
    int[] weights = Arrays.stream(PerconaQuery.values()).mapToInt(q -> s.integer(weightKey(q))).toArray();
    return new PerconaSettings(s.number(TABLE_SIZE), StringType.parse(s.text(STRINGS)), weights, s.number(SEED),
        LoadMode.parse(s.text(LoadKeys.LOAD)), s.integer(LoadKeys.LOAD_THREADS));
  }

  @Override
  public int[] weights() {
    return weights.clone();
  }
}
