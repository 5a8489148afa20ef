package io.commitbench.storage.lab;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The parts of the host a lab is built from and checked against, other than the commands it runs:
 * who we are, free space, which tools exist, where sysfs (block devices, btrfs) and the blkio
 * hierarchy are, what is mounted and which processes use a mount. {@link SystemLabHost} is this
 * host; unit tests point it at temporary directories.
 */
interface LabHost {

  boolean isRoot();

  /** Bytes free for a new file in {@code dir} (its nearest existing ancestor is asked). */
  long usableSpace(Path dir) throws IOException;

  /** Whether nbdkit's plugin header is installed, which a device model's plugin compiles against. */
  default boolean hasNbdkitPluginHeader() {
    return java.nio.file.Files.exists(java.nio.file.Path.of("/usr/include/nbdkit-plugin.h"));
  }

  /** Whether a program of that name is on the PATH (or in /sbin, /usr/sbin). */
  boolean hasTool(String program);

  /** Where a program is (for a command that needs its path, such as start-stop-daemon's --exec). */
  Path toolPath(String program);

  /** Whether FUSE can be used: {@code /dev/fuse} exists. */
  boolean hasFuse();

  /**
   * The command line of a running process, its arguments joined by spaces; empty when there is no
   * such process, or it is a zombie (exited, not yet reaped: it holds nothing any more).
   */
  Optional<String> processCommandLine(long pid) throws IOException;

  /** The tmpfs directory for ssd images, {@code /dev/shm}. */
  Path shmDir();

  /** {@code /sys/block}. */
  Path sysBlock();

  /** {@code /sys/fs/btrfs}: one directory per mounted btrfs, listing its devices (absent without btrfs). */
  Path btrfsSysfs();

  /** Where cgroup v1's blkio controller is mounted, if it is. */
  Optional<Path> blkioMount() throws IOException;

  /** Removes a cgroup directory (on cgroupfs a plain rmdir, its control files go with it). */
  void removeCgroup(Path dir) throws IOException;

  /** What is mounted now. */
  List<MountEntry> mounts() throws IOException;

  /** The processes that hold a file, cwd or mapping on the filesystem mounted at {@code mountPoint}. */
  List<String> usersOf(Path mountPoint) throws IOException;

  /**
   * One mount of this host.
   *
   * @param source the device, e.g. {@code /dev/loop3}
   * @param mountPoint where it is mounted
   * @param type the filesystem type
   * @param options the mount options and the filesystem's own ({@code rw,relatime,blkio})
   */
  record MountEntry(String source, Path mountPoint, String type, String options) {}
}
