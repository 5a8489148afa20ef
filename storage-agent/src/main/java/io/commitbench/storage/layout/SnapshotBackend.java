package io.commitbench.storage.layout;

import io.commitbench.storage.exec.Command;
import java.util.List;
import java.util.Optional;

/**
 * How a layout's data is snapshotted, one implementation per mechanism, chosen by the volume
 * manager: classic LVM copy-on-write snapshots ({@link LvmClassicSnapshots}), LVM thin snapshots
 * ({@link LvmThinSnapshots}), btrfs subvolume snapshots ({@link BtrfsSubvolumeSnapshots}). A plain
 * layout has none. Snapshots are named {@code snapN} (N from 1) and are taken after the data is
 * loaded; each costs the origin's writes something, which is what the snapshot study measures.
 */
public interface SnapshotBackend {

  /** The name in {@code layout.json} and messages: {@code lvm-classic}, {@code lvm-thin}, {@code btrfs-subvolume}. */
  String kind();

  /** Where snapshot {@code number} lives: a logical volume {@code cb_ID/snapN} or a subvolume path. */
  String location(LayoutSpec spec, int number);

  /**
   * The commands that take snapshot {@code number}, the {@code position}-th (from 1) of
   * {@code batch} snapshots taken in one call.
   */
  List<Command> create(LayoutSpec spec, int number, int position, int batch);

  /**
   * Why this mechanism cannot add snapshots to the {@code taken} (at least one) that a layout
   * already has, or empty when it can: checked before a later call runs anything.
   */
  default Optional<String> whyNoMoreAfter(LayoutSpec spec, int taken) {
    return Optional.empty();
  }

  /** The commands that remove snapshot {@code number}. */
  List<Command> remove(LayoutSpec spec, int number);

  /** A read-only command that exits 0 exactly while snapshot {@code number} exists. */
  Command presence(LayoutSpec spec, int number);

  /** The programs the commands run, with the Debian package of each. */
  List<Program> programs();

  /** Whether the kernel's device-mapper is needed, and which of its targets (module names). */
  List<String> deviceMapperTargets();

  /** Facts for a plan: what the snapshots cost, what they keep. */
  List<String> notes(LayoutSpec spec);

  /** The backend for a manager; empty for {@link VolumeManager#PLAIN}. */
  static Optional<SnapshotBackend> forManager(VolumeManager manager) {
    return switch (manager) {
      case PLAIN -> Optional.empty();
      case LVM_RAID0 -> Optional.of(new LvmClassicSnapshots());
      case LVM_THIN_RAID0 -> Optional.of(new LvmThinSnapshots());
      case BTRFS_RAID0 -> Optional.of(new BtrfsSubvolumeSnapshots());
    };
  }

  /** {@code snapN}. */
  static String name(int number) {
    return "snap" + number;
  }

  /**
   * A program a command runs.
   *
   * @param name as on the PATH, {@code lvcreate}
   * @param debianPackage the package that installs it, {@code lvm2}
   */
  record Program(String name, String debianPackage) {}
}
