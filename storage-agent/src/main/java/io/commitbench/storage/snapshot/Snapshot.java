package io.commitbench.storage.snapshot;

import io.commitbench.storage.exec.Command;
import java.util.List;

/**
 * One snapshot to take on its own and remove again: a mechanism, what it takes and where it goes.
 * The copy-on-write probe holds one between its fill and its rewrite.
 *
 * @param backend the mechanism
 * @param source what is snapshotted: a subvolume's path, a logical volume {@code VG/LV}
 * @param location where the snapshot goes, a name nothing has yet: a path, {@code VG/NAME}
 */
public record Snapshot(SnapshotBackend backend, String source, String location) {

  /** The commands that take it (the only snapshot of its call). */
  public List<Command> take() {
    return backend.take(source, location, 1, 1);
  }

  /** The commands that remove it, and nothing else. */
  public List<Command> remove() {
    return backend.remove(location);
  }

  /** The kind in words: {@code btrfs subvolume snapshot}. */
  public String description() {
    return backend.description();
  }

  /** The commands on one line as a shell would run them: {@code a; b}. */
  public static String display(List<Command> commands) {
    return String.join("; ", commands.stream().map(Command::display).toList());
  }
}
