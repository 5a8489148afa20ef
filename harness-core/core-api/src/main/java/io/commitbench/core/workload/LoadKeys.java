package io.commitbench.core.workload;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The keys of a workload that loads its tables before it runs, through the dialect's bulk
 * loader on several connections ({@link io.commitbench.core.load.ParallelLoad}), or runs on a
 * data set {@code commitbench prepare} loaded: {@code load} and {@code load.threads}. The OLTP
 * and read-only workloads share them.
 */
public final class LoadKeys {

  public static final String LOAD = "load";
  public static final String LOAD_THREADS = "load.threads";
  /** The engine's {@code table.prefix} (a constant, so this package does not import the config's). */
  private static final String TABLE_PREFIX = "table.prefix";

  private LoadKeys() {}

  /** @param preparedBy what else prepares such a data set, for the key's doc: {@code " (or sysbench prepare)"} */
  public static List<Key> all(String preparedBy, String threadsNote) {
    return List.of(
        Key.choice(LOAD, LoadMode.FRESH.label(), LoadMode.labels(), "fresh: the run creates and loads its tables"
            + " and drops them at its end; reuse: it runs on the tables of a data set that 'commitbench prepare'"
            + preparedBy + " loaded at the stated table.prefix, and keeps them."),
        Key.integer(LOAD_THREADS, 4, 1, 256, "Connections that load the tables in parallel" + threadsNote + "."));
  }

  /** A run on a prepared data set finds it by its names, so it must state table.prefix. */
  public static void checkReuse(WorkloadSettings settings, Set<String> given, String example,
      Consumer<Violation> problems) {
    if (settings.has(LOAD) && LoadMode.parse(settings.text(LOAD)) == LoadMode.REUSE
        && !given.contains(TABLE_PREFIX)) {
      problems.accept(new Violation(LOAD, LoadMode.REUSE.label(), "a prepared data set is found by its names, but"
          + " table.prefix is not set (a run then names its tables itself); allowed: with load=reuse, the"
          + " table.prefix that 'commitbench prepare' loaded" + example));
    }
  }
}
