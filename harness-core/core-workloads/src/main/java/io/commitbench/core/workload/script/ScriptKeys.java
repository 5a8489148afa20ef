package io.commitbench.core.workload.script;

import io.commitbench.core.key.Key;
import io.commitbench.core.workload.LoadKeys;
import java.util.ArrayList;
import java.util.List;

/**
 * The keys of the script workload, each after the pgbench option it stands for (pgbench 15's
 * documentation): {@code -f}/{@code -b} with their {@code @weight} become {@code script.files},
 * {@code -s} {@code script.scale}, {@code -D} {@code script.vars}, {@code --random-seed} {@code
 * script.seed}. The rest have no pgbench counterpart: whether the run has pgbench's tables, their
 * names, a SQL file of the user's own for tables of their own, and the loader's {@code load} and
 * {@code load.threads}.
 */
final class ScriptKeys {

  static final String FILES = "script.files";
  static final String SCALE = "script.scale";
  static final String VARS = "script.vars";
  static final String SEED = "script.seed";
  static final String DATASET = "script.dataset";
  static final String BRANCHES = "script.table.branches";
  static final String TELLERS = "script.table.tellers";
  static final String ACCOUNTS = "script.table.accounts";
  static final String HISTORY = "script.table.history";
  static final String PREPARE = "script.prepare";
  static final String PREPARE_TABLES = "script.prepare.tables";
  static final String LOAD = LoadKeys.LOAD;
  static final String LOAD_THREADS = LoadKeys.LOAD_THREADS;

  /** {@code script.dataset}: pgbench's four tables, or none (the scripts use tables of the user's own). */
  static final String DATASET_PGBENCH = "pgbench";
  static final String DATASET_NONE = "none";

  /** pgbench's scale is an int; 100,000 accounts per unit make 10^5 units 10^10 rows, far beyond a benchmark's. */
  private static final int MAX_SCALE = 100_000;

  private ScriptKeys() {}

  static List<Key> all() {
    List<Key> keys = new ArrayList<>(List.of(
        Key.text(FILES, "tpcb-like", "The scripts, comma-separated, each a file (relative to the parameter file's"
            + " folder, or absolute) or a built-in (tpcb-like, simple-update, select-only), with an optional"
            + " @weight: checkout.sql@9,select-only@1 (pgbench -f and -b)."),
        Key.integer(SCALE, 1, 1, MAX_SCALE, "Scale factor: the data set's size (branches; 10 tellers and 100,000"
            + " accounts each) and the scripts' :scale (pgbench -s)."),
        Key.text(VARS, null, "Variables for every script, comma-separated name=value: a value that reads as a"
            + " number is one, any other is text (pgbench -D)."),
        Key.integer(SEED, 0, 0, Integer.MAX_VALUE, "Seed of the scripts' random numbers, recorded with the results;"
            + " 0: from the clock (pgbench --random-seed)."),
        Key.choice(DATASET, DATASET_PGBENCH, List.of(DATASET_PGBENCH, DATASET_NONE), "pgbench: the run has pgbench's"
            + " four tables, loaded as pgbench -i loads them (or reused); none: the scripts use only tables of"
            + " script.prepare."),
        Key.identifier(BRANCHES, "pgbench_branches", "Name of pgbench's branches table."),
        Key.identifier(TELLERS, "pgbench_tellers", "Name of pgbench's tellers table."),
        Key.identifier(ACCOUNTS, "pgbench_accounts", "Name of pgbench's accounts table."),
        Key.identifier(HISTORY, "pgbench_history", "Name of pgbench's history table."),
        Key.text(PREPARE, null, "A SQL file of the user's own (relative to the parameter file's folder, or"
            + " absolute), statements ending in ';': its CREATE TABLE and CREATE INDEX statements make the tables of"
            + " script.prepare.tables, the others fill them after the data set is loaded."),
        Key.text(PREPARE_TABLES, null, "The tables script.prepare creates, comma-separated: the run grants the"
            + " actors DML on them in db-users mode and drops them at its end, as its own.")));
    keys.addAll(LoadKeys.all(" (or pgbench -i)", ""));
    return List.copyOf(keys);
  }
}
