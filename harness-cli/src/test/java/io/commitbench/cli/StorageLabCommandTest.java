package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.exec.Programs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code storage lab up} options as a user meets them: the help, bad --disks/--disk-size values
 * (exit 2, nothing made), and the dry-run plan for raw disks. Nothing here is applied: the real
 * lab with disks is StorageLabIT's.
 */
class StorageLabCommandTest {

  @TempDir Path dir;

  @Test
  void helpExplainsTheDisksAndTheExitCodes() {
    CliRun r = CliRun.execute("storage", "lab", "up", "--help");

    assertThat(r.exitCode()).isZero();
    assertThat(r.out()).contains("--disks=N", "0 to 5", "disk1..diskN", "--disk-size=SIZE", "at least 128M",
        "Default: 512M", "Exit codes:", "--disks 3 --disk-size 512M --apply");
  }

  @Test
  void aDiskCountOrSizeOutOfRangeIsBadInputAndMakesNothing() {
    Path root = dir.resolve("lab");

    CliRun many = CliRun.execute("storage", "lab", "up", "--root", root.toString(), "--disks", "6");
    CliRun small = CliRun.execute("storage", "lab", "up", "--root", root.toString(), "--disks", "2", "--disk-size", "64M");
    CliRun unparsable = CliRun.execute("storage", "lab", "up", "--root", root.toString(), "--disks", "2", "--disk-size",
        "lots");

    assertThat(many.exitCode()).isEqualTo(2);
    assertThat(many.err()).contains("disk count 6 is not allowed; give 0 (no raw disks) to 5");
    assertThat(small.exitCode()).isEqualTo(2);
    assertThat(small.err()).contains("disk size 67108864 bytes is too small; give at least 128M");
    assertThat(unparsable.exitCode()).isEqualTo(2);
    assertThat(unparsable.err()).contains("Invalid value 'lots' for option '--disk-size'");
    assertThat(root).doesNotExist();
  }

  @Test
  void theDryRunPlanShowsEachDiskWithPlaceholdersAndMakesNothing() {
    Path root = dir.resolve("lab");

    // Whether the checks after the plan pass depends on this host (root, blkio); the plan does not.
    CliRun r = CliRun.execute("storage", "lab", "up", "--root", root.toString(), "--disks", "2", "--disk-size", "256M");

    assertThat(r.out()).contains("(ext4, 2 raw disks)", "truncate -s 268435456 " + root.resolve("disk2.img"),
        "losetup -f --show " + root.resolve("disk1.img"), "echo 1 > /sys/block/DISK2_LOOP/queue/rotational",
        "'DISK2_MAJ:MIN 150' >> ").doesNotContain("disk3");
    assertThat(root).doesNotExist();
  }

  @Test
  void anUnknownProfileIsBadInputNamingTheAllowedOnesAndMakesNothing() {
    Path root = dir.resolve("lab");

    CliRun r = CliRun.execute("storage", "lab", "up", "--root", root.toString(), "--hdd-profile", "floppy",
        "--apply");

    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("Invalid value 'floppy' for option '--hdd-profile': give one of ram, throttle, hdd, "
        + "ssd");
    assertThat(root).doesNotExist();
  }

  @Test
  void theDryRunPlanOfAnHddProfileShowsTheNbdkitChain() {
    Path root = dir.resolve("lab");

    CliRun r = CliRun.execute("storage", "lab", "up", "--root", root.toString(), "--hdd-profile", "hdd");

    // The calibration is planned with fio where it is installed (CI installs it), else with the
    // built-in probe: the plan follows the host, and so does this test.
    String calibration = Programs.find("fio").isPresent()
        ? "fio --output-format=json --directory=" + root.resolve("hdd")
        : "with the built-in probe (fio is not installed)";
    assertThat(r.out()).contains("--filter=delay --filter=rate file file=" + root.resolve("hdd.img")
        + " delay-read=12ms delay-write=12ms rate=1104M", "losetup -f --show " + root.resolve("hdd.nbd/fuse/disk"),
        calibration).doesNotContain("HDD_MAJ:MIN 150");
    assertThat(root).doesNotExist();
  }
}
