package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.layout.Layout;
import io.commitbench.storage.layout.LayoutFilesystem;
import io.commitbench.storage.layout.LayoutSnapshot;
import io.commitbench.storage.layout.LayoutSpec;
import io.commitbench.storage.layout.LayoutState;
import io.commitbench.storage.layout.UnsupportedOnHostException;
import io.commitbench.storage.layout.VolumeManager;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code storage layout} on this host's real loop devices (sparse images in a temporary directory
 * under /var/tmp, attached with {@code losetup -f --show} and detached by the test): btrfs RAID0
 * over 1, 2 and 3 devices with two subvolume snapshots (once through the command line), ext4 and
 * xfs on plain; each destroyed down to nothing (no mount, no snapshot, no mount point, blank
 * devices); an apply that fails after the mount removes what it made. Also: a device carrying a
 * filesystem is refused without --overwrite; LVM and jfs/vfat are reported unsupported with the
 * reason where the kernel has no device-mapper or lacks those filesystems.
 *
 * <p>Needs root, loop devices, btrfs/xfs/ext4 in the kernel and their mkfs; skipped with the reason
 * printed otherwise.
 */
class StorageLayoutIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;

  private final CommandRunner runner = ProcessCommandRunner.standard();
  private final List<String> loops = new ArrayList<>();
  private final List<Process> holders = new ArrayList<>();
  private Path dir;
  private Path root;

  @BeforeEach
  void setUp() throws IOException {
    requirements();
    dir = Files.createTempDirectory(Path.of("/var/tmp"), "layout-it-");
    root = dir.resolve("root");
  }

  @AfterEach
  void tearDown() throws Exception {
    for (Process p : holders) {
      p.destroy();
      p.waitFor();
    }
    if (dir == null) {
      return;
    }
    try {
      if (LayoutState.read(root).isPresent()) {
        Layout.destroy(root, runner, System.out);
      }
    } finally {
      for (String loop : loops) {
        runner.attempt(Command.of("losetup", "-d", loop));
      }
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  @ParameterizedTest(name = "btrfs-raid0 over {0} device(s)")
  @ValueSource(ints = {1, 2, 3})
  void btrfsRaid0WithTwoSnapshotsIsDestroyedToNothing(int n) throws Exception {
    List<Path> devices = loopDevices(n, 160);
    LayoutSpec spec = LayoutSpec.of(root, VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, devices);
    assertThat(Layout.unsupportedReason(spec)).isEmpty();

    LayoutState layout = Layout.apply(spec, runner, System.out);

    assertThat(mountLine(layout.mountPoint())).hasValueSatisfying(l -> assertThat(l).contains(" btrfs "));
    String show = runner.run(Command.of("btrfs", "filesystem", "show", layout.mountPoint().toString())).stdout();
    assertThat(show).contains("Total devices " + n + " ");
    devices.forEach(d -> assertThat(show).contains(d.toString()));
    String df = runner.run(Command.of("btrfs", "filesystem", "df", layout.mountPoint().toString())).stdout();
    assertThat(df).contains("Data, RAID0", "Metadata, RAID0");
    assertThat(blockSize(layout.mountPoint())).isEqualTo("4096");
    assertThat(runner.attempt(Command.of("btrfs", "subvolume", "show", layout.dataDir().toString())).succeeded())
        .as("data is a subvolume").isTrue();
    assertThat(mode(layout.mountPoint())).isEqualTo("rwxr-xr-x");
    Files.writeString(layout.dataDir().resolve("loaded.txt"), "before the snapshots");

    LayoutState snapped = Layout.takeSnapshots(root, 2, runner, System.out);

    assertThat(snapped.snapshots()).extracting(LayoutSnapshot::location).containsExactly(
        layout.mountPoint().resolve("snap1").toString(), layout.mountPoint().resolve("snap2").toString());
    String list = runner.run(Command.of("btrfs", "subvolume", "list", layout.mountPoint().toString())).stdout();
    assertThat(list).contains("path data", "path snap1", "path snap2");
    assertThat(layout.mountPoint().resolve("snap2/loaded.txt")).hasContent("before the snapshots");
    System.out.println(PREFIX + "btrfs-raid0 over " + n + ": " + list.strip().replace("\n", "; "));

    Layout.destroy(root, runner, System.out);

    assertNothingLeft(layout, devices);
  }

  @Test
  void anApplyFailingAfterTheMountRemovesWhatItMadeOnRealDevices() throws Exception {
    List<Path> devices = loopDevices(2, 160);
    LayoutSpec spec = LayoutSpec.of(root, VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, devices);
    // The real host, except that making the data subvolume fails: mkfs, mkdir and mount have happened.
    CommandRunner failing = new CommandRunner() {
      @Override
      public CommandResult run(Command command) throws CommandFailedException {
        if (command.display().startsWith("btrfs subvolume create")) {
          throw new CommandFailedException(new CommandResult(command, 1, "", "failing as the test asked"));
        }
        return runner.run(command);
      }

      @Override
      public CommandResult attempt(Command command) throws CommandFailedException {
        return runner.attempt(command);
      }
    };

    assertThatThrownBy(() -> Layout.apply(spec, failing, System.out)).isInstanceOf(CommandFailedException.class)
        .hasMessageContaining("btrfs subvolume create");

    assertThat(mountLine(spec.mountPoint())).isEmpty();
    assertThat(spec.mountPoint()).doesNotExist();
    assertThat(root.resolve(LayoutState.FILE)).doesNotExist();
    for (Path d : devices) {
      assertThat(signatures(d)).as("signatures left on " + d).isEmpty();
    }
  }

  @Test
  void btrfsRaid0ThroughTheCommandLine() throws Exception {
    List<Path> devices = loopDevices(2, 160);
    String devs = devices.stream().map(Path::toString).collect(Collectors.joining(","));

    CliResult dry = cli("storage", "layout", "apply", "--root", root.toString(), "--manager", "btrfs-raid0", "--fs",
        "btrfs", "--devices", devs);
    assertThat(dry.exitCode()).as(dry.describe()).isZero();
    assertThat(dry.out()).contains("dry run", "mkfs.btrfs -f -d raid0 -m raid0 -s 4096 " + devs.replace(',', ' '));
    assertThat(root.resolve("mnt")).doesNotExist();

    CliResult apply = cli("storage", "layout", "apply", "--root", root.toString(), "--manager", "btrfs-raid0", "--fs",
        "btrfs", "--devices", devs, "--apply");
    assertThat(apply.exitCode()).as(apply.describe()).isZero();
    assertThat(apply.out()).contains("is made: btrfs-raid0 over 2 devices, btrfs", "data directory "
        + root.resolve("mnt/data"));
    CliResult snap = cli("storage", "layout", "snapshot", "--root", root.toString(), "--count", "2", "--apply");
    assertThat(snap.exitCode()).as(snap.describe()).isZero();
    assertThat(snap.out()).contains("has 2 snapshot(s)");
    LayoutState layout = LayoutState.read(root).orElseThrow();
    assertThat(layout.snapshots()).hasSize(2);
    assertThat(root.resolve("mnt/snap1")).isDirectory();

    CliResult destroy = cli("storage", "layout", "destroy", "--root", root.toString(), "--apply");
    assertThat(destroy.exitCode()).as(destroy.describe()).isZero();
    assertThat(destroy.out()).contains("btrfs subvolume delete " + root.resolve("mnt/snap2"), "is destroyed");

    assertNothingLeft(layout, devices);
  }

  @ParameterizedTest(name = "{0} on plain")
  @ValueSource(strings = {"ext4", "xfs"})
  void plainFilesystemIsMadeMountedAndDestroyedToNothing(String fs) throws Exception {
    LayoutFilesystem filesystem = LayoutFilesystem.byLabel(fs).orElseThrow();
    List<Path> devices = loopDevices(1, fs.equals("xfs") ? 320 : 64);
    LayoutSpec spec = LayoutSpec.of(root, VolumeManager.PLAIN, filesystem, devices);

    LayoutState layout = Layout.apply(spec, runner, System.out);

    assertThat(mountLine(layout.mountPoint())).hasValueSatisfying(l -> assertThat(l)
        .startsWith(devices.get(0) + " " + layout.mountPoint() + " " + fs + " "));
    assertThat(blockSize(layout.mountPoint())).isEqualTo("4096");
    assertThat(layout.dataDir()).isDirectory();
    assertThat(mode(layout.dataDir())).isEqualTo("rwxr-xr-x");
    assertThat(Layout.unsupportedSnapshotReason(layout, 1)).contains(Layout.PLAIN_HAS_NO_SNAPSHOTS);
    assertThatThrownBy(() -> Layout.takeSnapshots(root, 1, runner, System.out)).isInstanceOf(RefusedException.class)
        .hasMessageStartingWith("unsupported: a plain layout has no snapshot mechanism");

    Path held = layout.dataDir().resolve("held.txt");
    Process holder = new ProcessBuilder("sleep", "300").redirectOutput(held.toFile()).start();
    holders.add(holder);
    assertThatThrownBy(() -> Layout.destroy(root, runner, System.out)).isInstanceOf(RefusedException.class)
        .hasMessageContaining(layout.mountPoint() + " is in use by: pid " + holder.pid() + " (sleep)");
    assertThat(mountLine(layout.mountPoint())).isPresent();
    holder.destroy();
    holder.waitFor();

    Layout.destroy(root, runner, System.out);

    assertNothingLeft(layout, devices);
  }

  @Test
  void aDeviceWithAFilesystemIsRefusedWithoutOverwrite() throws Exception {
    List<Path> devices = loopDevices(1, 64);
    Path device = devices.get(0);
    runner.run(Command.of("mkfs.ext4", "-q", "-F", device.toString()));
    LayoutSpec spec = LayoutSpec.of(root, VolumeManager.PLAIN, LayoutFilesystem.EXT4, devices);

    assertThatThrownBy(() -> Layout.apply(spec, runner, System.out)).isInstanceOf(RefusedException.class)
        .hasMessageContaining(device + " carries ext4 at 0x438; give --overwrite to erase it");
    CliResult refused = cli("storage", "layout", "apply", "--root", root.toString(), "--manager", "plain", "--fs",
        "ext4", "--devices", device.toString(), "--apply");
    System.out.println(PREFIX + "without --overwrite: exit " + refused.exitCode() + ": " + refused.err().strip());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("refused: ", device + " carries ext4");
    assertThat(root.resolve("mnt")).doesNotExist();
    assertThat(signatures(device)).contains("ext4");

    CliResult overwritten = cli("storage", "layout", "apply", "--root", root.toString(), "--manager", "plain", "--fs",
        "ext4", "--devices", device.toString(), "--overwrite", "--apply");
    assertThat(overwritten.exitCode()).as(overwritten.describe()).isZero();
    assertThat(overwritten.out()).contains("$ wipefs -a " + device, "is made: plain over 1 device, ext4");

    LayoutState layout = LayoutState.read(root).orElseThrow();
    Layout.destroy(root, runner, System.out);
    assertNothingLeft(layout, devices);
  }

  @Test
  void lvmJfsAndVfatAreUnsupportedOnThisHostWithTheReason() throws Exception {
    boolean deviceMapper = Files.readAllLines(Path.of("/proc/misc")).stream()
        .anyMatch(l -> l.endsWith(" device-mapper"));
    List<String> filesystems = Files.readAllLines(Path.of("/proc/filesystems")).stream()
        .map(l -> l.substring(l.indexOf('\t') + 1)).toList();
    List<Path> devices = loopDevices(2, 64);
    String devs = devices.stream().map(Path::toString).collect(Collectors.joining(","));

    if (deviceMapper) {
      System.out.println(PREFIX + "this host has device-mapper: the LVM refusal is not checked here");
    } else {
      LayoutSpec lvm = LayoutSpec.of(root, VolumeManager.LVM_THIN_RAID0, LayoutFilesystem.EXT4, devices);
      assertThat(Layout.unsupportedReason(lvm)).hasValueSatisfying(r -> assertThat(r)
          .startsWith("unsupported on this host: ").contains("device-mapper"));
      assertThat(Layout.unsupportedSnapshotReason(LayoutSpec.of(root, VolumeManager.LVM_RAID0, LayoutFilesystem.XFS,
          devices), 1)).hasValueSatisfying(r -> assertThat(r).contains("device-mapper"));
      assertThatThrownBy(() -> Layout.apply(lvm, runner, System.out)).isInstanceOf(UnsupportedOnHostException.class)
          .hasMessageContaining("device-mapper");
      CliResult cli = cli("storage", "layout", "plan", "--root", root.toString(), "--manager", "lvm-raid0", "--fs",
          "xfs", "--devices", devs);
      System.out.println(PREFIX + "lvm-raid0: exit " + cli.exitCode() + ": " + cli.err().strip());
      assertThat(cli.exitCode()).isEqualTo(2);
      assertThat(cli.out()).contains("vgcreate -s 4M cb_");
      assertThat(cli.err()).contains("unsupported on this host: ", "device-mapper");
    }
    int checked = 0;
    for (LayoutFilesystem fs : List.of(LayoutFilesystem.JFS, LayoutFilesystem.VFAT)) {
      if (filesystems.contains(fs.label())) {
        System.out.println(PREFIX + "this kernel knows " + fs.label() + ": its refusal is not checked here");
        continue;
      }
      checked++;
      LayoutSpec plain = LayoutSpec.of(root, VolumeManager.PLAIN, fs, devices.subList(0, 1));
      assertThat(Layout.unsupportedReason(plain)).hasValueSatisfying(r -> assertThat(r)
          .startsWith("unsupported on this host: ").contains("the kernel does not know the " + fs.label()));
      CliResult cli = cli("storage", "layout", "apply", "--root", root.toString(), "--manager", "plain", "--fs",
          fs.label(), "--devices", devices.get(0).toString(), "--apply");
      System.out.println(PREFIX + fs.label() + ": exit " + cli.exitCode() + ": " + cli.err().strip());
      assertThat(cli.exitCode()).isEqualTo(2);
      assertThat(cli.err()).contains("unsupported on this host: ", fs.label());
    }
    Assumptions.assumeTrue(!deviceMapper || checked > 0,
        "this host has device-mapper, jfs and vfat: nothing is unsupported here");
    assertThat(root.resolve("mnt")).doesNotExist();
    assertThat(LayoutState.read(root)).isEmpty();
    for (Path d : devices) {
      assertThat(signatures(d)).as(d + " untouched").isEmpty();
    }
  }

  private void assertNothingLeft(LayoutState layout, List<Path> devices) throws IOException {
    assertThat(mountLine(layout.mountPoint())).isEmpty();
    assertThat(Files.readAllLines(Path.of("/proc/self/mounts"))).noneMatch(l -> l.contains(" " + root + "/"));
    assertThat(layout.mountPoint()).doesNotExist();
    assertThat(root.resolve(LayoutState.FILE)).doesNotExist();
    assertThat(LayoutState.read(root)).isEmpty();
    for (Path d : devices) {
      assertThat(signatures(d)).as("signatures left on " + d).isEmpty();
    }
  }

  /** {@code n} loop devices over fresh sparse images of {@code mib} MiB; detached in tearDown. */
  private List<Path> loopDevices(int n, long mib) throws IOException {
    List<Path> devices = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      Path image = dir.resolve("d" + (loops.size() + 1) + ".img");
      runner.run(Command.of("truncate", "-s", mib + "M", image.toString()));
      String loop = runner.run(Command.of("losetup", "-f", "--show", image.toString())).stdout().strip();
      loops.add(loop);
      devices.add(Path.of(loop));
    }
    return devices;
  }

  private String signatures(Path device) throws IOException {
    return runner.run(Command.of("wipefs", "--no-act", "--noheadings", device.toString())).stdout().strip();
  }

  private String blockSize(Path mount) throws IOException {
    return runner.run(Command.of("stat", "-f", "-c", "%S", mount.toString())).stdout().strip();
  }

  private static String mode(Path p) throws IOException {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  private static CliResult cli(String... args) {
    return Commitbench.execute(List.of(args));
  }

  private static Optional<String> mountLine(Path mountPoint) throws IOException {
    return Files.readAllLines(Path.of("/proc/self/mounts")).stream()
        .filter(l -> l.split(" ")[1].equals(mountPoint.toString())).findFirst();
  }

  private static void requirements() throws IOException {
    String reason = null;
    List<String> filesystems = Files.readAllLines(Path.of("/proc/filesystems"));
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: loop devices, mkfs and mount need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (Stream.of("btrfs", "xfs", "ext4")
        .anyMatch(fs -> filesystems.stream().noneMatch(l -> l.endsWith("\t" + fs)))) {
      reason = "the kernel lacks btrfs, xfs or ext4 (/proc/filesystems)";
    } else if (Stream.of("mkfs.btrfs", "mkfs.xfs", "mkfs.ext4", "btrfs", "wipefs").anyMatch(p ->
        Stream.of("/usr/sbin/", "/sbin/", "/usr/bin/", "/bin/").noneMatch(d -> Files.isExecutable(Path.of(d + p))))) {
      reason = "mkfs.btrfs, mkfs.xfs, mkfs.ext4, btrfs or wipefs is not installed";
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }
}
