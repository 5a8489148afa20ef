package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.Programs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.Optional;

/**
 * Snapshots the btrfs subvolume holding the probe's directory. The subvolume's root is the
 * nearest directory at or above it with inode number 256 (every subvolume's root directory has
 * it), not above the mount point; {@code btrfs subvolume show} then confirms it and that the tool
 * may look. The snapshot goes beside the subvolume ({@code /mnt/data} gives {@code
 * /mnt/data-cow-probe-snapshot-<time>}), or inside it when the subvolume is the mount's root and
 * its parent directory belongs to another filesystem. Stateless apart from its clock.
 */
final class BtrfsSnapshotBackend implements ProbeSnapshotBackend {

  /** The inode number of every btrfs subvolume's root directory (BTRFS_FIRST_FREE_OBJECTID). */
  static final long SUBVOLUME_ROOT_INODE = 256;
  static final String SUFFIX = "cow-probe-snapshot-";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
      .withZone(ZoneOffset.UTC);

  private final Clock clock;

  BtrfsSnapshotBackend() {
    this(Clock.systemUTC());
  }

  BtrfsSnapshotBackend(Clock clock) {
    this.clock = clock;
  }

  @Override
  public String name() {
    return "btrfs subvolume";
  }

  @Override
  public boolean handles(PathStorage storage) {
    return "btrfs".equals(storage.mount().filesystem());
  }

  @Override
  public SnapshotOffer offer(PathStorage storage, CommandRunner runner) throws IOException {
    String on = "btrfs on " + storage.mount().source();
    Optional<Path> program = Programs.find("btrfs");
    if (program.isEmpty()) {
      return new SnapshotOffer.Unavailable(on + ": no 'btrfs' program on this host (package btrfs-progs)");
    }
    Path mountPoint = storage.mount().mountPoint();
    Optional<Path> root = subvolumeRoot(storage.realPath(), mountPoint);
    if (root.isEmpty()) {
      return new SnapshotOffer.Unavailable(on + ": no subvolume root between " + storage.realPath() + " and its "
          + "mount point " + mountPoint + " (a bind mount of a directory inside a subvolume?)");
    }
    CommandResult shown = runner.attempt(Command.of(program.get().toString(), "subvolume", "show",
        root.get().toString()));
    if (!shown.succeeded()) {
      String said = (shown.stderr().isBlank() ? shown.stdout() : shown.stderr()).strip();
      return new SnapshotOffer.Unavailable(on + ": '" + shown.command().display() + "' failed (exit "
          + shown.exitCode() + ")" + (said.isEmpty() ? "" : ": " + said.lines().findFirst().orElse("")));
    }
    if (!Programs.runningAsRoot() && !Arrays.asList(storage.mount().allOptions().split(","))
        .contains("user_subvol_rm_allowed")) {
      return new SnapshotOffer.Unavailable(on + ": not root, and " + mountPoint + " is not mounted with "
          + "user_subvol_rm_allowed, so the probe could take a snapshot but not remove it");
    }
    return new SnapshotOffer.Available(new BtrfsProbeSnapshot(program.get().toString(), root.get(),
        destination(root.get(), mountPoint)));
  }

  /** The nearest directory from {@code dir} up to {@code mountPoint} that is a subvolume's root. */
  static Optional<Path> subvolumeRoot(Path dir, Path mountPoint) throws IOException {
    for (Path p = dir; p != null && p.startsWith(mountPoint); p = p.getParent()) {
      Object inode = Files.getAttribute(p, "unix:ino", LinkOption.NOFOLLOW_LINKS);
      if (inode instanceof Long number && number == SUBVOLUME_ROOT_INODE) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }

  /** A free name beside the subvolume, or inside it when its parent is not on this filesystem. */
  Path destination(Path subvolume, Path mountPoint) {
    boolean beside = !subvolume.equals(mountPoint) && subvolume.getParent() != null
        && Files.isWritable(subvolume.getParent());
    String name = SUFFIX + STAMP.format(clock.instant());
    Path base = beside ? subvolume.resolveSibling(subvolume.getFileName() + "-" + name) : subvolume.resolve(name);
    Path candidate = base;
    for (int n = 2; Files.exists(candidate, LinkOption.NOFOLLOW_LINKS); n++) {
      candidate = base.resolveSibling(base.getFileName() + "-" + n);
    }
    return candidate;
  }
}
