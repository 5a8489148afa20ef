package io.commitbench.storage.layout;

import io.commitbench.core.io.Sha256;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a storage layout is to be: where its state and mount live, how its devices are combined,
 * which filesystem goes on top, and over which block devices. A combination that cannot be built
 * is refused here with what is allowed.
 *
 * <pre>
 * LayoutSpec spec = new LayoutSpec(Path.of("/var/tmp/layout"), "t1", VolumeManager.BTRFS_RAID0,
 *     LayoutFilesystem.BTRFS, List.of(Path.of("/dev/loop3"), Path.of("/dev/loop4")));
 * </pre>
 *
 * @param root the layout's directory: {@code layout.json}, journals, and the mount point {@code ROOT/mnt}
 * @param id names the LVM volume group ({@code cb_ID}); 1 to 32 of a-z, 0-9, '_' and '-'
 * @param manager how the devices are combined
 * @param filesystem the filesystem on the volume (btrfs-raid0: btrfs only)
 * @param devices 1 to 5 block devices (plain: exactly 1); all they hold is overwritten
 * @param thinVolumeBytes lvm-thin-raid0 only: the thin data volume's virtual size, a multiple of
 *     4 MiB; when empty, {@link Layout} uses {@link #defaultThinVolumeBytes} of the devices' sizes
 */
public record LayoutSpec(Path root, String id, VolumeManager manager, LayoutFilesystem filesystem, List<Path> devices,
    Optional<Long> thinVolumeBytes) {

  /** The most devices a layout combines (the study's matrix went up to five). */
  public static final int MAX_DEVICES = 5;
  /** LVM's extent size for the layouts, {@code vgcreate -s 4M}. */
  public static final long EXTENT_BYTES = 4L << 20;

  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9_-]{0,31}");

  public LayoutSpec {
    root = root.toAbsolutePath().normalize();
    devices = List.copyOf(devices);
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("layout id '" + id + "' is not allowed; use 1 to 32 lower-case letters, "
          + "digits, '_' and '-', starting with a letter or digit (it names the volume group cb_ID)");
    }
    if (devices.isEmpty() || devices.size() > MAX_DEVICES) {
      throw new IllegalArgumentException(manager.label() + " over " + devices.size()
          + " devices is not allowed; give 1 to " + MAX_DEVICES + " block devices");
    }
    if (manager == VolumeManager.PLAIN && devices.size() != 1) {
      throw new IllegalArgumentException("plain takes exactly one device, " + devices.size()
          + " were given; to combine 2 to " + MAX_DEVICES + " devices use lvm-raid0, lvm-thin-raid0 or btrfs-raid0");
    }
    if (manager == VolumeManager.BTRFS_RAID0 && filesystem != LayoutFilesystem.BTRFS) {
      throw new IllegalArgumentException("btrfs-raid0 makes a btrfs filesystem, not " + filesystem.label()
          + "; give filesystem btrfs, or put " + filesystem.label() + " on plain, lvm-raid0 or lvm-thin-raid0");
    }
    if (new HashSet<>(devices.stream().map(d -> d.toAbsolutePath().normalize()).toList()).size() != devices.size()) {
      throw new IllegalArgumentException("a device is given twice in " + devices + "; give each device once");
    }
    for (Path d : devices) {
      if (!d.isAbsolute()) {
        throw new IllegalArgumentException("device '" + d + "' is not an absolute path; give e.g. /dev/loop3");
      }
    }
    thinVolumeBytes = thinVolumeBytes == null ? Optional.empty() : thinVolumeBytes;
    if (thinVolumeBytes.isPresent()) {
      long size = thinVolumeBytes.get();
      if (manager != VolumeManager.LVM_THIN_RAID0) {
        throw new IllegalArgumentException("a thin volume size is given for " + manager.label()
            + "; only lvm-thin-raid0 has a thin volume");
      }
      if (size < EXTENT_BYTES || size % EXTENT_BYTES != 0) {
        throw new IllegalArgumentException("thin volume size " + size + " bytes is not allowed; give a positive "
            + "multiple of 4 MiB (the extent size)");
      }
    }
  }

  /** A spec without a thin volume size (lvm-thin-raid0 then takes its default from the devices). */
  public LayoutSpec(Path root, String id, VolumeManager manager, LayoutFilesystem filesystem, List<Path> devices) {
    this(root, id, manager, filesystem, devices, Optional.empty());
  }

  /** A spec with the id derived from the root ({@link #idFor}). */
  public static LayoutSpec of(Path root, VolumeManager manager, LayoutFilesystem filesystem, List<Path> devices) {
    return new LayoutSpec(root, idFor(root), manager, filesystem, devices);
  }

  /** {@code l} and 8 hex digits of the root's absolute path: stable, and distinct per root. */
  public static String idFor(Path root) {
    return "l" + Sha256.shortHex(root.toAbsolutePath().normalize().toString());
  }

  /**
   * The thin volume's size when none is given: 40% of the devices' total, i.e. half of the pool
   * (80% of the volume group), rounded down to 4 MiB. Half, so that the whole volume can be
   * written once more after snapshots are taken before the pool is full: a full thin pool stops
   * all writes, which would end a measurement rather than slow it.
   */
  public static long defaultThinVolumeBytes(long devicesTotalBytes) {
    long bytes = devicesTotalBytes / 5 * 2;
    return Math.max(EXTENT_BYTES, bytes - bytes % EXTENT_BYTES);
  }

  public LayoutSpec withThinVolumeBytes(long bytes) {
    return new LayoutSpec(root, id, manager, filesystem, devices, Optional.of(bytes));
  }

  public LayoutSpec withId(String newId) {
    return new LayoutSpec(root, newId, manager, filesystem, devices, thinVolumeBytes);
  }

  /** Where the filesystem is mounted: {@code ROOT/mnt}. */
  public Path mountPoint() {
    return root.resolve("mnt");
  }

  /**
   * Where a database's data directory goes: {@code ROOT/mnt/data}, the snapshotted subvolume for
   * btrfs-raid0 and a plain directory otherwise (LVM snapshots take the whole volume).
   */
  public Path dataDir() {
    return mountPoint().resolve("data");
  }

  /**
   * What the snapshots take: the data volume {@code cb_ID/data} under LVM (the whole volume), the
   * data subvolume {@code ROOT/mnt/data} for btrfs-raid0. A plain layout has no snapshots.
   */
  public String snapshotSource() {
    return manager.usesLvm() ? volumeGroup() + "/data" : dataDir().toString();
  }

  /** Where snapshot {@code number} lives: the logical volume {@code cb_ID/snapN}, the subvolume {@code ROOT/mnt/snapN}. */
  public String snapshotLocation(int number) {
    String name = snapshotName(number);
    return manager.usesLvm() ? volumeGroup() + "/" + name : mountPoint().resolve(name).toString();
  }

  /** {@code snapN}: snapshots are numbered from 1 in the order taken. */
  public static String snapshotName(int number) {
    return "snap" + number;
  }

  /** The LVM volume group, {@code cb_ID}; only meaningful when {@link VolumeManager#usesLvm()}. */
  public String volumeGroup() {
    return "cb_" + id;
  }

  /** The device mkfs and mount get: {@code /dev/cb_ID/data} under LVM, else the (first) device. */
  public Path volume() {
    return manager.usesLvm() ? Path.of("/dev", volumeGroup(), "data") : devices.get(0);
  }

  /** The layout in one line: {@code btrfs-raid0 over 3 devices, btrfs}. */
  public String summary() {
    return manager.label() + " over " + devices.size() + (devices.size() == 1 ? " device, " : " devices, ")
        + filesystem.label();
  }
}
