package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.exec.Programs;
import io.commitbench.core.host.lab.Calibration;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.storage.lab.Lab;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabServer;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A lab whose hdd has profile hdd, on this host's real nbdkit, nbdfuse (FUSE), loop device and
 * ext4: up serves the image through nbdkit's delay filter, the calibration's fdatasync median
 * must lie where the profile's write delay puts it (at least one delayed write, at most a few),
 * and down must leave no loop device, FUSE or other mount, nbdkit or nbdfuse process, cgroup,
 * image or file of the lab behind. The root is {@code /var/tmp/lab-profile-it-*}, the id
 * {@code lab-profile-it-*}; nothing else is touched.
 *
 * <p>Needs root, loop devices, /dev/fuse, mkfs.ext4, nbdkit, nbdfuse, fusermount3 and
 * start-stop-daemon (scripts/test-host-setup.sh installs the Debian packages); skipped with the
 * reason printed otherwise. fio is used for the calibration when installed, else the built-in probe.
 */
class LabProfileIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;

  private final CommandRunner runner = ProcessCommandRunner.standard();
  private Path root;
  private LabSpec spec;

  @BeforeEach
  void setUp() throws IOException {
    requirements();
    root = Files.createTempDirectory(Path.of("/var/tmp"), "lab-profile-it-");
    spec = LabSpec.defaults(root).withId("lab-profile-it-" + Integer.toHexString(ThreadLocalRandom.current().nextInt()))
        .withSizes(64L << 20, 128L << 20).withProfiles(DeviceProfile.RAM, DeviceProfile.HDD);
  }

  @AfterEach
  void tearDown() throws Exception {
    if (root == null) {
      return;
    }
    if (LabState.read(root).isPresent()) {
      Lab.down(root, runner, System.out);
    }
    InstanceItSupport.deleteTree(root);
  }

  @Test
  void anHddProfileIsAsSlowAsItsDelayForEveryProcessAndDownLeavesNothing() throws Exception {
    long started = System.nanoTime();
    LabState lab = Lab.up(spec, runner, System.out);
    Lab.status(root).forEach(line -> System.out.println(PREFIX + line));

    LabDevice hdd = lab.device("hdd");
    LabServer server = hdd.server().orElseThrow();
    long nbdkit = server.nbdkitPid().orElseThrow();
    assertThat(commandLine(nbdkit)).as("nbdkit's command line").isPresent().get().asString()
        .contains(server.socket().toString(), "delay-write=12ms");
    assertThat(backingFile(hdd.loop().orElseThrow())).contains(server.file().toString());
    assertThat(mountsUnder(root)).contains(server.fuseDir().toString(), lab.mount("hdd").toString());
    assertThat(lab.cgroup()).as("no device of profile throttle, no cgroup").isEmpty();

    // The measurement ran in fio (or this JVM), outside any cgroup: the delay applies to every process.
    Calibration measured = hdd.calibration().orElseThrow();
    Calibration ram = lab.device("ssd").calibration().orElseThrow();
    double delayMicros = DeviceProfile.HDD.writeDelayMillis() * 1000.0;
    System.out.printf("%shdd (delay-write %d ms): %s%n%sssd (ram): %s%n", PREFIX,
        DeviceProfile.HDD.writeDelayMillis(), measured.summary(), PREFIX, ram.summary());
    // An fdatasync of an overwritten 8 KiB block waits for that write, delayed, and on ext4 at most
    // a journal descriptor and commit block more, one after the other: 1 to 3 delays, plus a margin
    // for FUSE and a busy host.
    assertThat(measured.fdatasyncP50Micros()).as("hdd fdatasync p50, µs").isGreaterThanOrEqualTo(delayMicros)
        .isLessThanOrEqualTo(3 * delayMicros + 20_000);
    assertThat(measured.fdatasyncP99Micros()).as("hdd fdatasync p99, µs")
        .isGreaterThanOrEqualTo(measured.fdatasyncP50Micros());
    // Paced (the device idle before each sync, as at a commit rate of tens per second; fio only):
    // the same bounds, as the delay, not the wake-up of the chain, sets an hdd's figure.
    if (measured.tool().startsWith("fio")) {
      Calibration.PacedSync paced = measured.paced().orElseThrow();
      assertThat(paced.p50Micros()).as("hdd paced fdatasync p50, µs").isGreaterThanOrEqualTo(delayMicros)
          .isLessThanOrEqualTo(3 * delayMicros + 20_000);
      assertThat(paced.count()).as("paced fdatasyncs timed").isGreaterThan(50);
      assertThat(ram.paced()).as("ram ssd paced fdatasync").isPresent();
    } else {
      assertThat(measured.paced()).as("the built-in probe gives no paced figure").isEmpty();
    }
    assertThat(ram.fdatasyncP50Micros()).as("ram ssd fdatasync p50, µs").isLessThan(delayMicros / 4);
    assertThat(LabState.read(root)).contains(lab);

    Lab.down(root, runner, System.out);

    assertThat(LabState.read(root)).isEmpty();
    assertThat(loopDevicesOver(root, lab.device("ssd").image())).as("loop devices left").isEmpty();
    assertThat(mountsUnder(root)).as("mounts left (ext4, FUSE)").isEmpty();
    assertThat(processesNaming(root)).as("nbdkit or nbdfuse processes left").isEmpty();
    assertThat(Path.of("/sys/fs/cgroup/blkio", spec.cgroupName())).as("cgroup").doesNotExist();
    assertThat(lab.device("ssd").image()).doesNotExist();
    try (Stream<Path> left = Files.list(root)) {
      assertThat(left.map(p -> p.getFileName().toString())).as("left under the root").containsOnly("journal");
    }
    System.out.printf("%sup, calibration and down took %.1f s%n", PREFIX, (System.nanoTime() - started) / 1e9);
  }

  /** A process's command line; empty when it is gone or a zombie (exited, holding nothing). */
  private static Optional<String> commandLine(long pid) throws IOException {
    Path dir = Path.of("/proc", Long.toString(pid));
    try {
      String stat = Files.readString(dir.resolve("stat"));
      if (stat.substring(stat.lastIndexOf(')') + 1).strip().startsWith("Z")) {
        return Optional.empty();
      }
      String line = new String(Files.readAllBytes(dir.resolve("cmdline")), StandardCharsets.UTF_8).replace('\0', ' ');
      return line.isBlank() ? Optional.empty() : Optional.of(line.strip());
    } catch (java.nio.file.NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** Live processes whose command line names a path under {@code root}. */
  private static List<String> processesNaming(Path root) throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      for (Path p : procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).toList()) {
        long pid = Long.parseLong(p.getFileName().toString());
        commandLine(pid).filter(line -> line.contains(root.toString())).ifPresent(line -> found.add(pid + " " + line));
      }
    }
    return found;
  }

  private static Optional<String> backingFile(String loop) throws IOException {
    Path file = Path.of("/sys/block", Path.of(loop).getFileName().toString(), "loop/backing_file");
    return Files.isReadable(file) ? Optional.of(Files.readString(file).strip()) : Optional.empty();
  }

  /** Loop devices backed by a file under {@code root} or by {@code image}. */
  private static List<String> loopDevicesOver(Path root, Path image) throws IOException {
    List<String> found = new ArrayList<>();
    try (Stream<Path> blocks = Files.list(Path.of("/sys/block"))) {
      for (Path b : blocks.filter(b -> b.getFileName().toString().startsWith("loop")).toList()) {
        backingFile(b.getFileName().toString()).filter(f -> f.startsWith(root.toString())
            || f.startsWith(image.toString())).ifPresent(f -> found.add(b.getFileName() + " " + f));
      }
    }
    return found;
  }

  /** Mount points under {@code root}, as /proc/self/mountinfo lists them (field 5). */
  private static List<String> mountsUnder(Path root) throws IOException {
    return Files.readAllLines(Path.of("/proc/self/mountinfo")).stream().map(l -> l.split(" ")[4])
        .filter(m -> m.startsWith(root + "/") || m.equals(root.toString())).toList();
  }

  private static void requirements() {
    String reason = null;
    List<String> missing = Stream.of("losetup", "mkfs.ext4", "nbdkit", "nbdfuse", "fusermount3", "start-stop-daemon")
        .filter(t -> Programs.find(t).isEmpty()).toList();
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: loop devices and mounts need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.exists(Path.of("/dev/fuse"))) {
      reason = "no /dev/fuse: profile hdd exposes its disk through FUSE (nbdfuse)";
    } else if (!missing.isEmpty()) {
      reason = "missing " + String.join(", ", missing) + " (Debian packages nbdkit, libnbd-bin, fuse3; "
          + "scripts/test-host-setup.sh installs them)";
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }
}
