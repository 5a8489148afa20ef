package io.commitbench.core.host;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * A block device as {@code /sys} describes it, with the devices it is built on: a partition
 * stands on its disk, a loop device on the device holding its backing file, a device-mapper or md
 * device on its {@code slaves}. The bottom of that tree, the {@link #leaves()}, are the devices
 * that really store the data.
 *
 * @param name kernel name, {@code vda1}, {@code loop3}, {@code dm-0}
 * @param majorMinor device number, {@code 254:1}
 * @param detail loop: the backing file and its filesystem; device-mapper: its name; md: its
 *     level; else empty
 * @param rotational {@code queue/rotational} (a partition reports its disk's queue)
 * @param logicalBlockSize {@code queue/logical_block_size}, bytes
 * @param physicalBlockSize {@code queue/physical_block_size}, bytes
 * @param discardMaxBytes {@code queue/discard_max_bytes}; 0 means no discard (TRIM)
 * @param below the devices this one is built on, empty for a disk
 * @param belowNote why a loop device has nothing below (backing file on tmpfs, deleted), or empty
 * @param sizeBytes {@code size} (in 512-byte sectors) in bytes
 * @param holders what sits on it or its partitions ({@code holders}: device-mapper, md), e.g.
 *     {@code dm-0}, {@code sda1: md0}
 * @param partitions its partitions' kernel names to their device numbers
 * @param btrfsFilesystem the UUID of the mounted btrfs filesystem it belongs to ({@code
 *     fs/btrfs/UUID/devices})
 */
public record BlockDevice(String name, String majorMinor, Kind kind, String detail, Optional<Boolean> rotational,
    OptionalLong logicalBlockSize, OptionalLong physicalBlockSize, OptionalLong discardMaxBytes,
    List<BlockDevice> below, String belowNote, OptionalLong sizeBytes, List<String> holders,
    Map<String, String> partitions, Optional<String> btrfsFilesystem) {

  /** What sort of device it is, by what {@code /sys} shows for it. */
  public enum Kind {
    DISK, PARTITION, LOOP, DEVICE_MAPPER, STACKED;

    public String label() {
      return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
  }

  public BlockDevice {
    below = List.copyOf(below);
    holders = List.copyOf(holders);
    partitions = Map.copyOf(partitions);
  }

  /** The devices at the bottom of the tree: this one when nothing is below it. */
  public List<BlockDevice> leaves() {
    if (below.isEmpty()) {
      return List.of(this);
    }
    List<BlockDevice> leaves = new ArrayList<>();
    for (BlockDevice d : below) {
      leaves.addAll(d.leaves());
    }
    return leaves;
  }

  /**
   * The tree in one line, top first: {@code loop3 (loop, /tmp/f.img on ext4) > vda (disk)};
   * devices side by side are joined with {@code +}; why nothing is below a loop device is in
   * parentheses: {@code loop5 (loop, /dev/shm/f.img on tmpfs) > (tmpfs from 'tmpfs' has no block device)}.
   */
  public String chain() {
    StringBuilder b = new StringBuilder(name).append(" (").append(kind.label());
    if (!detail.isEmpty()) {
      b.append(", ").append(detail);
    }
    b.append(')');
    if (!below.isEmpty()) {
      List<String> parts = below.stream().map(BlockDevice::chain).toList();
      b.append(" > ").append(parts.size() == 1 ? parts.get(0) : "[" + String.join(" + ", parts) + "]");
    } else if (!belowNote.isEmpty()) {
      b.append(" > (").append(belowNote).append(')');
    }
    return b.toString();
  }
}
