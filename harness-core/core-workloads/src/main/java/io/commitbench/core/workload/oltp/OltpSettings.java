package io.commitbench.core.workload.oltp;

import static io.commitbench.core.workload.oltp.OltpKeys.*;

import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.WorkloadSettings;

/**
 * The OLTP keys' values for one run, typed.
 *
 * @param random the distribution of ids and k values
 * @param seed {@code oltp.rand.seed}; 0: from the clock
 */
record OltpSettings(int tables, long tableSize, long rangeSize, int pointSelects, int simpleRanges, int sumRanges,
    int orderRanges, int distinctRanges, int indexUpdates, int nonIndexUpdates, int deleteInserts,
    boolean rangeSelects, boolean skipTrx, boolean createSecondary, RandomIds.Parameters random, long seed,
    LoadMode load, int loadThreads) {

  /** Reads the values; the text keys (pareto h, zipfian exponent) passed {@link OltpChecks} before. */
  static OltpSettings of(WorkloadSettings s) {
    RandomIds.Parameters random = new RandomIds.Parameters(RandomIds.Type.parse(s.text(RAND_TYPE)),
        s.integer(RAND_SPEC_ITER), s.integer(RAND_SPEC_PCT), s.integer(RAND_SPEC_RES),
        Double.parseDouble(s.text(RAND_PARETO_H)), Double.parseDouble(s.text(RAND_ZIPFIAN_EXP)));
    return new OltpSettings(s.integer(TABLES), s.number(TABLE_SIZE), s.number(RANGE_SIZE), s.integer(POINT_SELECTS),
        s.integer(SIMPLE_RANGES), s.integer(SUM_RANGES), s.integer(ORDER_RANGES), s.integer(DISTINCT_RANGES),
        s.integer(INDEX_UPDATES), s.integer(NON_INDEX_UPDATES), s.integer(DELETE_INSERTS), s.bool(RANGE_SELECTS),
        s.bool(SKIP_TRX), s.bool(CREATE_SECONDARY), random, s.number(RAND_SEED), LoadMode.parse(s.text(LOAD)),
        s.integer(LOAD_THREADS));
  }
}
