package io.commitbench.storage.snapshot;

import io.commitbench.storage.exec.Command;
import java.util.List;
import java.util.Optional;

/**
 * One snapshot mechanism: the exact commands that take a snapshot of a source at a location,
 * remove it and look for it, and what the host needs for them. Classic LVM copy-on-write snapshots
 * ({@link #lvmClassic()}), LVM thin snapshots ({@link #lvmThin()}), btrfs subvolume snapshots
 * ({@link #btrfsSubvolume()}). The caller decides the source and the location: a storage layout
 * from its spec ({@code cb_ID/data} and {@code cb_ID/snapN}, or {@code ROOT/mnt/data} and
 * {@code ROOT/mnt/snapN}), the copy-on-write probe from the subvolume it finds. Implementations
 * are stateless and thread-safe; their commands run their programs by name, from the PATH.
 *
 * <pre>
 * SnapshotBackend btrfs = SnapshotBackend.btrfsSubvolume();
 * btrfs.take("/mnt/data", "/mnt/snap1", 1, 1);   // btrfs subvolume snapshot /mnt/data /mnt/snap1
 * btrfs.remove("/mnt/snap1");                    // btrfs subvolume delete /mnt/snap1
 * </pre>
 */
public interface SnapshotBackend {

  /** The name in {@code layout.json} and messages: {@code lvm-classic}, {@code lvm-thin}, {@code btrfs-subvolume}. */
  String kind();

  /**
   * The commands that take a snapshot of {@code source} at {@code location}, the {@code position}-th
   * (from 1) of {@code batch} snapshots taken in one call (1 of 1 for a snapshot on its own).
   *
   * @param source what is snapshotted: a logical volume {@code VG/LV}, a subvolume's path
   * @param location where the snapshot goes, a name nothing has yet: {@code VG/NAME}, a path
   */
  List<Command> take(String source, String location, int position, int batch);

  /**
   * Why this mechanism cannot add snapshots of {@code source} to the {@code taken} (at least one)
   * it already has, or empty when it can: checked before a later call runs anything.
   */
  default Optional<String> whyNoMoreAfter(String source, int taken) {
    return Optional.empty();
  }

  /** The commands that remove the snapshot at {@code location}, and nothing else. */
  List<Command> remove(String location);

  /** A read-only command that exits 0 exactly while a snapshot (or the source) exists at {@code location}. */
  Command presence(String location);

  /** The programs the commands run, with the Debian package of each. */
  List<Program> programs();

  /** Whether the kernel's device-mapper is needed, and which of its targets (module names). */
  List<String> deviceMapperTargets();

  /** Facts for a plan: what snapshots of {@code source} cost, what they keep. */
  List<String> notes(String source);

  /** The kind in words, for reports: {@code btrfs subvolume snapshot}. */
  default String description() {
    return kind().replace('-', ' ') + " snapshot";
  }

  /** Classic LVM snapshots: each with its own copy-on-write area. */
  static SnapshotBackend lvmClassic() {
    return new LvmClassicSnapshots();
  }

  /** LVM thin snapshots, sharing the thin pool. */
  static SnapshotBackend lvmThin() {
    return new LvmThinSnapshots();
  }

  /** btrfs subvolume snapshots. */
  static SnapshotBackend btrfsSubvolume() {
    return new BtrfsSubvolumeSnapshots();
  }

  /**
   * A program a command runs.
   *
   * @param name as on the PATH, {@code lvcreate}
   * @param debianPackage the package that installs it, {@code lvm2}
   */
  record Program(String name, String debianPackage) {}
}
