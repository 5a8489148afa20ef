package io.commitbench.core.workload.tpcc;

import static io.commitbench.core.workload.tpcc.TpccKeys.*;

import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.WorkloadSettings;

/** The TPC-C keys' values for one run, typed. */
record TpccSettings(int warehouses, TpccMode mode, boolean check, long seed, LoadMode load, int loadThreads) {

  /** Terminals per warehouse in spec mode (clause 4.2.2: one per district). */
  static final int TERMINALS_PER_WAREHOUSE = 10;

  static TpccSettings of(WorkloadSettings s) {
    return new TpccSettings(s.integer(WAREHOUSES), TpccMode.parse(s.text(MODE)), s.bool(CHECK), s.number(SEED),
        LoadMode.parse(s.text(LOAD)), s.integer(LOAD_THREADS));
  }
}
