package io.commitbench.core.workload.tpcc;

import io.commitbench.core.key.Key;
import io.commitbench.core.workload.LoadKeys;
import java.util.ArrayList;
import java.util.List;

/** The keys of the TPC-C workload, and the loader's {@code load} and {@code load.threads}. */
final class TpccKeys {

  static final String WAREHOUSES = "tpcc.warehouses";
  static final String MODE = "tpcc.mode";
  static final String CHECK = "tpcc.check";
  static final String SEED = "tpcc.seed";
  static final String LOAD = LoadKeys.LOAD;
  static final String LOAD_THREADS = LoadKeys.LOAD_THREADS;

  /** 100,000 warehouses are 50 million customers and 10 billion stock rows' worth, far beyond a client's. */
  private static final int MAX_WAREHOUSES = 100_000;

  private TpccKeys() {}

  static List<Key> all() {
    List<Key> keys = new ArrayList<>(List.of(
        Key.integer(WAREHOUSES, 1, 1, MAX_WAREHOUSES, "Warehouses: the data set's size (TPC-C's W; 10 districts,"
            + " 30,000 customers and 100,000 stock rows each) and, in spec mode, the terminals (10 each)."),
        Key.choice(MODE, TpccMode.THROUGHPUT.label(), TpccMode.labels(), "throughput: users terminals without"
            + " keying or think time, reported as NOPM and TPM (HammerDB's TPROC-C); spec: 10 terminals per"
            + " warehouse (users = 10 x tpcc.warehouses), each on its home warehouse and district, with the"
            + " spec's keying and think times, reported as tpmC."),
        Key.bool(CHECK, true, "Check TPC-C's consistency conditions 1 to 4 after the load and after the run; a"
            + " failed condition makes the exit code 3."),
        Key.integer(SEED, 1, 1, Integer.MAX_VALUE, "Seed of the data and of the terminals' inputs, recorded with"
            + " the results; the load's constants C come from it, so a run with load=reuse states the seed its"
            + " data set was prepared with.")));
    keys.addAll(LoadKeys.all("", ", warehouse by warehouse"));
    return List.copyOf(keys);
  }
}
