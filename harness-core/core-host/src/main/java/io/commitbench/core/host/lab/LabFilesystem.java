package io.commitbench.core.host.lab;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The filesystems a lab device can carry, with the {@code mkfs} line for each and the smallest
 * device its {@code mkfs} accepts (measured: mkfs.xfs refuses below 300 MiB, mkfs.btrfs below
 * about 109 MiB), so a size too small is refused before anything is made.
 */
public enum LabFilesystem {
  /** ext4 with its inode tables and journal written at mkfs, not lazily in the background. */
  EXT4("mkfs.ext4", 16L << 20, "-q", "-F", "-E", "lazy_itable_init=0,lazy_journal_init=0"),
  XFS("mkfs.xfs", 300L << 20, "-q", "-f"),
  BTRFS("mkfs.btrfs", 128L << 20, "-q", "-f");

  private final String program;
  private final long minimumBytes;
  private final List<String> options;

  LabFilesystem(String program, long minimumBytes, String... options) {
    this.program = program;
    this.minimumBytes = minimumBytes;
    this.options = List.of(options);
  }

  /** The name {@code mount} and {@code /proc/mounts} use, e.g. {@code ext4}. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public String program() {
    return program;
  }

  public long minimumBytes() {
    return minimumBytes;
  }

  /** The mkfs argv for a device. */
  public List<String> mkfs(String device) {
    List<String> argv = new ArrayList<>();
    argv.add(program);
    argv.addAll(options);
    argv.add(device);
    return argv;
  }

  /** The filesystem named {@code label} (ext4, xfs, btrfs). */
  public static LabFilesystem fromLabel(String label) {
    for (LabFilesystem fs : values()) {
      if (fs.label().equalsIgnoreCase(label)) {
        return fs;
      }
    }
    throw new IllegalArgumentException("unknown filesystem '" + label + "'; use ext4, xfs or btrfs");
  }
}
