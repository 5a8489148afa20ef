package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/** The log relocation of each kind of managed instance, found by the instance's kind ({@link LogRelocations}). */
public final class ManagedRelocations {

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
    return LogRelocations.load().managed(instance, origin, target, allowedRoots, runner, clock);
  }
}
