package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/** The log relocation of each kind of managed instance, found by the instance's kind. */
public final class ManagedRelocations {

  /** Makes one kind's relocation. */
  @FunctionalInterface
  interface Factory {
    ManagedLogRelocation make(ManagedInstance instance, Path origin, Path target, List<Path> roots,
        CommandRunner runner, Clock clock);
  }

  private static final Map<String, Factory> BY_KIND = Map.of(
      "postgresql", PostgresqlWalRelocation::new,
      "mariadb", MariadbRedoRelocation::new);

  private ManagedRelocations() {}

  /**
   * The relocation of this instance's log to {@code target}.
   *
   * @param allowedRoots the directories the target must lie under
   * @throws IllegalArgumentException when no relocation exists for the instance's kind
   */
  public static ManagedLogRelocation forInstance(ManagedInstance instance, Path target, List<Path> allowedRoots,
      CommandRunner runner, Clock clock) {
    return between(instance, instance.descriptor().logDir(), target, allowedRoots, runner, clock);
  }

  /** The relocation of this instance's log from {@code origin} to {@code target}, as a journal recorded it. */
  static ManagedLogRelocation between(ManagedInstance instance, Path origin, Path target, List<Path> allowedRoots,
      CommandRunner runner, Clock clock) {
    Factory f = BY_KIND.get(instance.descriptor().kind());
    if (f == null) {
      throw new IllegalArgumentException("no log relocation for kind " + instance.descriptor().kind()
          + "; known: " + BY_KIND.keySet());
    }
    return f.make(instance, origin, target, allowedRoots, runner, clock);
  }
}
