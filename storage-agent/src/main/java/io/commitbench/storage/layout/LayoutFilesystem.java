package io.commitbench.storage.layout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The filesystems a layout can carry, each made with 4 KiB blocks by the options the snapshot
 * study used, with what the host needs for it: the kernel's name for it ({@code /proc/filesystems},
 * also its module's name), the {@code mkfs} program and the Debian package that has it, and the
 * smallest volume its {@code mkfs} accepts (measured with the Debian 12 tools: mkfs.xfs refuses
 * below 300 MiB, mkfs.btrfs below 128 MiB per device, mkfs.jfs below 16 MiB), so a volume too
 * small is refused before anything is made.
 */
public enum LayoutFilesystem {
  /** Inode tables and journal written at mkfs, not lazily in the background during a measurement. */
  EXT4("ext4", "e2fsprogs", 16L << 20, "-F", "-b", "4096", "-E", "lazy_itable_init=0,lazy_journal_init=0"),
  XFS("xfs", "xfsprogs", 300L << 20, "-f", "-b", "size=4096"),
  BTRFS("btrfs", "btrfs-progs", 128L << 20, "-f", "-s", "4096"),
  /** {@code -q}: no confirmation question (mkfs.jfs asks one otherwise). */
  JFS("jfs", "jfsutils", 16L << 20, "-q"),
  /** FAT32 with 4 KiB logical sectors. */
  VFAT("vfat", "dosfstools", 2L << 20, "-F", "32", "-S", "4096");

  private final String label;
  private final String toolPackage;
  private final long minimumBytes;
  private final List<String> options;

  LayoutFilesystem(String label, String toolPackage, long minimumBytes, String... options) {
    this.label = label;
    this.toolPackage = toolPackage;
    this.minimumBytes = minimumBytes;
    this.options = List.of(options);
  }

  /** The name used by the command line, {@code mount -t} and {@code /proc/filesystems}, e.g. {@code vfat}. */
  public String label() {
    return label;
  }

  /** The mkfs program, e.g. {@code mkfs.vfat}. */
  public String program() {
    return "mkfs." + label;
  }

  /** The Debian package that has {@link #program()}. */
  public String toolPackage() {
    return toolPackage;
  }

  /** The smallest volume (per device, for btrfs RAID0) the mkfs accepts. */
  public long minimumBytes() {
    return minimumBytes;
  }

  /** Whether it keeps Unix owners and modes; vfat does not (everything is root's, mode from the mount). */
  public boolean hasUnixPermissions() {
    return this != VFAT;
  }

  /** The mkfs argv for one volume: program, the study's options, the device. */
  public List<String> mkfs(String volume) {
    List<String> argv = new ArrayList<>();
    argv.add(program());
    argv.addAll(options);
    argv.add(volume);
    return argv;
  }

  /** The filesystem named {@code label} (case-insensitive), or empty. */
  public static Optional<LayoutFilesystem> byLabel(String label) {
    return Arrays.stream(values()).filter(f -> f.label.equals(label.strip().toLowerCase(Locale.ROOT))).findFirst();
  }

  /** {@code ext4, xfs, btrfs, jfs, vfat}, for messages. */
  public static String labels() {
    return Arrays.stream(values()).map(LayoutFilesystem::label).collect(Collectors.joining(", "));
  }
}
