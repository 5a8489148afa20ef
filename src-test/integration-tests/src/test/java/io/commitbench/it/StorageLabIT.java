package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.lab.Lab;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code storage lab} on this host's real loop devices, filesystems and cgroup v1 blkio
 * controller: a lab of 64 MiB devices is brought up, the hdd's throttle is measured (50 synchronous
 * 8 KiB writes on each mount, from a process in the lab's cgroup), and the lab is taken down to
 * nothing. Also: down refuses while a process holds a file open on a mount, and up refuses a second
 * lab on the same root; a lab with three raw disks comes up through the CLI (loop devices,
 * rotational 1, no filesystem, one throttle line per throttled device in the cgroup, shown by
 * status) and goes down to nothing; and down refuses while a btrfs RAID0 over the disks is mounted.
 * Each test's root is {@code /var/tmp/lab-it-*} with id {@code lab-it-*}.
 *
 * <p>Needs root, loop devices, the blkio controller and mkfs.ext4 (and mkfs.btrfs for the RAID0
 * test); skipped with the reason printed otherwise.
 */
class StorageLabIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final long SIZE = 64L << 20;

  private final CommandRunner runner = ProcessCommandRunner.standard();
  private Path root;
  private LabSpec spec;
  private Process holder;
  private Path layoutMount;

  @BeforeEach
  void setUp() throws IOException {
    LabItSupport.requirements();
    root = Files.createTempDirectory(Path.of("/var/tmp"), "lab-it-");
    spec = LabSpec.defaults(root).withId("lab-it-" + Integer.toHexString(ThreadLocalRandom.current().nextInt()))
        .withSizes(SIZE, SIZE);
  }

  @AfterEach
  void tearDown() throws Exception {
    if (holder != null) {
      holder.destroy();
      holder.waitFor();
    }
    if (root == null) {
      return;
    }
    unmountLayout();
    if (LabState.read(root).isPresent()) {
      Lab.down(root, runner, System.out);
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Test
  void upThrottlesTheHddMeasurablyAndDownLeavesNothing() throws Exception {
    LabState lab = Lab.up(spec, runner, System.out);
    Lab.status(root).forEach(line -> System.out.println(PREFIX + line));

    Path ssd = lab.mount("ssd");
    Path hdd = lab.mount("hdd");
    for (String name : List.of("ssd", "hdd")) {
      String loop = lab.device(name).loop().orElseThrow();
      assertThat(LabItSupport.mountLine(lab.mount(name))).as(name + " mount").isPresent().get().asString()
          .startsWith(loop + " " + lab.mount(name) + " ext4 ");
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(lab.mount(name)))).isEqualTo("rwxr-xr-x");
    }
    String ssdKernel = Path.of(lab.device("ssd").loop().orElseThrow()).getFileName().toString();
    String hddKernel = Path.of(lab.device("hdd").loop().orElseThrow()).getFileName().toString();
    assertThat(Files.readString(Path.of("/sys/block", ssdKernel, "queue/rotational")).strip()).isEqualTo("0");
    String hddRotational = Files.readString(Path.of("/sys/block", hddKernel, "queue/rotational")).strip();
    System.out.println(PREFIX + "hdd " + hddKernel + " rotational reads " + hddRotational);
    assertThat(lab.device("hdd").rotational()).contains(hddRotational);

    Path cgroup = lab.cgroup().orElseThrow().dir();
    String majMin = lab.device("hdd").majMin().orElseThrow();
    assertThat(Files.readAllLines(cgroup.resolve("blkio.throttle.write_iops_device"))).contains(majMin + " 150");
    assertThat(LabState.containing(hdd.resolve("pg/pg_wal"))).contains(lab);
    assertThat(lab.cgroupFor(hdd.resolve("f"))).contains(cgroup);
    assertThat(lab.cgroupFor(ssd.resolve("f"))).isEmpty();

    // Best of three each: the host is shared, and a busy moment only ever makes a run slower.
    double hddInCgroup = bestOfThree(hdd, Optional.of(cgroup));
    double ssdInCgroup = bestOfThree(ssd, Optional.of(cgroup));
    double hddOutside = bestOfThree(hdd, Optional.empty());
    System.out.printf("%s50 x (8 KiB write + dsync), best of 3: hdd in cgroup %.1f ms, ssd in cgroup %.1f ms, "
        + "hdd outside the cgroup %.1f ms; hdd/ssd ratio %.1f%n", PREFIX, hddInCgroup, ssdInCgroup, hddOutside,
        hddInCgroup / ssdInCgroup);
    assertThat(hddInCgroup / ssdInCgroup).as("throttled hdd time / ssd time").isGreaterThanOrEqualTo(3.0);

    Lab.down(root, runner, System.out);

    for (String name : List.of("ssd", "hdd")) {
      Path image = lab.device(name).image();
      assertThat(runner.run(Command.of("losetup", "-j", image.toString())).stdout()).as("loop on " + image).isBlank();
      assertThat(image).doesNotExist();
      assertThat(LabItSupport.mountLine(lab.mount(name))).isEmpty();
    }
    assertThat(Files.readAllLines(Path.of("/proc/self/mounts"))).noneMatch(l -> l.contains(" " + root + "/"));
    assertThat(cgroup).doesNotExist();
    assertThat(root.resolve("lab.json")).doesNotExist();
    assertThat(LabState.read(root)).isEmpty();
  }

  @Test
  void downRefusesWhileAFileIsOpenOnAMountAndUpRefusesASecondLab() throws Exception {
    LabState lab = Lab.up(spec, runner, System.out);
    Path held = lab.mount("ssd").resolve("held.txt");
    holder = new ProcessBuilder("sleep", "300").redirectOutput(held.toFile()).start();

    assertThatThrownBy(() -> Lab.down(root, runner, System.out)).isInstanceOf(RefusedException.class)
        .hasMessageContaining(lab.mount("ssd") + " is in use by: pid " + holder.pid() + " (sleep)")
        .hasMessageContaining("stop those processes first");
    CliResult cli = Commitbench.execute(List.of("storage", "lab", "down", "--root", root.toString(), "--apply"));
    System.out.println(PREFIX + "down while busy: exit " + cli.exitCode() + ": " + cli.err().strip());
    assertThat(cli.exitCode()).isEqualTo(2);
    assertThat(cli.err()).contains("pid " + holder.pid() + " (sleep)");
    assertThat(LabItSupport.mountLine(lab.mount("ssd"))).isPresent();
    assertThat(LabState.read(root)).contains(lab);

    assertThatThrownBy(() -> Lab.up(spec.withId(spec.id() + "-b"), runner, System.out))
        .isInstanceOf(RefusedException.class).hasMessageContaining("a lab is already up at " + root);
    CliResult second = Commitbench.execute(List.of("storage", "lab", "up", "--root", root.toString(), "--ssd-size",
        "64M", "--hdd-size", "64M", "--apply"));
    System.out.println(PREFIX + "second up: exit " + second.exitCode() + ": " + second.err().strip());
    assertThat(second.exitCode()).isEqualTo(2);
    assertThat(second.err()).contains("a lab is already up at " + root).doesNotContain("is mounted at");
    assertThat(LabState.read(root)).contains(lab);

    holder.destroy();
    holder.waitFor();
    holder = null;
    Lab.down(root, runner, System.out);
    assertThat(LabItSupport.mountLine(lab.mount("ssd"))).isEmpty();
  }

  @Test
  void upWithThreeDisksThroughTheCliThrottlesEachAndDownLeavesNothing() throws Exception {
    CliResult up = Commitbench.execute(List.of("storage", "lab", "up", "--root", root.toString(), "--id", spec.id(),
        "--ssd-size", "64M", "--hdd-size", "64M", "--disks", "3", "--disk-size", "128M", "--apply"));
    System.out.println(PREFIX + "up --disks 3: exit " + up.exitCode());
    assertThat(up.exitCode()).as(up.describe()).isZero();
    assertThat(up.out()).contains("DISK1_LOOP..DISK3_LOOP stand for the loop devices", "raw disks /dev/loop");
    LabState lab = LabState.read(root).orElseThrow();

    List<Path> disks = lab.disks();
    assertThat(disks).hasSize(3).doesNotHaveDuplicates().doesNotContain(
        Path.of(lab.device("ssd").loop().orElseThrow()), Path.of(lab.device("hdd").loop().orElseThrow()));
    List<String> throttled = new java.util.ArrayList<>(List.of(lab.device("hdd").majMin().orElseThrow()));
    for (int k = 1; k <= 3; k++) {
      LabDevice disk = lab.device("disk" + k);
      Path loop = disks.get(k - 1);
      assertThat(disk.loop()).contains(loop.toString());
      assertThat(disk.image()).isEqualTo(root.resolve("disk" + k + ".img"));
      assertThat(Files.size(disk.image())).isEqualTo(128L << 20);
      assertThat(runner.run(Command.of("losetup", "-j", disk.image().toString())).stdout())
          .as("losetup -j " + disk.image()).startsWith(loop + ":");
      String kernel = loop.getFileName().toString();
      assertThat(Files.readString(Path.of("/sys/block", kernel, "queue/rotational")).strip())
          .as(kernel + " rotational").isEqualTo("1");
      assertThat(Files.readString(Path.of("/sys/block", kernel, "dev")).strip()).isEqualTo(disk.majMin().orElseThrow());
      // No filesystem: blkid finds no signature (exit 2), and nothing is mounted from it.
      assertThat(runner.attempt(Command.of("blkid", "-p", loop.toString())).exitCode()).as("blkid -p " + loop)
          .isEqualTo(2);
      assertThat(Files.readAllLines(Path.of("/proc/self/mounts"))).noneMatch(l -> l.startsWith(loop + " "));
      throttled.add(disk.majMin().orElseThrow());
    }

    Path cgroup = lab.throttleCgroup().orElseThrow();
    assertThat(cgroup).isEqualTo(lab.cgroup().orElseThrow().dir()).isDirectory();
    List<String> kernelLines = Files.readAllLines(cgroup.resolve("blkio.throttle.write_iops_device"));
    System.out.println(PREFIX + "write_iops_device reads " + kernelLines);
    assertThat(kernelLines).containsAll(throttled.stream().map(majMin -> majMin + " 150").toList());
    assertThat(lab.cgroup().orElseThrow().throttle().get("blkio.throttle.write_iops_device"))
        .containsExactlyElementsOf(throttled.stream().map(majMin -> majMin + " 150").toList());
    assertThat(lab.cgroupFor(lab.mount("hdd").resolve("f"))).contains(cgroup);

    CliResult status = Commitbench.execute(List.of("storage", "lab", "status", "--root", root.toString()));
    status.out().lines().forEach(line -> System.out.println(PREFIX + line));
    assertThat(status.exitCode()).isZero();
    for (int k = 1; k <= 3; k++) {
      LabDevice disk = lab.device("disk" + k);
      assertThat(status.out()).contains("disk" + k + ": raw disk " + disks.get(k - 1) + " (no filesystem made by the "
          + "lab), image " + disk.image() + " (134217728 bytes)",
          disk.majMin().orElseThrow() + ", rotational reads 1",
          "blkio.throttle.write_iops_device: " + disk.majMin().orElseThrow() + " 150 (disk" + k + ")");
    }
    assertThat(status.out()).doesNotContain("disk4");

    CliResult down = Commitbench.execute(List.of("storage", "lab", "down", "--root", root.toString(), "--apply"));
    assertThat(down.exitCode()).as(down.describe()).isZero();

    for (LabDevice d : lab.devices()) {
      assertThat(runner.run(Command.of("losetup", "-j", d.image().toString())).stdout()).as("loop on " + d.image())
          .isBlank();
      assertThat(d.image()).doesNotExist();
    }
    assertThat(runner.run(Command.of("losetup", "-a")).stdout()).doesNotContain(root.toString());
    assertThat(cgroup).doesNotExist();
    assertThat(LabState.read(root)).isEmpty();
  }

  @Test
  void downRefusesWhileABtrfsRaid0OverTheDisksIsMountedAndGoesDownOnceItIsGone() throws Exception {
    Assumptions.assumeTrue(executable("mkfs.btrfs"), () -> skip("no mkfs.btrfs: the RAID0 over the disks needs it"));
    LabState lab = Lab.up(spec.withDisks(2, LabSpec.MIN_DISK_SIZE), runner, System.out);
    List<String> disks = lab.disks().stream().map(Path::toString).toList();
    List<String> mkfs = new java.util.ArrayList<>(List.of("mkfs.btrfs", "-q", "-f", "-d", "raid0", "-m", "raid0"));
    mkfs.addAll(disks);
    runner.run(Command.of(mkfs));
    layoutMount = Files.createDirectory(root.resolve("layout"));
    runner.run(Command.of("mount", disks.get(0), layoutMount.toString()));
    String before = Files.readString(root.resolve("lab.json"));

    assertThatThrownBy(() -> Lab.down(root, runner, System.out)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("disk1 (" + disks.get(0) + ") is in use: " + disks.get(0) + " is mounted at "
            + layoutMount + " (btrfs); a device of the mounted btrfs ")
        .hasMessageContaining("disk2 (" + disks.get(1) + ") is in use: a device of the mounted btrfs ")
        .hasMessageContaining("take the layout on the disks down first");
    CliResult cli = Commitbench.execute(List.of("storage", "lab", "down", "--root", root.toString(), "--apply"));
    System.out.println(PREFIX + "down under a mounted RAID0: exit " + cli.exitCode() + ": " + cli.err().strip());
    assertThat(cli.exitCode()).isEqualTo(2);
    assertThat(cli.err()).contains("disk2 (" + disks.get(1) + ") is in use").doesNotContain("stop those processes");
    assertThat(Files.readString(root.resolve("lab.json"))).isEqualTo(before);
    assertThat(runner.run(Command.of("losetup", "-j", lab.device("disk2").image().toString())).stdout())
        .startsWith(disks.get(1) + ":");

    unmountLayout();
    Lab.down(root, runner, System.out);

    for (String name : List.of("disk1", "disk2")) {
      assertThat(runner.run(Command.of("losetup", "-j", lab.device(name).image().toString())).stdout()).isBlank();
      assertThat(lab.device(name).image()).doesNotExist();
    }
    assertThat(LabState.read(root)).isEmpty();
  }

  /** Unmounts the btrfs over the disks, if mounted, and has the kernel forget its devices before they go. */
  private void unmountLayout() throws IOException {
    if (layoutMount == null || LabItSupport.mountLine(layoutMount).isEmpty()) {
      return;
    }
    runner.run(Command.of("umount", layoutMount.toString()));
    LabState lab = LabState.read(root).orElseThrow();
    for (Path disk : lab.disks()) {
      runner.attempt(Command.of("btrfs", "device", "scan", "--forget", disk.toString()));
    }
  }

  private static boolean executable(String program) {
    return Stream.of("/usr/sbin/", "/sbin/", "/usr/bin/", "/bin/")
        .anyMatch(d -> Files.isExecutable(Path.of(d + program)));
  }

  private static String skip(String reason) {
    System.out.println(PREFIX + "skipped: " + reason);
    return reason;
  }

  private double bestOfThree(Path mount, Optional<Path> cgroup) throws IOException {
    double best = Double.MAX_VALUE;
    StringBuilder runs = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      double millis = syncWrites(mount, cgroup);
      runs.append(String.format(" %.1f", millis));
      best = Math.min(best, millis);
    }
    System.out.println(PREFIX + mount.getFileName() + (cgroup.isPresent() ? " in cgroup" : " outside") + ", ms:" + runs);
    return best;
  }

  /** Milliseconds for 50 synchronous 8 KiB writes by dd on a mount, started in a cgroup or not. */
  private double syncWrites(Path mount, Optional<Path> cgroup) throws IOException {
    Path file = mount.resolve("dd-" + System.nanoTime());
    Command dd = Command.of("dd", "if=/dev/zero", "of=" + file, "bs=8k", "count=50", "oflag=dsync");
    long start = System.nanoTime();
    runner.run(cgroup.map(dd::inCgroup).orElse(dd));
    double millis = (System.nanoTime() - start) / 1e6;
    Files.delete(file);
    return millis;
  }
}
