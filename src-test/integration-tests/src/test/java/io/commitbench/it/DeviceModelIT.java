package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.host.lab.Calibration;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.host.lab.KeyValueFile;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabServer;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.exec.Programs;
import io.commitbench.storage.lab.Aging;
import io.commitbench.storage.lab.Lab;
import io.commitbench.storage.lab.LabSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The device models on this host's real nbdkit, nbdfuse (FUSE), loop device and ext4, as {@code
 * lab up} builds them: the plugin compiled from the sources the agent carries, the lab's fio
 * calibration through the loop device, and the state the model writes. The disk model's figures
 * must lie where a 7,200 rpm drive's do (a log sync about a revolution, a random read a seek and
 * half a turn); the flash model, aged by {@code lab up}, must report garbage collection's write
 * amplification, and hand pages back when the filesystem trims them. Roots are {@code
 * /var/tmp/device-model-it-*}, ids {@code device-model-it-*}; nothing else is touched.
 *
 * <p>Needs root, loop devices, /dev/fuse, mkfs.ext4, nbdkit, nbdfuse, fusermount3, fio, cc and
 * nbdkit-plugin.h (scripts/test-host-setup.sh installs the Debian packages); skipped with the
 * reason printed otherwise.
 */
class DeviceModelIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;

  private final CommandRunner runner = ProcessCommandRunner.standard();
  private Path root;

  @BeforeEach
  void setUp() throws IOException {
    requirements();
    root = Files.createTempDirectory(Path.of("/var/tmp"), "device-model-it-");
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

  private LabSpec spec() {
    return LabSpec.defaults(root).withId("device-model-it-" + Integer.toHexString(ThreadLocalRandom.current().nextInt()));
  }

  @Test
  void theDiskModelSyncsInAboutARevolutionAndReadsAtRandomInASeekAndHalfATurn() throws Exception {
    LabState lab = Lab.up(spec().withSizes(64L << 20, 1L << 30).withProfiles(DeviceProfile.RAM,
        DeviceProfile.DISK_7200), runner, System.out);
    Lab.status(root).forEach(line -> System.out.println(PREFIX + line));

    LabDevice hdd = lab.device("hdd");
    Calibration c = hdd.calibration().orElseThrow();
    System.out.println(PREFIX + "disk-7200: " + c.summary());
    // 8 KiB written after the previous sync and synced: the sector has just passed under the head,
    // so the drain waits for most of a turn (8.33 ms at 7,200 rpm).
    assertThat(c.fdatasyncP50Micros()).as("fdatasync p50, µs").isBetween(4_000.0, 9_000.0);
    assertThat(c.randReadLatency().orElseThrow().p50Micros()).as("random 8 KiB read p50, µs")
        .isBetween(8_000.0, 15_000.0);
    // The data sheet's sustained rate less what the model adds to a stream: a head switch per
    // track, a track-to-track seek per cylinder, a long one per band, a command per request.
    Map<String, Double> sheet = Lab.datasheet(DeviceProfile.DISK_7200);
    assertThat(c.seqReadMBs().orElseThrow()).as("sequential read MB/s against the data sheet's")
        .isBetween(0.8 * sheet.get("seq_read_mbs"), 1.05 * sheet.get("seq_read_mbs"));
    Map<String, String> state = modelState(hdd);
    assertThat(state).containsEntry("model", "disk").containsEntry("profile", "disk-7200");
    assertThat(Long.parseLong(state.get("flushes"))).as("flushes the model served").isPositive();
    assertThat(Files.readString(root.resolve("lab.json"))).contains("\"profile\" : \"disk-7200\"");

    Lab.down(root, runner, System.out);
    assertThat(processesNaming(root)).as("nbdkit or nbdfuse processes left").isEmpty();
    assertThat(root.resolve("hdd.nbd")).doesNotExist();
  }

  @Test
  void theAgedFlashModelCollectsGarbageAndTrimHandsItsPagesBack() throws Exception {
    LabState lab = Lab.up(spec().withSizes(256L << 20, 64L << 20).withProfiles(DeviceProfile.FLASH_SATA,
        DeviceProfile.RAM).withSsdAging(new Aging(80, 20)), runner, System.out);
    Lab.status(root).forEach(line -> System.out.println(PREFIX + line));

    LabDevice ssd = lab.device("ssd");
    Map<String, String> aged = modelState(ssd);
    System.out.println(PREFIX + "aged: " + aged);
    assertThat(aged).containsEntry("model", "flash").containsEntry("profile", "flash-sata");
    assertThat(Double.parseDouble(aged.get("write_amplification"))).as("write amplification after aging")
        .isGreaterThan(1.05);
    assertThat(Long.parseLong(aged.get("gc_blocks_erased"))).as("blocks erased by garbage collection").isPositive();
    assertThat(lab.mount("ssd").resolve(Aging.FILE)).exists();

    // ext4 hands the deleted file's blocks back when its journal commits: sync, then trim.
    Files.delete(lab.mount("ssd").resolve(Aging.FILE));
    runner.run(io.commitbench.storage.exec.Command.of("sync", "-f", lab.mount("ssd").toString()));
    runner.run(io.commitbench.storage.exec.Command.of("fstrim", lab.mount("ssd").toString()));
    // The model writes its state after a request, at most once a second: wait, then read a block.
    Thread.sleep(1500);
    runner.run(io.commitbench.storage.exec.Command.of("dd", "if=" + ssd.loop().orElseThrow(), "of=/dev/null", "bs=4k",
        "count=1", "iflag=direct"));
    Map<String, String> trimmed = modelState(ssd);
    System.out.println(PREFIX + "trimmed: " + trimmed);
    assertThat(Long.parseLong(trimmed.get("trimmed_pages"))).as("pages the trim reached")
        .isGreaterThan(Long.parseLong(aged.get("trimmed_pages")));
    assertThat(Long.parseLong(trimmed.get("valid_pages"))).as("valid pages after the trim")
        .isLessThan(Long.parseLong(aged.get("valid_pages")) / 2);
    assertThat(Long.parseLong(trimmed.get("free_blocks"))).as("free blocks after the trim")
        .isGreaterThan(Long.parseLong(aged.get("free_blocks")));
  }

  private static Map<String, String> modelState(LabDevice d) {
    LabServer server = d.server().orElseThrow();
    return KeyValueFile.read(server.modelState()).orElseThrow(() -> new AssertionError("no model state in "
        + server.modelState()));
  }

  /** Live processes whose command line names a path under {@code root}. */
  private static List<String> processesNaming(Path root) throws IOException {
    try (Stream<Path> procs = Files.list(Path.of("/proc"))) {
      return procs.filter(p -> p.getFileName().toString().matches("[0-9]+")).map(p -> {
        try {
          return new String(Files.readAllBytes(p.resolve("cmdline"))).replace('\0', ' ');
        } catch (IOException e) {
          return "";
        }
      }).filter(line -> line.contains(root.toString())).toList();
    }
  }

  private static void requirements() {
    String reason = null;
    List<String> missing = Stream.of("losetup", "mkfs.ext4", "nbdkit", "nbdfuse", "fusermount3", "start-stop-daemon",
        "fio", "cc", "fstrim").filter(t -> Programs.find(t).isEmpty()).toList();
    if (!"root".equals(System.getProperty("user.name"))) {
      reason = "not root: loop devices and mounts need root";
    } else if (!Files.exists(Path.of("/dev/loop-control"))) {
      reason = "no /dev/loop-control: this kernel has no loop devices";
    } else if (!Files.exists(Path.of("/dev/fuse"))) {
      reason = "no /dev/fuse: the device models expose their disk through FUSE (nbdfuse)";
    } else if (!missing.isEmpty()) {
      reason = "missing " + String.join(", ", missing) + " (Debian packages nbdkit, libnbd-bin, fuse3, fio, gcc; "
          + "scripts/test-host-setup.sh installs them)";
    } else if (!Files.exists(Path.of("/usr/include/nbdkit-plugin.h"))) {
      reason = "no /usr/include/nbdkit-plugin.h (Debian's nbdkit-plugin-dev; scripts/test-host-setup.sh installs it)";
    }
    if (reason != null) {
      System.out.println(PREFIX + "skipped: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
  }
}
