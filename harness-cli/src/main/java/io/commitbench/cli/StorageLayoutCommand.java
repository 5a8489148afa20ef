package io.commitbench.cli;

import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.layout.Layout;
import io.commitbench.storage.layout.LayoutFilesystem;
import io.commitbench.storage.layout.LayoutSnapshot;
import io.commitbench.storage.layout.LayoutSpec;
import io.commitbench.storage.layout.LayoutState;
import io.commitbench.storage.layout.VolumeManager;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code commitbench storage layout plan|apply|snapshot|destroy}: the snapshot study's storage layouts. */
@Command(
    name = "layout",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Builds a storage layout over block devices, snapshots its data, destroys it.",
      "",
      "A layout is a filesystem (ext4, xfs, btrfs, jfs, vfat; 4 KiB blocks) on a volume made",
      "by a manager:",
      "  plain           the filesystem on exactly one device; no snapshots",
      "  lvm-raid0       an LVM volume striped over 1-5 devices (4 MiB extents,",
      "                  64 KiB stripes, 80%% of the group); classic snapshots",
      "                  with their copy-on-write areas in the other 20%%",
      "  lvm-thin-raid0  a thin volume in a striped LVM thin pool; thin",
      "                  snapshots sharing the pool",
      "  btrfs-raid0     btrfs, data and metadata RAID0 over 1-5 devices;",
      "                  snapshots of the data subvolume",
      "It is mounted at ROOT/mnt; a database's data directory goes in",
      "ROOT/mnt/data. What is made is recorded in ROOT/layout.json (each part",
      "before it is made) and journaled under ROOT/journal; destroy removes",
      "exactly that, snapshots first, and leaves the devices blank.",
      "Before anything changes, the host is probed (device-mapper in /proc/misc,",
      "the filesystem in /proc/filesystems, the programs) and the devices are",
      "checked (a block device, not mounted, held or swap, and no filesystem,",
      "RAID or LVM signature unless --overwrite)."
    },
    subcommands = {StorageLayoutCommand.PlanCommand.class, StorageLayoutCommand.Apply.class,
      StorageLayoutCommand.Snapshot.class, StorageLayoutCommand.Destroy.class, HelpCommand.class},
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success (or the plan of a dry run that would be accepted)",
      "1:the operation failed (a half-made layout is removed again; layout.json records what is left)",
      "2:bad input, refused, or unsupported on this host (the reason is printed); nothing was changed"
    },
    footer = {"", "Documentation: docs/campaigns.md"})
final class StorageLayoutCommand {

  private static final String DEFAULT_ROOT = "/var/tmp/commitbench-layout";

  /** The options that describe a layout, shared by plan and apply. */
  static final class SpecOptions {
    @Spec(Spec.Target.MIXEE) CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = DEFAULT_ROOT,
        description = "The layout's directory: layout.json, journals, the mount point ROOT/mnt (created if absent). "
            + "Default: ${DEFAULT-VALUE}.")
    Path root;

    @Option(names = "--id", paramLabel = "ID",
        description = "Names the LVM volume group (cb_ID); 1-32 of a-z, 0-9, _ and -. Default: l and a hash of the "
            + "root.")
    String id;

    @Option(names = "--manager", paramLabel = "MANAGER", required = true,
        description = "plain, lvm-raid0, lvm-thin-raid0 or btrfs-raid0.")
    String manager;

    @Option(names = "--fs", paramLabel = "FS", required = true,
        description = "ext4, xfs, btrfs, jfs or vfat (btrfs-raid0: btrfs).")
    String fs;

    @Option(names = "--devices", paramLabel = "DEV", split = ",", required = true,
        description = "1 to 5 block devices, comma-separated (plain: exactly one). Everything on them is lost.")
    List<Path> devices;

    @Option(names = "--thin-size", paramLabel = "SIZE",
        description = "lvm-thin-raid0: the thin volume's virtual size (a multiple of 4M; K, M, G, T allowed). "
            + "Default: 40%% of the devices, half the pool.")
    String thinSize;

    @Option(names = "--overwrite",
        description = "Erase filesystem, RAID and LVM signatures found on the devices (wipefs -a) instead of "
            + "refusing them. A mounted, held or swap device is refused all the same.")
    boolean overwrite;

