package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.Programs;
import io.commitbench.storage.snapshot.Snapshot;
import io.commitbench.storage.snapshot.SnapshotBackend;
import io.commitbench.storage.snapshot.SnapshotBackend.Program;
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
 * Finds the snapshot the probe can take of the storage under its directory, or why it cannot:
 * btrfs subvolumes only (an LVM snapshot needs device-mapper). The subvolume's root is the
 * nearest directory at or above the directory with inode number 256 (every subvolume's root
 * directory has it), not above the mount point; {@code btrfs subvolume show} then confirms it and
 * that the tool may look. The snapshot goes beside the subvolume ({@code /mnt/data} gives {@code
 * /mnt/data-cow-probe-snapshot-<time>}), or inside it when the subvolume is the mount's root and
 * its parent directory belongs to another filesystem. Stateless apart from its clock.
 */
final class ProbeSnapshots {

  /** The inode number of every btrfs subvolume's root directory (BTRFS_FIRST_FREE_OBJECTID). */
  static final long SUBVOLUME_ROOT_INODE = 256;
  static final String SUFFIX = "cow-probe-snapshot-";
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
      .withZone(ZoneOffset.UTC);

  private final SnapshotBackend btrfs = SnapshotBackend.btrfsSubvolume();
  private final Clock clock;

  ProbeSnapshots(Clock clock) {
    this.clock = clock;
  }

  /** Whether the storage is of a kind the probe can snapshot (cheap: no commands). */
  static boolean handles(PathStorage storage) {
    return "btrfs".equals(storage.mount().filesystem());
  }

  /**
   * The snapshot the probe would take of the storage holding {@code storage.realPath()}, or why it
   * cannot (another filesystem, tool missing, not privileged, no subvolume root). Runs only
   * read-only commands.
   *
   * @throws IOException when the directory cannot be examined
   */
  SnapshotOffer offer(PathStorage storage, CommandRunner runner) throws IOException {
    if (!handles(storage)) {
      return new SnapshotOffer.Unavailable(storage.mount().filesystem() + " on " + storage.mount().source()
          + " has no snapshot mechanism the probe can use (it knows: btrfs subvolume)");
    }
    String on = "btrfs on " + storage.mount().source();
    for (Program program : btrfs.programs()) {
      if (Programs.find(program.name()).isEmpty()) {
        return new SnapshotOffer.Unavailable(on + ": no '" + program.name() + "' program on this host (package "
            + program.debianPackage() + ")");
      }
    }
    Path mountPoint = storage.mount().mountPoint();
    Optional<Path> root = subvolumeRoot(storage.realPath(), mountPoint);
    if (root.isEmpty()) {
      return new SnapshotOffer.Unavailable(on + ": no subvolume root between " + storage.realPath() + " and its "
          + "mount point " + mountPoint + " (a bind mount of a directory inside a subvolume?)");
    }
    CommandResult shown = runner.attempt(btrfs.presence(root.get().toString()));
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
    return new SnapshotOffer.Available(new Snapshot(btrfs, root.get().toString(),
        destination(root.get(), mountPoint).toString()));
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
