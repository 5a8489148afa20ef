package io.commitbench.storage.layout;

import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.host.MountInfo;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.snapshot.SnapshotBackend;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What must hold before a layout is made, snapshotted or destroyed. The host probe comes first and
 * ends in its own refusal ({@link UnsupportedOnHostException}); every other failed check is
 * collected and all are reported in one refusal, so the operator fixes everything at once.
 */
final class LayoutChecks {

  private LayoutChecks() {}

  /**
   * Checks for {@code apply}; returns the devices whose signatures are to be erased first (those
   * found with one, when {@code overwrite} allows it).
   */
  static List<Path> beforeApply(LayoutSpec spec, boolean overwrite, LayoutHost host)
      throws RefusedException, IOException {
    Optional<String> unsupported = HostSupport.layoutReason(spec, host.probe());
    if (unsupported.isPresent()) {
      throw new UnsupportedOnHostException(unsupported.get());
    }
    List<String> problems = new ArrayList<>();
    if (!host.isRoot()) {
      problems.add("not running as root: mkfs, mount" + (spec.manager().usesLvm() ? " and LVM" : "") + " need root");
    }
    Path root = spec.root();
    if (Files.exists(root) && !Files.isDirectory(root)) {
      problems.add("--root " + root + " exists and is not a directory; give a directory (it is created if absent)");
    }
    Optional<LayoutState> existing = LayoutState.read(root);
    if (existing.isPresent() || Files.exists(root.resolve(LayoutState.FILE))) {
      problems.add("a layout is already at " + root + existing.map(s -> " (" + s.spec().summary() + ")").orElse("")
          + "; destroy it first: commitbench storage layout destroy --root " + root + " --apply");
    } else if (Files.exists(spec.mountPoint())) {
      problems.add(spec.mountPoint() + " exists already; apply makes it (remove it, or give another --root)");
    }
    if (spec.manager().usesLvm() && Files.exists(Path.of("/dev", spec.volumeGroup()))) {
      problems.add("a volume group " + spec.volumeGroup() + " exists already (/dev/" + spec.volumeGroup()
          + "); give another --id");
    }
    List<Path> toWipe = new ArrayList<>();
    Map<Path, BlockDevice> found = new LinkedHashMap<>();
    for (Path device : spec.devices()) {
      deviceProblems(device, overwrite, host, problems, toWipe).ifPresent(d -> found.put(device, d));
    }
    Map<String, Path> byNumber = new LinkedHashMap<>();
    found.forEach((path, d) -> {
      Path other = byNumber.putIfAbsent(d.majorMinor(), path);
      if (other != null) {
        problems.add(other + " and " + path + " are the same device (" + d.majorMinor() + "); give each device once");
      }
    });
    if (found.size() == spec.devices().size()) {
      sizeProblems(spec, found.values().stream().map(d -> d.sizeBytes().orElse(0)).toList(), problems);
    }
    refuseIf(problems, "cannot make the layout " + spec.summary() + " at " + root);
    return toWipe;
  }

  /** Checks for {@code takeSnapshots}: a complete layout, a mechanism, the host's support, a live mount. */
  static void beforeSnapshots(LayoutState state, int count, LayoutHost host) throws RefusedException, IOException {
    if (count < 0 || count > Layout.MAX_SNAPSHOTS) {
      throw new RefusedException("snapshot count " + count + " is not allowed; give 0 to " + Layout.MAX_SNAPSHOTS);
    }
    Optional<SnapshotBackend> backend = state.spec().manager().snapshots();
    if (backend.isEmpty()) {
      throw new RefusedException(Layout.PLAIN_HAS_NO_SNAPSHOTS + " (layout at " + state.root() + ")");
    }
    Optional<String> unsupported = HostSupport.snapshotReason(backend.get(), state.spec().filesystem(), host.probe());
    if (unsupported.isPresent()) {
      throw new UnsupportedOnHostException(unsupported.get());
    }
    List<String> problems = new ArrayList<>();
    if (!host.isRoot()) {
      problems.add("not running as root: snapshots need root");
    }
    noMoreSnapshots(state, backend.get(), count).ifPresent(problems::add);
    if (!state.complete()) {
      problems.add("the layout at " + state.root() + " is incomplete (apply did not finish); destroy it and apply "
          + "again");
    } else if (ourMount(state.spec(), host).isEmpty()) {
      problems.add(state.mountPoint() + " does not have the layout's filesystem mounted; snapshots are taken of a "
          + "live layout (destroy and apply it again)");
    }
    refuseIf(problems, "cannot take snapshots of the layout at " + state.root());
  }

  /** Why {@code count} more snapshots cannot follow those the layout has (classic LVM), or empty. */
  static Optional<String> noMoreSnapshots(LayoutState state, SnapshotBackend backend, int count) {
    return count == 0 || state.snapshots().isEmpty() ? Optional.empty()
        : backend.whyNoMoreAfter(state.spec().snapshotSource(), state.snapshots().size());
  }

  /** Checks for {@code destroy}: root, and nothing uses the layout's mount. */
  static void beforeDestroy(LayoutState state, LayoutHost host) throws RefusedException, IOException {
    List<String> problems = new ArrayList<>();
    if (!host.isRoot()) {
      problems.add("not running as root: umount, wipefs and LVM need root");
    }
    if (state.has(LayoutPart.MOUNTED) && ourMount(state.spec(), host).isPresent()) {
      List<String> users = host.usersOf(state.mountPoint());
      if (!users.isEmpty()) {
        problems.add(state.mountPoint() + " is in use by: " + String.join("; ", users));
        problems.add("stop those processes first (database servers with their data there too); destroy kills "
            + "nothing");
      }
    }
    refuseIf(problems, "cannot destroy the layout at " + state.root());
  }

