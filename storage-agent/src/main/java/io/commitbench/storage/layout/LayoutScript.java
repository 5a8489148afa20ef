package io.commitbench.storage.layout;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.snapshot.SnapshotBackend;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

/**
 * The exact commands that make, snapshot and destroy a layout, from its spec alone (no host
 * access), with the concrete device paths, mount point and directories. {@link Layout} runs these
 * same steps (and shows them as its plan), so a VM test that runs {@link #apply} in a guest with
 * LVM, jfs and vfat runs what the agent would.
 *
 * <pre>
 * for (Command c : LayoutScript.apply(spec)) { guest.run(c.display()); }
 * LayoutScript.snapshots(spec, 2) ...; LayoutScript.destroy(spec, 2) ...
 * </pre>
 *
 * <p>A spec with {@link VolumeManager#LVM_THIN_RAID0} needs its thin volume size for these lists
 * ({@link LayoutSpec#withThinVolumeBytes}); {@link Layout} derives one from the devices' sizes.
 */
public final class LayoutScript {

  /** Stands for the thin volume's size in a plan made before the devices' sizes are known. */
  static final String THIN_SIZE = "THIN_SIZE";
  private static final String STRIPE = "64k";

  private LayoutScript() {}

  /** Every command {@code apply} runs for the spec, in order (no signature wipe: see {@link #wipe}). */
  public static List<Command> apply(LayoutSpec spec) {
    requireThinSize(spec);
    return flatten(applySteps(spec));
  }

  /** The commands that take snapshots 1..count of a fresh layout. */
  public static List<Command> snapshots(LayoutSpec spec, int count) {
    return snapshots(spec, 1, count);
  }

  /**
   * The commands that take {@code count} snapshots numbered from {@code first}, in one call; for
   * classic LVM snapshots {@code first} is 1 (see {@link SnapshotBackend#whyNoMoreAfter}).
   */
  public static List<Command> snapshots(LayoutSpec spec, int first, int count) {
    return flatten(snapshotSteps(spec, first, count));
  }

  /** Every command destroy runs for a complete layout with snapshots 1..snapshotCount. */
  public static List<Command> destroy(LayoutSpec spec, int snapshotCount) {
    requireThinSize(spec);
    return flatten(destroySteps(spec, Set.copyOf(LayoutPart.of(spec.manager())),
        IntStream.rangeClosed(1, snapshotCount).boxed().toList()));
  }

  /** The commands that erase the signatures on devices the caller allowed to be overwritten. */
  public static List<Command> wipe(List<Path> devices) {
    return devices.stream().map(d -> Command.of("wipefs", "-a", d.toString())).toList();
  }

  static List<LayoutStep> applySteps(LayoutSpec spec) {
    List<LayoutStep> steps = new ArrayList<>();
    String vg = spec.volumeGroup();
    List<String> devices = spec.devices().stream().map(Path::toString).toList();
    int n = devices.size();
    switch (spec.manager()) {
      case LVM_RAID0 -> {
        steps.addAll(lvmBase(spec, devices));
        steps.add(LayoutStep.make(LayoutPart.DATA_VOLUME, "make the data volume " + vg + "/data: "
            + stripes(n) + ", 80% of the group's extents (the rest stays free for snapshots)",
            List.of(lvcreate(n, "-l", "80%FREE", "-n", "data", vg))));
      }
      case LVM_THIN_RAID0 -> {
        steps.addAll(lvmBase(spec, devices));
        steps.add(LayoutStep.make(LayoutPart.THIN_POOL, "make the thin pool " + vg + "/pool: " + stripes(n)
            + ", 80% of the group's extents", List.of(lvcreate(n, "-l", "80%FREE", "-T", vg + "/pool"))));
        String size = spec.thinVolumeBytes().map(b -> (b >> 20) + "m").orElse(THIN_SIZE);
        steps.add(LayoutStep.make(LayoutPart.DATA_VOLUME, "make the thin data volume " + vg + "/data in the pool",
            List.of(Command.of("lvcreate", "-y", "-V", size, "-T", vg + "/pool", "-n", "data"))));
      }
      default -> { }
    }
    steps.add(LayoutStep.make(LayoutPart.FILESYSTEM, "make the " + spec.filesystem().label() + " filesystem"
        + (spec.manager() == VolumeManager.BTRFS_RAID0 ? " with data and metadata RAID0 over " + n
            + (n == 1 ? " device" : " devices") : " on " + spec.volume()) + " (4 KiB blocks)", List.of(mkfs(spec))));
    String mnt = spec.mountPoint().toString();
    steps.add(LayoutStep.make(LayoutPart.MOUNT_POINT, "make the mount point", List.of(Command.of("mkdir", "-p", mnt))));
    List<Command> mount = new ArrayList<>(List.of(mount(spec)));
    if (spec.filesystem().hasUnixPermissions()) {
      mount.add(Command.of("chmod", "755", mnt));
    }
    steps.add(LayoutStep.make(LayoutPart.MOUNTED, "mount it"
        + (spec.filesystem().hasUnixPermissions() ? "; mode 755 so other OS users (postgres, mysql) can enter" : ""),
        mount));
    String data = spec.dataDir().toString();
    List<Command> dataDir = new ArrayList<>();
    dataDir.add(spec.manager() == VolumeManager.BTRFS_RAID0 ? Command.of("btrfs", "subvolume", "create", data)
        : Command.of("mkdir", data));
    if (spec.filesystem().hasUnixPermissions()) {
      dataDir.add(Command.of("chmod", "755", data));
    }
    steps.add(LayoutStep.make(LayoutPart.DATA_DIR, spec.manager() == VolumeManager.BTRFS_RAID0
        ? "make the data subvolume (what the snapshots take)" : "make the data directory", dataDir));
    return steps;
  }

