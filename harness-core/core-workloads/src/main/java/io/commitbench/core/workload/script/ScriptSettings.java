package io.commitbench.core.workload.script;

import static io.commitbench.core.workload.script.ScriptKeys.*;

import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.WorkloadSettings;
import io.commitbench.core.workload.script.dataset.PgbenchTables;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The script keys' values for one run, typed; {@code script.files} and {@code script.vars} stay
 * text here, read by {@link ScriptCatalog}, which reports their problems.
 *
 * @param files {@code script.files} as written
 * @param vars {@code script.vars} as written, or null
 * @param seed {@code script.seed}; 0: from the clock
 * @param dataset whether the run has pgbench's four tables
 * @param prepare {@code script.prepare} as written; empty without one
 * @param prepareTables {@code script.prepare.tables}, lower case, in the order written
 * @param folder where relative file names are resolved: the parameter file's folder
 */
record ScriptSettings(String files, int scale, String vars, long seed, boolean dataset, PgbenchTables tables,
    Optional<String> prepare, List<String> prepareTables, LoadMode load, int loadThreads, Path folder) {

  static ScriptSettings of(WorkloadSettings s) {
    Path folder = s.folder();
    Optional<String> prepare = s.has(PREPARE) ? Optional.of(s.text(PREPARE)) : Optional.empty();
    List<String> prepareTables = s.has(PREPARE_TABLES) ? Arrays.stream(s.text(PREPARE_TABLES).split(","))
        .map(String::strip).filter(t -> !t.isEmpty()).map(t -> t.toLowerCase(Locale.ROOT)).toList() : List.of();
    return new ScriptSettings(s.text(FILES), s.integer(SCALE), s.has(VARS) ? s.text(VARS) : null, s.number(SEED),
        s.text(DATASET).equals(DATASET_PGBENCH),
        new PgbenchTables(s.text(BRANCHES), s.text(TELLERS), s.text(ACCOUNTS), s.text(HISTORY)), prepare,
        prepareTables, LoadMode.parse(s.text(LOAD)), s.integer(LOAD_THREADS), folder);
  }
}
