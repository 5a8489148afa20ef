package io.commitbench.storage.layout;

import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.host.MountInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The parts of the host a layout is checked against, other than the commands it runs: who we are,
 * what the kernel and programs offer, what is mounted and who uses it, the given block devices and
 * the signatures on them. {@link SystemLayoutHost} is this host; unit tests give a fake.
 */
interface LayoutHost {

  boolean isRoot();

  HostProbe probe();

  /** What is mounted now. */
  List<MountInfo> mounts() throws IOException;

  /** The processes that hold a file, cwd or mapping on the filesystem mounted at {@code mountPoint}. */
  List<String> usersOf(Path mountPoint) throws IOException;

  /** The block device at {@code path}; empty when nothing is there or it is not a block device. */
  Optional<BlockDevice> blockDevice(Path path) throws IOException;

  /** The devices and files in use as swap ({@code /proc/swaps}). */
  List<Path> swaps() throws IOException;

  /**
   * The filesystem, RAID, LVM and partition-table signatures on a device, one line each
   * ({@code ext4 at 0x438}); empty for a blank device.
   */
  List<String> signatures(Path device) throws IOException;

  /** Whether a mount's source names the same device as {@code device} (symlinks such as /dev/vg/lv resolved). */
  boolean sameDevice(String mountSource, Path device);
}
