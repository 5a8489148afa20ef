package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code storage layout} as a user meets it with bad input, which is refused before any device is
 * looked at; the layouts themselves are made for real in StorageLayoutIT.
 */
class StorageLayoutCommandTest {

  @TempDir Path dir;

  @Test
  void storageHelpListsLayoutAndLayoutHelpListsItsCommands() {
    assertThat(CliRun.execute("storage", "--help").out()).contains("layout");
    CliRun help = CliRun.execute("storage", "layout", "--help");
    assertThat(help.exitCode()).isZero();
    assertThat(help.out()).contains("plan", "apply", "snapshot", "destroy", "lvm-thin-raid0", "ROOT/mnt/data",
        "unsupported on this host");
  }

  @Test
  void anUnknownManagerOrFilesystemIsBadInputListingWhatIsAllowed() {
    CliRun manager = CliRun.execute("storage", "layout", "plan", "--root", dir.toString(), "--manager", "raid5", "--fs",
        "ext4", "--devices", "/dev/loop1");
    assertThat(manager.exitCode()).isEqualTo(2);
    assertThat(manager.err()).contains("Invalid value 'raid5' for option '--manager': use one of plain, lvm-raid0, "
        + "lvm-thin-raid0, btrfs-raid0");
    CliRun fs = CliRun.execute("storage", "layout", "plan", "--root", dir.toString(), "--manager", "plain", "--fs", "zfs",
        "--devices", "/dev/loop1");
    assertThat(fs.exitCode()).isEqualTo(2);
    assertThat(fs.err()).contains("use one of ext4, xfs, btrfs, jfs, vfat");
  }

  @Test
  void combinationsThatCannotBeBuiltAreBadInput() {
    CliRun plain = CliRun.execute("storage", "layout", "apply", "--root", dir.toString(), "--manager", "plain", "--fs",
        "ext4", "--devices", "/dev/loop1,/dev/loop2", "--apply");
    assertThat(plain.exitCode()).isEqualTo(2);
    assertThat(plain.err()).contains("plain takes exactly one device, 2 were given");
    CliRun btrfs = CliRun.execute("storage", "layout", "apply", "--root", dir.toString(), "--manager", "btrfs-raid0", "--fs",
        "xfs", "--devices", "/dev/loop1", "--apply");
    assertThat(btrfs.exitCode()).isEqualTo(2);
    assertThat(btrfs.err()).contains("btrfs-raid0 makes a btrfs filesystem");
    CliRun thin = CliRun.execute("storage", "layout", "plan", "--root", dir.toString(), "--manager", "lvm-thin-raid0",
        "--fs", "xfs", "--devices", "/dev/loop1", "--thin-size", "10M");
    assertThat(thin.exitCode()).isEqualTo(2);
    assertThat(thin.err()).contains("multiple of 4 MiB");
  }

  @Test
  void snapshotAndDestroyWithoutALayoutAreRefused() {
    CliRun snapshot = CliRun.execute("storage", "layout", "snapshot", "--root", dir.toString(), "--count", "1");
    assertThat(snapshot.exitCode()).isEqualTo(2);
    assertThat(snapshot.err()).contains("refused: no layout at " + dir);
    CliRun destroy = CliRun.execute("storage", "layout", "destroy", "--root", dir.toString(), "--apply");
    assertThat(destroy.exitCode()).isEqualTo(2);
    assertThat(destroy.err()).contains("nothing to destroy");
  }
}