    LayoutSpec layout() {
      try {
        VolumeManager m = VolumeManager.byLabel(manager).orElseThrow(() -> new IllegalArgumentException(
            "Invalid value '" + manager + "' for option '--manager': use one of " + VolumeManager.labels()));
        LayoutFilesystem f = LayoutFilesystem.byLabel(fs).orElseThrow(() -> new IllegalArgumentException(
            "Invalid value '" + fs + "' for option '--fs': use one of " + LayoutFilesystem.labels()));
        Optional<Long> thin = thinSize == null ? Optional.empty()
            : Optional.of(StorageLabCommand.bytes("--thin-size", thinSize));
        Path absolute = root.toAbsolutePath().normalize();
        return new LayoutSpec(absolute, id == null ? LayoutSpec.idFor(absolute) : id, m, f, devices, thin);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
      }
    }
  }

  /** Prints the plan, and runs the checks: exit 2 with the reason when the layout would be refused. */
  private static Integer planAndCheck(SpecOptions options, boolean apply, PrintWriter out) throws Exception {
    LayoutSpec layout = options.layout();
    PlanOutput.show(Layout.plan(layout, options.overwrite), apply, out);
    if (!apply) {
      Layout.check(layout, options.overwrite);
      return ExitCodes.OK;
    }
    LayoutState state = Layout.apply(layout, options.overwrite, ProcessCommandRunner.standard(),
        ProgressStreams.over(out));
    out.println("layout '" + state.spec().id() + "' is made: " + state.spec().summary() + ", mounted at "
        + state.mountPoint() + "; data directory " + state.dataDir());
    out.flush();
    return ExitCodes.OK;
  }

  /** {@code layout plan}. */
  @Command(
      name = "plan",
      mixinStandardHelpOptions = true,
      description = {"Prints what apply would do (the exact commands) and checks host and devices.",
        "Changes nothing. Exit 2 with the reason when the host cannot make the layout (\"unsupported on this host: "
          + "...\") or a device is refused."},
      footer = {"", "Example: commitbench storage layout plan --root /var/tmp/lay --manager btrfs-raid0 --fs btrfs "
          + "--devices /dev/loop3,/dev/loop4", "", "Documentation: docs/campaigns.md"})
  static final class PlanCommand implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin SpecOptions options;

    @Override
    public Integer call() throws Exception {
      return planAndCheck(options, false, spec.commandLine().getOut());
    }
  }

  /** {@code layout apply}. */
  @Command(
      name = "apply",
      mixinStandardHelpOptions = true,
      description = {"Prints the plan and, with --apply, makes the layout.", "Refuses (exit 2, nothing changed) when "
          + "the host lacks device-mapper, the filesystem or a program, when not root, when a layout is already at "
          + "the root, or when a device is not a block device, is mounted, held or swap, is too small, or carries a "
          + "signature (without --overwrite). A failure half-way removes what was made."},
      footer = {"", "Example: commitbench storage layout apply --root /var/tmp/lay --manager lvm-raid0 --fs xfs "
          + "--devices /dev/sdb,/dev/sdc --apply", "", "Documentation: docs/campaigns.md"})
  static final class Apply implements Callable<Integer> {
    @Spec CommandSpec spec;
    @Mixin SpecOptions options;

    @Option(names = "--apply", description = "Make the layout; without it only the plan is printed and checked.")
    boolean apply;

    @Override
    public Integer call() throws Exception {
      return planAndCheck(options, apply, spec.commandLine().getOut());
    }
  }

  /** {@code layout snapshot}. */
  @Command(
      name = "snapshot",
      mixinStandardHelpOptions = true,
      description = {"Prints the plan and, with --apply, takes N more snapshots of the layout's data.",
        "They are named snapN, numbered after those it has: lvm-raid0 classic snapshots (their copy-on-write areas share all of the "
          + "group's free space equally, so take them all in one call), lvm-thin-raid0 thin snapshots, btrfs-raid0 "
          + "subvolume snapshots. Take them after the data is loaded. Refuses (exit 2) for a plain layout "
          + "(\"unsupported: a plain layout has no snapshot mechanism\"), when the host lacks the mechanism, when "
          + "the layout is incomplete or not mounted, or for more classic snapshots after some were taken."},
      footer = {"", "Example: commitbench storage layout snapshot --root /var/tmp/lay --count 2 --apply", "",
        "Documentation: docs/campaigns.md"})
  static final class Snapshot implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = DEFAULT_ROOT,
        description = "The layout's directory. Default: ${DEFAULT-VALUE}.")
    Path root;

    @Option(names = "--count", paramLabel = "N", required = true,
        description = "How many snapshots to take now, 0 to " + Layout.MAX_SNAPSHOTS + ".")
    int count;

    @Option(names = "--apply", description = "Take them; without it only the plan is printed and checked.")
    boolean apply;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      PlanOutput.show(Layout.planSnapshots(root, count), apply, out);
      if (!apply) {
        Layout.checkSnapshots(root, count);
        return ExitCodes.OK;
      }
      LayoutState state = Layout.takeSnapshots(root, count, ProcessCommandRunner.standard(),
          ProgressStreams.over(out));
      out.println("the layout at " + state.root() + " has " + state.snapshots().size() + " snapshot(s): "
          + String.join(", ", state.snapshots().stream().map(LayoutSnapshot::location).toList()));
      out.flush();
      return ExitCodes.OK;
    }
  }

  /** {@code layout destroy}. */
  @Command(
      name = "destroy",
      mixinStandardHelpOptions = true,
      description = {"Prints the plan and, with --apply, removes exactly what ROOT/layout.json records.",
        "Snapshots go first (btrfs subvolume deletion does not wait for the space to be freed), then the mount, mount point, "
          + "volumes, volume group and the signatures on the devices, which stay attached. Works after a half-made "
          + "apply: only what is still there is removed. Kills nothing: refuses (exit 2) while a process uses the "
          + "mount, naming it."},
      footer = {"", "Example: commitbench storage layout destroy --root /var/tmp/lay --apply", "",
        "Documentation: docs/campaigns.md"})
  static final class Destroy implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = DEFAULT_ROOT,
        description = "The layout's directory. Default: ${DEFAULT-VALUE}.")
    Path root;

    @Option(names = "--apply", description = "Destroy the layout; without it only the plan is printed.")
    boolean apply;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      return PlanOutput.showCheckApply(Layout.planDestroy(root), apply, out, () -> {}, () -> {
        Layout.destroy(root, ProcessCommandRunner.standard(), ProgressStreams.over(out));
        return "the layout at " + root.toAbsolutePath().normalize() + " is destroyed";
      });
    }
  }
}
