package io.commitbench.storage.layout;

import java.util.List;
import java.util.Locale;

/**
 * One thing a layout makes on the host, in the order {@code apply} makes them. The state records
 * each part before it is made (its name is known in advance), so that a failure half-way leaves a
 * list that destroy works through; destroy then removes only what is still there.
 */
public enum LayoutPart {
  PHYSICAL_VOLUMES("LVM physical volumes"),
  VOLUME_GROUP("volume group"),
  THIN_POOL("thin pool"),
  DATA_VOLUME("data volume"),
  FILESYSTEM("filesystem"),
  MOUNT_POINT("mount point"),
  MOUNTED("mount"),
  DATA_DIR("data directory");

  private final String description;

  LayoutPart(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  /** The name in {@code layout.json}: {@code volume_group}. */
  String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  static LayoutPart byKey(String key) {
    return valueOf(key.toUpperCase(Locale.ROOT));
  }

  /** The parts a manager's layout is made of, in the order they are made. */
  static List<LayoutPart> of(VolumeManager manager) {
    return switch (manager) {
      case PLAIN, BTRFS_RAID0 -> List.of(FILESYSTEM, MOUNT_POINT, MOUNTED, DATA_DIR);
      case LVM_RAID0 -> List.of(PHYSICAL_VOLUMES, VOLUME_GROUP, DATA_VOLUME, FILESYSTEM, MOUNT_POINT, MOUNTED,
          DATA_DIR);
      case LVM_THIN_RAID0 -> List.of(PHYSICAL_VOLUMES, VOLUME_GROUP, THIN_POOL, DATA_VOLUME, FILESYSTEM, MOUNT_POINT,
          MOUNTED, DATA_DIR);
    };
  }
}
