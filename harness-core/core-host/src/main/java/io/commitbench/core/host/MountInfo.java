package io.commitbench.core.host;

import java.nio.file.Path;

/**
 * One line of {@code /proc/self/mountinfo}: a filesystem mounted somewhere in this process's view.
 *
 * @param mountPoint where it is mounted, as an absolute path
 * @param majorMinor the {@code st_dev} of files on it, {@code "254:0"}; major 0 for filesystems
 *     without a block device of their own (tmpfs, overlay, and btrfs, which uses anonymous ids)
 * @param root the directory of the filesystem mounted there ({@code /} unless a bind mount)
 * @param filesystem the filesystem type, {@code ext4}
 * @param source what was mounted, {@code /dev/vda1}, {@code tmpfs}
 * @param mountOptions the per-mount options, {@code rw,relatime}
 * @param superOptions the filesystem's own options, {@code rw,discard}
 */
public record MountInfo(Path mountPoint, String majorMinor, String root, String filesystem, String source,
    String mountOptions, String superOptions) {

  /** Whether the filesystem has a device number of a real block device (major not 0). */
  public boolean hasBlockDeviceNumber() {
    return !majorMinor.startsWith("0:");
  }

  /**
   * The mount options followed by the filesystem's own, without repeating one ({@code findmnt}
   * shows them so): {@code rw,relatime,discard}.
   */
  public String allOptions() {
    java.util.LinkedHashSet<String> options = new java.util.LinkedHashSet<>();
    for (String option : (mountOptions + "," + superOptions).split(",")) {
      if (!option.isEmpty()) {
        options.add(option);
      }
    }
    return String.join(",", options);
  }
}
