package io.commitbench.it;

import io.commitbench.it.support.DatabaseTargets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/** What the ITs on a storage lab share: what a lab needs of the host, and whether a path is mounted. */
final class LabItSupport {

  private LabItSupport() {}

  /** The line of {@code /proc/self/mounts} whose mount point is {@code mountPoint}, if mounted. */
  static Optional<String> mountLine(Path mountPoint) throws IOException {
    return Files.readAllLines(Path.of("/proc/self/mounts")).stream()
        .filter(l -> l.split(" ")[1].equals(mountPoint.toString())).findFirst();
  }

  /** Skips the test, saying why, unless this host has root, loop devices, cgroup v1 blkio and mkfs.ext4. */
  static void requirements() throws IOException {
    String reason = null;
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: loop devices, mount and cgroups need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.exists(Path.of("/sys/fs/cgroup/blkio/blkio.throttle.write_iops_device"))) {
      reason = "no cgroup v1 blkio controller at /sys/fs/cgroup/blkio";
    } else if (Stream.of("/usr/sbin/mkfs.ext4", "/sbin/mkfs.ext4").noneMatch(p -> Files.isExecutable(Path.of(p)))) {
      reason = "no mkfs.ext4";
    }
    if (reason != null) {
      System.out.println(DatabaseTargets.LOG_PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }
}
