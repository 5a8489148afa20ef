package io.commitbench.storage.layout;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the kernel says about a block device a layout is given, for the checks that keep a layout
 * off a device something else uses.
 *
 * @param path the path as given, {@code /dev/loop3}
 * @param realPath with symlinks resolved, {@code /dev/dm-0} for {@code /dev/vg/lv}
 * @param kernelName its name under {@code /sys/class/block}, {@code loop3}
 * @param majMin its device numbers, {@code 7:3}
 * @param sizeBytes its size
 * @param holders what sits on it or its partitions ({@code /sys/.../holders}: device-mapper, md),
 *     e.g. {@code dm-0}, {@code sda1: md0}
 * @param partitions its partitions' kernel names to their device numbers
 * @param mountedBtrfs the UUID of a mounted btrfs filesystem it belongs to ({@code /sys/fs/btrfs/UUID/devices})
 */
record BlockDevice(Path path, Path realPath, String kernelName, String majMin, long sizeBytes, List<String> holders,
    Map<String, String> partitions, Optional<String> mountedBtrfs) {

  BlockDevice {
    holders = List.copyOf(holders);
    partitions = Map.copyOf(partitions);
  }
}
