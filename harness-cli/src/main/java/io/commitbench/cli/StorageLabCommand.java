package io.commitbench.cli;

import io.commitbench.core.key.ByteSize;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.storage.lab.Lab;
import io.commitbench.core.host.lab.LabFilesystem;
import io.commitbench.storage.lab.Aging;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.lab.Throttle;
import io.commitbench.storage.plan.RefusedException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code commitbench storage lab up|down|status}: lab devices for machines without spare disks. */
@Command(
    name = "lab",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {"Builds, shows and removes lab devices: a fast \"ssd\" and a slow \"hdd\".", "",
      "The lab measures commits without spare disks: an \"ssd\" (by default a loop device over a sparse image in /dev/shm, rotational 0) and an \"hdd\" (by default a loop device over an image on the root's disk, rotational 1, throttled by a cgroup v1 blkio limit; with --hdd-profile hdd a 7,200 rpm disk's latency for every process, through nbdkit, nbdfuse and a loop device), each with a filesystem mounted at ROOT/ssd and ROOT/hdd; with --disks N also N raw disks disk1..diskN for storage-layout experiments (loop devices over images ROOT/diskK.img, rotational 1, throttled like the hdd, no filesystem, not mounted). Processes started in the lab's cgroup are throttled on the hdd and every disk. What up made is recorded in ROOT/lab.json; down removes exactly that."},
    footer = {"", "Documentation: docs/lab.md"},
    subcommands = {StorageLabCommand.Up.class, StorageLabCommand.Down.class, StorageLabCommand.Status.class,
      HelpCommand.class})
final class StorageLabCommand {

  private static final String DEFAULT_ROOT = "/var/tmp/commitbench-lab";