  static List<LayoutStep> snapshotSteps(LayoutSpec spec, int first, int count) {
    SnapshotBackend backend = spec.manager().snapshots().orElseThrow(
        () -> new IllegalArgumentException(Layout.PLAIN_HAS_NO_SNAPSHOTS));
    if (count > 0 && first > 1) {
      backend.whyNoMoreAfter(spec.snapshotSource(), first - 1).ifPresent(why -> {
        throw new IllegalArgumentException(why);
      });
    }
    List<LayoutStep> steps = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      int number = first + i;
      String location = spec.snapshotLocation(number);
      steps.add(LayoutStep.snapshot(number, "take " + backend.kind() + " snapshot " + LayoutSpec.snapshotName(number)
          + " (" + location + ")", backend.take(spec.snapshotSource(), location, i + 1, count)));
    }
    return steps;
  }

  /**
   * The destroy steps for what is recorded: snapshots (newest first), then the parts in reverse
   * order of making. The data directory and an LVM layout's filesystem need no step of their own:
   * they go with the filesystem and the data volume.
   */
  static List<LayoutStep> destroySteps(LayoutSpec spec, Set<LayoutPart> made, List<Integer> snapshots) {
    List<LayoutStep> steps = new ArrayList<>();
    if (!snapshots.isEmpty()) {
      SnapshotBackend backend = spec.manager().snapshots().orElseThrow(
          () -> new IllegalArgumentException(Layout.PLAIN_HAS_NO_SNAPSHOTS));
      List<Integer> newestFirst = new ArrayList<>(snapshots);
      newestFirst.sort(Collections.reverseOrder());
      for (int number : newestFirst) {
        String location = spec.snapshotLocation(number);
        steps.add(LayoutStep.removeSnapshot(number, "remove snapshot " + LayoutSpec.snapshotName(number) + " ("
            + location + ")", backend.remove(location)));
      }
    }
    List<LayoutPart> reversed = new ArrayList<>(LayoutPart.of(spec.manager()));
    Collections.reverse(reversed);
    String vg = spec.volumeGroup();
    List<String> devices = spec.devices().stream().map(Path::toString).toList();
    for (LayoutPart part : reversed) {
      if (!made.contains(part)) {
        continue;
      }
      switch (part) {
        case MOUNTED -> steps.add(LayoutStep.remove(part, "unmount " + spec.mountPoint(),
            List.of(Command.of("umount", spec.mountPoint().toString()))));
        case MOUNT_POINT -> steps.add(LayoutStep.remove(part, "remove the mount point (only when empty)",
            List.of(Command.of("rmdir", spec.mountPoint().toString()))));
        case FILESYSTEM -> {
          if (!spec.manager().usesLvm()) {
            steps.add(LayoutStep.remove(part, "erase the filesystem's signatures from the devices",
                wipe(spec.devices())));
          }
        }
        case DATA_VOLUME -> steps.add(LayoutStep.remove(part, "remove the data volume",
            List.of(Command.of("lvremove", "-y", vg + "/data"))));
        case THIN_POOL -> steps.add(LayoutStep.remove(part, "remove the thin pool",
            List.of(Command.of("lvremove", "-y", vg + "/pool"))));
        case VOLUME_GROUP -> steps.add(LayoutStep.remove(part, "remove the volume group",
            List.of(Command.of("vgremove", "-y", vg))));
        case PHYSICAL_VOLUMES -> steps.add(LayoutStep.remove(part, "remove the LVM labels from the devices",
            List.of(Command.of(concat(List.of("pvremove", "-y"), devices)))));
        case DATA_DIR -> { }
      }
    }
    return steps;
  }

  private static List<LayoutStep> lvmBase(LayoutSpec spec, List<String> devices) {
    return List.of(
        LayoutStep.make(LayoutPart.PHYSICAL_VOLUMES, "initialise the devices as LVM physical volumes",
            List.of(Command.of(concat(List.of("pvcreate"), devices)))),
        LayoutStep.make(LayoutPart.VOLUME_GROUP, "make the volume group " + spec.volumeGroup() + " with 4 MiB extents",
            List.of(Command.of(concat(List.of("vgcreate", "-s", "4M", spec.volumeGroup()), devices)))));
  }

  /**
   * {@code lvcreate -y [-i N -I 64k] ARGS}: striped over all N devices with 64 KiB stripes (LVM's
   * default stripe size, written out so the layout does not depend on lvm.conf); no striping
   * options for one device. {@code -y}: a leftover signature inside the new volume is wiped
   * instead of asked about (the agent runs without a terminal; the devices are the layout's).
   */
  private static Command lvcreate(int stripes, String... args) {
    List<String> argv = new ArrayList<>(List.of("lvcreate", "-y"));
    if (stripes > 1) {
      argv.addAll(List.of("-i", Integer.toString(stripes), "-I", STRIPE));
    }
    argv.addAll(List.of(args));
    return Command.of(argv);
  }

  private static String stripes(int n) {
    return n == 1 ? "on the one device (no striping)" : "striped over " + n + " devices, 64 KiB stripes";
  }

  private static Command mkfs(LayoutSpec spec) {
    if (spec.manager() == VolumeManager.BTRFS_RAID0) {
      return Command.of(concat(List.of("mkfs.btrfs", "-f", "-d", "raid0", "-m", "raid0", "-s", "4096"),
          spec.devices().stream().map(Path::toString).toList()));
    }
    return Command.of(spec.filesystem().mkfs(spec.volume().toString()));
  }

  /**
   * {@code mount -t FS VOLUME MNT}; a btrfs over several devices is mounted with each device named
   * ({@code -o device=…}), so the mount does not depend on a device scan having seen them.
   */
  private static Command mount(LayoutSpec spec) {
    List<String> argv = new ArrayList<>(List.of("mount", "-t", spec.filesystem().label()));
    if (spec.manager() == VolumeManager.BTRFS_RAID0 && spec.devices().size() > 1) {
      argv.addAll(List.of("-o", String.join(",", spec.devices().stream().map(d -> "device=" + d).toList())));
    }
    argv.add(spec.volume().toString());
    argv.add(spec.mountPoint().toString());
    return Command.of(argv);
  }

  private static void requireThinSize(LayoutSpec spec) {
    if (spec.manager() == VolumeManager.LVM_THIN_RAID0 && spec.thinVolumeBytes().isEmpty()) {
      throw new IllegalArgumentException("an lvm-thin-raid0 spec needs its thin volume size for an executable "
          + "command list; give it with LayoutSpec.withThinVolumeBytes (Layout derives one from the devices' sizes)");
    }
  }

  private static List<Command> flatten(List<LayoutStep> steps) {
    return steps.stream().flatMap(s -> s.commands().stream()).toList();
  }

  private static List<String> concat(List<String> a, List<String> b) {
    List<String> all = new ArrayList<>(a);
    all.addAll(b);
    return all;
  }
}
