package io.commitbench.storage.cow;

import io.commitbench.storage.exec.Command;

/**
 * A snapshot the probe can take of the storage under its directory between fill and rewrite,
 * and remove at the end. A backend decides what it is ({@link ProbeSnapshotBackend#offer}); the
 * probe runs its commands, so taking and removing are shown in the plan exactly as run.
 *
 * <p>btrfs: a subvolume snapshot ({@link BtrfsSnapshotBackend}). An LVM backend would give
 * {@code lvcreate -s …} and {@code lvremove -y …} for the volume under the filesystem.
 */
public interface ProbeSnapshot {

  /** The kind, for reports: {@code btrfs subvolume snapshot}. */
  String kind();

  /** What is snapshotted: a subvolume's path, a logical volume's name. */
  String source();

  /** Where the snapshot will be, a name nothing has yet: a path, a logical volume's name. */
  String location();

  /** Takes the snapshot. */
  Command take();

  /** Removes the snapshot {@link #take()} made, and nothing else. */
  Command remove();
}
