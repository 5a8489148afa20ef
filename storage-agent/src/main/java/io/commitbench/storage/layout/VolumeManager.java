package io.commitbench.storage.layout;

import io.commitbench.storage.snapshot.SnapshotBackend;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How a layout combines its block devices into the one volume that carries the filesystem, as in
 * the snapshot study's matrix (storage-agent.md section 7).
 */
public enum VolumeManager {
  /** The filesystem directly on one device; no snapshots. */
  PLAIN("plain", false),
  /** An LVM volume striped over the devices (64 KiB stripes); classic copy-on-write snapshots. */
  LVM_RAID0("lvm-raid0", true),
  /** A thin volume in an LVM thin pool striped over the devices; thin snapshots sharing the pool. */
  LVM_THIN_RAID0("lvm-thin-raid0", true),
  /** A btrfs filesystem with its own RAID0 over the devices; the data directory is a subvolume, snapshotted. */
  BTRFS_RAID0("btrfs-raid0", false);

  private final String label;
  private final boolean lvm;

  VolumeManager(String label, boolean lvm) {
    this.label = label;
    this.lvm = lvm;
  }

  /** The name the command line and the state file use, e.g. {@code lvm-thin-raid0}. */
  public String label() {
    return label;
  }

  /** Whether the volume is made by LVM (device-mapper, a volume group named after the layout). */
  public boolean usesLvm() {
    return lvm;
  }

  /** How the layout's data is snapshotted; empty for {@link #PLAIN}. */
  public Optional<SnapshotBackend> snapshots() {
    return switch (this) {
      case PLAIN -> Optional.empty();
      case LVM_RAID0 -> Optional.of(SnapshotBackend.lvmClassic());
      case LVM_THIN_RAID0 -> Optional.of(SnapshotBackend.lvmThin());
      case BTRFS_RAID0 -> Optional.of(SnapshotBackend.btrfsSubvolume());
    };
  }

  /** The manager named {@code label} (case-insensitive), or empty. */
  public static Optional<VolumeManager> byLabel(String label) {
    return Arrays.stream(values()).filter(m -> m.label.equals(label.strip().toLowerCase(Locale.ROOT))).findFirst();
  }

  /** {@code plain, lvm-raid0, lvm-thin-raid0, btrfs-raid0}, for messages. */
  public static String labels() {
    return Arrays.stream(values()).map(VolumeManager::label).collect(Collectors.joining(", "));
  }
}
