package io.commitbench.core.workload.script;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadKeys;
import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * pgbench's scripts, run by commitbench's engine on any database: the built-in {@code tpcb-like},
 * {@code simple-update} and {@code select-only}, or files in pgbench's script language, weighted
 * as pgbench's {@code -f file@weight}, on pgbench's data set ({@code pgbench -i -s N}) or tables of
 * the user's own. Every script is read and checked before anything is contacted.
 */
public final class ScriptWorkload implements Workload {

  /** The table.prefix a reused data set of pgbench's own tables has. */
  private static final String PGBENCH_PREFIX = "pgbench_";

  @Override
  public String name() {
    return "script";
  }

  @Override
  public String description() {
    return "pgbench scripts (tpcb-like, simple-update, select-only, or your own files) on pgbench's data set";
  }

  @Override
  public List<Key> keys() {
    return ScriptKeys.all();
  }

  @Override
  public boolean runsInCycles() {
    return false;
  }

  /**
   * Reads and parses every script, the vars and the prepare file; with {@code load=reuse}, every
   * table must be one the prepared data set's table.prefix finds.
   */
  @Override
  public void check(WorkloadSettings settings, Set<String> given, Consumer<Violation> problems) {
    if (!hasEveryKey(settings)) {
      return; // a key with a bad value is reported already
    }
    ScriptSettings script = ScriptSettings.of(settings);
    ScriptCatalog.load(script, problems);
    LoadKeys.checkReuse(settings, given, " (table.prefix=" + PGBENCH_PREFIX + " for the tables of pgbench -i)",
        problems);
    if (script.load() == LoadMode.REUSE && settings.has("table.prefix")) {
      String prefix = settings.text("table.prefix");
      List<String> tables = new ArrayList<>();
      if (script.dataset()) {
        tables.addAll(List.of(script.tables().branches(), script.tables().tellers(), script.tables().accounts(),
            script.tables().history()));
      }
      tables.addAll(script.prepareTables());
      List<String> outside = tables.stream().filter(t -> !t.startsWith(prefix)).toList();
      if (!outside.isEmpty()) {
        problems.accept(new Violation(LoadKeys.LOAD, LoadMode.REUSE.label(), "a reused data set is found by"
            + " table.prefix=" + prefix + ", but " + String.join(", ", outside) + " do(es) not start with it;"
            + " allowed: a table.prefix every table of the run starts with (" + PGBENCH_PREFIX
            + " for pgbench's own)"));
      }
    }
  }

  private static boolean hasEveryKey(WorkloadSettings settings) {
    return ScriptKeys.all().stream().filter(k -> k.defaultValue().isPresent()).allMatch(k -> settings.has(k.name()));
  }

  @Override
  public BoundWorkload bind(WorkloadSettings settings) {
    ScriptSettings script = ScriptSettings.of(settings);
    List<Violation> problems = new ArrayList<>();
    ScriptCatalog.Loaded loaded = ScriptCatalog.load(script, problems::add);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException("the scripts changed since they were checked: " + problems.get(0));
    }
    return new BoundScriptWorkload(script, loaded);
  }
}