  /**
   * The mount at the layout's mount point when it is the layout's own (its volume, or for btrfs one
   * of its devices), the latest one if mounted over.
   */
  static Optional<MountInfo> ourMount(LayoutSpec spec, LayoutHost host) throws IOException {
    Optional<MountInfo> top = host.mounts().stream().filter(m -> m.mountPoint().equals(spec.mountPoint()))
        .reduce((a, b) -> b);
    List<Path> ours = new ArrayList<>(List.of(spec.volume()));
    ours.addAll(spec.devices());
    return top.filter(m -> ours.stream().anyMatch(p -> host.sameDevice(m.source(), p)));
  }

  /** What keeps one device from being used; the device's facts when it is a block device. */
  private static Optional<BlockDevice> deviceProblems(Path device, boolean overwrite, LayoutHost host,
      List<String> problems, List<Path> toWipe) throws IOException {
    Optional<BlockDevice> found = host.blockDevice(device);
    if (found.isEmpty()) {
      problems.add(device + (Files.exists(device) ? " is not a block device" : " does not exist")
          + "; give block devices such as /dev/loop3 or /dev/sdb");
      return found;
    }
    BlockDevice d = found.get();
    for (MountInfo m : host.mounts()) {
      boolean whole = m.majorMinor().equals(d.majorMinor()) || host.sameDevice(m.source(), device);
      boolean partition = d.partitions().entrySet().stream().anyMatch(p -> p.getValue().equals(m.majorMinor())
          || host.sameDevice(m.source(), Path.of("/dev", p.getKey())));
      if (whole || partition) {
        problems.add(device + (whole ? " is" : " has a partition") + " mounted at " + m.mountPoint());
      }
    }
    d.btrfsFilesystem().ifPresent(uuid -> problems.add(device + " belongs to the mounted btrfs filesystem " + uuid));
    if (!d.holders().isEmpty()) {
      problems.add(device + " is held by " + String.join(", ", d.holders())
          + " (device-mapper or RAID uses it: an LVM volume group, md array or dm-crypt)");
    }
    for (Path swap : host.swaps()) {
      if (host.sameDevice(swap.toString(), device) || d.partitions().keySet().stream()
          .anyMatch(p -> host.sameDevice(swap.toString(), Path.of("/dev", p)))) {
        problems.add(device + " is in use as swap (" + swap + ")");
      }
    }
    List<String> signatures;
    try {
      signatures = host.signatures(device);
    } catch (IOException e) {
      problems.add("cannot read the signatures on " + device + ": " + e.getMessage());
      return found;
    }
    if (!signatures.isEmpty()) {
      if (overwrite) {
        toWipe.add(device);
      } else {
        problems.add(device + " carries " + String.join(", ", signatures) + "; give --overwrite to erase it "
            + "(everything on " + device + " is lost)");
      }
    }
    return found;
  }

  /**
   * Whether the devices are big enough for the filesystem (per device for btrfs RAID0, else the
   * volume), and equal enough for LVM striping: a striped volume takes the same extents from each
   * device, so 80% of the group fits only when the smallest device times N reaches it.
   */
  private static void sizeProblems(LayoutSpec spec, List<Long> sizes, List<String> problems) {
    long total = sizes.stream().mapToLong(Long::longValue).sum();
    long smallest = sizes.stream().mapToLong(Long::longValue).min().orElse(0);
    int n = sizes.size();
    LayoutFilesystem fs = spec.filesystem();
    long volume = switch (spec.manager()) {
      case PLAIN -> total;
      case BTRFS_RAID0 -> smallest;
      // Each physical volume gives up about 1 MiB to LVM's label and metadata.
      case LVM_RAID0 -> (total - n * (1L << 20)) / 5 * 4;
      case LVM_THIN_RAID0 -> spec.thinVolumeBytes().orElse(LayoutSpec.defaultThinVolumeBytes(total));
    };
    if (volume < fs.minimumBytes()) {
      problems.add((spec.manager() == VolumeManager.BTRFS_RAID0 ? "the smallest device has " : "the volume would "
          + "have ") + mib(volume) + ", below the " + mib(fs.minimumBytes()) + " " + fs.program() + " needs"
          + (spec.manager() == VolumeManager.BTRFS_RAID0 ? " on each device" : "") + "; give bigger devices");
    }
    if (spec.manager().usesLvm() && n > 1 && (smallest - (1L << 20)) * n < (total - n * (1L << 20)) / 5 * 4) {
      problems.add("striping takes the same space from each device, but the smallest (" + mib(smallest) + ") times "
          + n + " is less than 80% of all " + n + " devices (" + mib(total) + "); give devices of about equal size");
    }
  }

  private static String mib(long bytes) {
    return (bytes >> 20) + " MiB";
  }

  private static void refuseIf(List<String> problems, String headline) throws RefusedException {
    if (!problems.isEmpty()) {
      throw new RefusedException(headline + "; nothing was changed:\n  - " + String.join("\n  - ", problems));
    }
  }
}
