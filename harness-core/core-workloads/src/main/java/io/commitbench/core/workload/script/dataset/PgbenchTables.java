package io.commitbench.core.workload.script.dataset;

/**
 * The names of pgbench's four tables in a run, unqualified: pgbench's own by default, or the
 * user's choice for each.
 */
public record PgbenchTables(String branches, String tellers, String accounts, String history) {

  public static final PgbenchTables PGBENCH =
      new PgbenchTables("pgbench_branches", "pgbench_tellers", "pgbench_accounts", "pgbench_history");
}
