package io.commitbench.core.workload.oltp;

import io.commitbench.core.key.Key;
import io.commitbench.core.workload.LoadKeys;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys of the sysbench OLTP workloads, one for each option of sysbench 1.0.20's {@code
 * oltp_common.lua} (its {@code sysbench.cmdline.options}) and of its random-number generator
 * ({@code src/sb_rand.c}, {@code rand_args}), with sysbench's defaults: {@code --table-size}
 * becomes {@code oltp.table.size}. Two keys of the loader have no sysbench counterpart: {@code
 * load} and {@code load.threads} ({@code prepare --threads} in sysbench).
 */
final class OltpKeys {

  static final String TABLES = "oltp.tables";
  static final String TABLE_SIZE = "oltp.table.size";
  static final String RANGE_SIZE = "oltp.range.size";
  static final String POINT_SELECTS = "oltp.point.selects";
  static final String SIMPLE_RANGES = "oltp.simple.ranges";
  static final String SUM_RANGES = "oltp.sum.ranges";
  static final String ORDER_RANGES = "oltp.order.ranges";
  static final String DISTINCT_RANGES = "oltp.distinct.ranges";
  static final String INDEX_UPDATES = "oltp.index.updates";
  static final String NON_INDEX_UPDATES = "oltp.non.index.updates";
  static final String DELETE_INSERTS = "oltp.delete.inserts";
  static final String RANGE_SELECTS = "oltp.range.selects";
  static final String SKIP_TRX = "oltp.skip.trx";
  static final String CREATE_SECONDARY = "oltp.create.secondary";
  static final String RAND_TYPE = "oltp.rand.type";
  static final String RAND_SPEC_ITER = "oltp.rand.spec.iter";
  static final String RAND_SPEC_PCT = "oltp.rand.spec.pct";
  static final String RAND_SPEC_RES = "oltp.rand.spec.res";
  static final String RAND_PARETO_H = "oltp.rand.pareto.h";
  static final String RAND_ZIPFIAN_EXP = "oltp.rand.zipfian.exp";
  static final String RAND_SEED = "oltp.rand.seed";
  static final String LOAD = LoadKeys.LOAD;
  static final String LOAD_THREADS = LoadKeys.LOAD_THREADS;

  /** Per-transaction statement counts: sysbench declares them unsigned ints; a million is far beyond use. */
  private static final int MAX_PER_TRANSACTION = 1_000_000;
  /** sysbench's ids are 32-bit INTEGER columns filled from 1. */
  private static final long MAX_ROWS = Integer.MAX_VALUE;

  private OltpKeys() {}

  static List<Key> all() {
    List<Key> keys = new ArrayList<>(List.of(
        Key.integer(TABLES, 1, 1, 100_000, "Number of tables <table.prefix>1..N (sysbench --tables)."),
        Key.integer(TABLE_SIZE, 10_000, 1, MAX_ROWS, "Rows per table (sysbench --table-size)."),
        Key.integer(RANGE_SIZE, 100, 1, MAX_ROWS, "Rows in each range SELECT (sysbench --range-size)."),
        perTransaction(POINT_SELECTS, 10, "point SELECTs (sysbench --point-selects; oltp_point_select runs 1)"),
        perTransaction(SIMPLE_RANGES, 1, "simple range SELECTs (sysbench --simple-ranges)"),
        perTransaction(SUM_RANGES, 1, "SELECT SUM() ranges (sysbench --sum-ranges)"),
        perTransaction(ORDER_RANGES, 1, "SELECT ... ORDER BY ranges (sysbench --order-ranges)"),
        perTransaction(DISTINCT_RANGES, 1, "SELECT DISTINCT ranges (sysbench --distinct-ranges)"),
        perTransaction(INDEX_UPDATES, 1, "UPDATEs of the indexed column k (sysbench --index-updates)"),
        perTransaction(NON_INDEX_UPDATES, 1, "UPDATEs of the column c (sysbench --non-index-updates)"),
        perTransaction(DELETE_INSERTS, 1, "DELETE/INSERT pairs (sysbench --delete-inserts)"),
        Key.bool(RANGE_SELECTS, true, "Whether the range SELECTs run at all (sysbench --range-selects)."),
        Key.bool(SKIP_TRX, false,
            "Run every statement in autocommit mode, without BEGIN and COMMIT (sysbench --skip-trx)."),
        Key.bool(CREATE_SECONDARY, true, "Create the secondary index on k (sysbench --create-secondary)."),
        Key.choice(RAND_TYPE, RandomIds.Type.SPECIAL.label(), RandomIds.Type.labels(),
            "Distribution of the ids and k values (sysbench --rand-type; zipfian is sysbench 1.1's)."),
        Key.integer(RAND_SPEC_ITER, 12, 1, 1_000, "Iterations of the gaussian and special distributions"
            + " (sysbench --rand-spec-iter)."),
        Key.integer(RAND_SPEC_PCT, 1, 0, 100, "Percentage of values that are 'special' (sysbench --rand-spec-pct)."),
        Key.integer(RAND_SPEC_RES, 75, 0, 99, "Percentage of draws that go to the special values"
            + " (sysbench --rand-spec-res)."),
        Key.text(RAND_PARETO_H, "0.2", "Parameter h of the pareto distribution, above 0 and below 1"
            + " (sysbench --rand-pareto-h)."),
        Key.text(RAND_ZIPFIAN_EXP, "0.8", "Exponent of the zipfian distribution, 0 or more"
            + " (sysbench 1.1 --rand-zipfian-exp)."),
        Key.integer(RAND_SEED, 0, 0, Integer.MAX_VALUE, "Seed of the random numbers; 0: from the clock"
            + " (sysbench --rand-seed).")));
    keys.addAll(LoadKeys.all(" (or sysbench prepare)", " (sysbench prepare --threads)"));
    return List.copyOf(keys);
  }

  private static Key perTransaction(String name, int defaultValue, String what) {
    return Key.integer(name, defaultValue, 0, MAX_PER_TRANSACTION, "Number of " + what + " per transaction.");
  }
}
