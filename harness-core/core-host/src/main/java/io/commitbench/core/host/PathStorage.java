package io.commitbench.core.host;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Where a path of this host is stored: its filesystem and the block devices under it.
 *
 * @param path the path as asked for
 * @param realPath the path with every symlink resolved (a {@code pg_wal} symlink leads elsewhere)
 * @param mount the mount holding the real path
 * @param devices the block devices of the filesystem: one, several for a multi-device btrfs, none
 *     for a filesystem without one (tmpfs, overlay, network)
 * @param noDeviceReason why {@code devices} is empty, else empty
 * @param freeBytes space available to this process on the filesystem
 * @param totalBytes size of the filesystem
 */
public record PathStorage(Path path, Path realPath, MountInfo mount, List<BlockDevice> devices,
    String noDeviceReason, OptionalLong freeBytes, OptionalLong totalBytes) {

  public PathStorage {
    devices = List.copyOf(devices);
  }

  /** The devices that really store the data: the leaves under every device of the filesystem. */
  public List<BlockDevice> leaves() {
    List<BlockDevice> leaves = new ArrayList<>();
    for (BlockDevice d : devices) {
      leaves.addAll(d.leaves());
    }
    return leaves;
  }
}