  /** {@code lab up}. */
  @Command(
      name = "up",
      mixinStandardHelpOptions = true,
      description = {"Prints the plan (the exact commands) and builds the lab with --apply.", "Refuses (exit 2, nothing changed) when not root, a lab is already up at the root, an image exists already, /dev/shm or the disk lacks the space (the disk must hold the hdd and all disk images), losetup/mkfs are missing, or cgroup v1 blkio is not mounted. A failure half-way removes what was made."},
      exitCodeListHeading = "%nExit codes:%n",
      exitCodeList = {
        "0:planned (without --apply) or built",
        "1:up failed half-way; what it made was removed again (ROOT/lab.json lists anything left)",
        "2:bad option or refused; nothing was changed"
      },
      footer = {"", "Example: commitbench storage lab up --ssd-size 256M --hdd-size 256M --apply",
          "Example: commitbench storage lab up --disks 3 --disk-size 512M --apply", "",
          "Documentation: docs/lab.md"})
  static final class Up implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = DEFAULT_ROOT,
        description = "The lab's directory (created if absent). Default: ${DEFAULT-VALUE}.")
    Path root;

    @Option(names = "--id", paramLabel = "ID",
        description = "Names the cgroup (commitbench-ID) and the ssd image. Default: lab- and a hash of the root.")
    String id;

    @Option(names = "--fs", paramLabel = "FS", defaultValue = "ext4",
        description = "Filesystem on the ssd and the hdd (the disks get none): ext4, xfs (at least 300M) or btrfs "
            + "(at least 128M). Default: ${DEFAULT-VALUE}.")
    String fs;

    @Option(names = "--ssd-size", paramLabel = "SIZE", defaultValue = "1G",
        description = "Size of the ssd image (sparse, in /dev/shm): bytes or with K, M, G, T. Default: ${DEFAULT-VALUE}.")
    String ssdSize;

    @Option(names = "--hdd-size", paramLabel = "SIZE", defaultValue = "1G",
        description = "Size of the hdd image (sparse, under the root). Default: ${DEFAULT-VALUE}.")
    String hddSize;

    @Option(names = "--disks", paramLabel = "N", defaultValue = "0",
        description = "Raw disks to make, 0 to 5: disk1..diskN, loop devices over sparse images ROOT/diskK.img, "
            + "rotational 1, throttled by the same --hdd-* limits as the hdd, with no filesystem and not mounted "
            + "(for a layout tool: RAID0 and so on). Default: ${DEFAULT-VALUE}.")
    int disks;

    @Option(names = "--disk-size", paramLabel = "SIZE", defaultValue = "512M",
        description = "Size of each raw disk's image (sparse, under the root), at least 128M (mkfs.btrfs needs about "
            + "114 MiB per device). Default: ${DEFAULT-VALUE}.")
    String diskSize;

    @Option(names = "--hdd-write-iops", paramLabel = "N", defaultValue = "150",
        description = "Write operations per second allowed on the hdd; 0 = no limit. Default: ${DEFAULT-VALUE}.")
    long writeIops;

    @Option(names = "--hdd-write-bps", paramLabel = "SIZE", defaultValue = "0",
        description = "Write bytes per second allowed on the hdd (K, M, G allowed); 0 = no limit (default).")
    String writeBps;

    @Option(names = "--hdd-read-iops", paramLabel = "N", defaultValue = "0",
        description = "Read operations per second allowed on the hdd; 0 = no limit (default).")
    long readIops;

    @Option(names = "--hdd-read-bps", paramLabel = "SIZE", defaultValue = "0",
        description = "Read bytes per second allowed on the hdd; 0 = no limit (default).")
    String readBps;

    @Option(names = "--ssd-profile", paramLabel = "PROFILE", defaultValue = "ram",
        description = "How the ssd behaves: ram (loop device over /dev/shm), throttle (like the hdd's default), hdd "
            + "or ssd (served by nbdkit through nbdfuse: slow for every process), flash-sata or flash-nvme (a flash "
            + "SSD model: FTL, garbage collection, TRIM; without and with power-loss protection), disk-7200 or "
            + "disk-15k (a rotating-disk model); see docs/lab.md. Default: ${DEFAULT-VALUE}.")
    String ssdProfile;

    @Option(names = "--hdd-profile", paramLabel = "PROFILE", defaultValue = "throttle",
        description = "How the hdd behaves: throttle (cgroup v1 blkio limits --hdd-*, only for processes started in "
            + "the lab's cgroup), hdd (a 7,200 rpm disk's 12 ms per I/O, 138 MB/s, for every process), disk-7200 or "
            + "disk-15k (a rotating-disk model: seek over the distance, rotation, track buffer, write cache), "
            + "flash-sata, flash-nvme, ssd or ram. Default: ${DEFAULT-VALUE}.")
    String hddProfile;

    @Option(names = "--no-calibrate", negatable = false,
        description = "Do not measure the ssd and the hdd after making them (by default a few seconds each, about 11 with fio: "
            + "fdatasync of 8 KiB p50/p99 and write IOPS, with fio when installed also random read and write "
            + "latency and sequential read MB/s, recorded in ROOT/lab.json).")
    boolean noCalibrate;

    @Option(names = "--ssd-age", paramLabel = "PERCENT", defaultValue = "0",
        description = "Age the ssd before it is measured: a kept file of PERCENT of its free space (1 to 95), written in "
            + "full, then overwritten at random 8 KiB offsets for --ssd-age-seconds, so that a flash model's free "
            + "blocks are used up as on a drive in service. Default: ${DEFAULT-VALUE} (no aging).")
    int ssdAgePercent;

    @Option(names = "--ssd-age-seconds", paramLabel = "N", defaultValue = "60",
        description = "How long the aging's random overwrites run (1 to 3600). Default: ${DEFAULT-VALUE}.")
    int ssdAgeSeconds;

    @Option(names = "--apply", description = "Build the lab; without it only the plan is printed.")
    boolean apply;

    @Override
    public Integer call() throws Exception {
      LabSpec lab;
      try {
        lab = LabSpec.defaults(root)
            .withThrottle(new Throttle(writeIops, bytes("--hdd-write-bps", writeBps), readIops,
                bytes("--hdd-read-bps", readBps)));
        lab = new LabSpec(lab.root(), id == null ? lab.id() : id, LabFilesystem.fromLabel(fs),
            bytes("--ssd-size", ssdSize), bytes("--hdd-size", hddSize), lab.hddThrottle())
            .withDisks(disks, bytes("--disk-size", diskSize))
            .withProfiles(profile("--ssd-profile", ssdProfile), profile("--hdd-profile", hddProfile))
            .withCalibration(!noCalibrate)
            .withSsdAging(new Aging(ssdAgePercent, ssdAgeSeconds));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
      }
      PrintWriter out = spec.commandLine().getOut();
      PlanOutput.show(Lab.planUp(lab), apply, out);
      Lab.checkUp(lab);
      if (!apply) {
        return ExitCodes.OK;
      }
      LabState state = Lab.up(lab, ProcessCommandRunner.standard(), ProgressStreams.over(out));
      for (String name : java.util.List.of("ssd", "hdd")) {
        state.device(name).calibration().ifPresent(c -> out.println(name + " (profile "
            + state.device(name).profile().label() + "): " + c.summary()));
        Lab.besideDatasheet(state.device(name)).forEach(out::println);
      }
      out.println("lab '" + state.id() + "' is up: ssd at " + state.mount("ssd") + ", hdd at " + state.mount("hdd")
          + (state.disks().isEmpty() ? "" : ", raw disks " + state.disks().stream().map(Path::toString)
              .collect(java.util.stream.Collectors.joining(" ")))
          + ", throttle cgroup " + state.throttleCgroup().map(Path::toString).orElse("none"));
      out.flush();
      return ExitCodes.OK;
    }
  }

  /** {@code lab down}. */
  @Command(
      name = "down",
      mixinStandardHelpOptions = true,
      description = {"Prints the plan and, with --apply, removes exactly what ROOT/lab.json records.",
        "It removes in reverse order: the old logs relocations kept on the lab (pg_wal.moved-N beside a log, after a move or an undo; each named in the plan, and deleted only with --delete-kept-logs), the cgroup (when empty), mounts, mount points, loop devices (when still backed by the lab's image or FUSE file, the raw disks' too), for a device of profile hdd or ssd its FUSE mount (fusermount3 -u, nbdfuse exits), its nbdkit (by the pid its pidfile gave, only while that process still names the lab's socket) and their directory ROOT/NAME.nbd, and images. Kills nothing: refuses (exit 2, also without --apply, nothing changed) while a process uses a mount or is in the cgroup, naming the processes, while a raw disk is in use (mounted, held by md/dm, part of a mounted btrfs), or while a managed instance, running or stopped, keeps its data or log on the ssd or the hdd (recorded in ROOT/tenants), naming each with how to destroy it or move its log off; stop them, take down layouts on the disks and remove or move those instances first. Refuses too while relocations kept old logs on the lab (recorded in ROOT/kept), naming each by path and size, unless --delete-kept-logs, and when there is no lab at the root."},
      footer = {"", "Documentation: docs/lab.md"})
  static final class Down implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = DEFAULT_ROOT,
        description = "The lab's directory. Default: ${DEFAULT-VALUE}.")
    Path root;

    @Option(names = "--apply", description = "Take the lab down; without it only the plan is printed.")
    boolean apply;

    @Option(names = "--delete-kept-logs", description = "Delete the old logs relocations kept on the lab's mounts"
        + " with the lab; without it down refuses while there are any, so that none is lost unseen.")
    boolean deleteKeptLogs;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      return PlanOutput.showCheckApply(Lab.planDown(root, deleteKeptLogs), apply, out,
          () -> Lab.checkDown(root, deleteKeptLogs), () -> {
        Lab.down(root, ProcessCommandRunner.standard(), ProgressStreams.over(out), deleteKeptLogs);
        return "lab at " + root.toAbsolutePath().normalize() + " is down";
      });
    }
  }

  /** {@code lab status}. */
  @Command(
      name = "status",
      mixinStandardHelpOptions = true,
      description = {"Shows the lab at the root as the host sees it.",
        "For each device: its loop device, mount, filesystem and rotational flag; for each raw disk: its loop device, image, rotational flag and whether it is in use; the throttle lines of the hdd and the disks; the cgroup's processes. Prints 'no lab at ROOT' (exit 0) when there is none."},
      footer = {"", "Documentation: docs/lab.md"})
  static final class Status implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Option(names = "--root", paramLabel = "DIR", defaultValue = DEFAULT_ROOT,
        description = "The lab's directory. Default: ${DEFAULT-VALUE}.")
    Path root;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      Lab.status(root).forEach(out::println);
      out.flush();
      return ExitCodes.OK;
    }
  }

  /** A device profile by name, or an error naming the option and the profiles allowed. */
  static DeviceProfile profile(String option, String text) {
    try {
      return DeviceProfile.fromLabel(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Invalid value '" + text + "' for option '" + option + "': give one of "
          + DeviceProfile.allowed(), e);
    }
  }

  /** A size such as 1G, 512M, 64K or 4096 (binary multiples), or an error naming the option. */
  static long bytes(String option, String text) {
    try {
      return ByteSize.parse(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Invalid value '" + text + "' for option '" + option + "': give "
          + ByteSize.ALLOWED, e);
    }
  }
}
