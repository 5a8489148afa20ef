package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.snapshot.Snapshot;
import io.commitbench.storage.snapshot.SnapshotBackend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe's snapshot choices that need no btrfs: the snapshot's name and place, and the commands
 * (command generation only; CowProbeIT runs them on a real btrfs). And which storage it answers for.
 */
class ProbeSnapshotsTest {

  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T08:00:00Z"), ZoneOffset.UTC);

  @TempDir Path mnt;

  private final ProbeSnapshots snapshots = new ProbeSnapshots(CLOCK);

  @Test
  void goesBesideTheSubvolumeUnderAFreeName() throws Exception {
    Path data = Files.createDirectory(mnt.resolve("data"));
    Path first = snapshots.destination(data, mnt);
    assertThat(first).isEqualTo(mnt.resolve("data-cow-probe-snapshot-20261121-080000"));
    Files.createDirectory(first);
    assertThat(snapshots.destination(data, mnt)).as("a name that exists is never reused")
        .isEqualTo(mnt.resolve("data-cow-probe-snapshot-20261121-080000-2"));
  }

  @Test
  void goesInsideWhenTheSubvolumeIsTheMountsRoot() {
    assertThat(snapshots.destination(mnt, mnt)).isEqualTo(mnt.resolve("cow-probe-snapshot-20261121-080000"));
  }

  @Test
  void snapshotsAndDeletesExactlyThatPath() {
    Snapshot s = new Snapshot(SnapshotBackend.btrfsSubvolume(), "/mnt/data",
        "/mnt/data-cow-probe-snapshot-20261121-080000");
    assertThat(s.take()).containsExactly(Command.of("btrfs", "subvolume", "snapshot", "/mnt/data",
        "/mnt/data-cow-probe-snapshot-20261121-080000"));
    assertThat(s.remove()).containsExactly(Command.of("btrfs", "subvolume", "delete",
        "/mnt/data-cow-probe-snapshot-20261121-080000"));
    assertThat(s.description()).isEqualTo("btrfs subvolume snapshot");
    assertThat(s.location()).isEqualTo("/mnt/data-cow-probe-snapshot-20261121-080000");
    assertThat(s.source()).isEqualTo("/mnt/data");
  }

  @Test
  void storageTheProbeCannotSnapshotIsNamedWithTheMechanismsKnown() throws Exception {
    SnapshotOffer offer = snapshots.offer(ProbeResults.storage("ext4"),
        ProcessCommandRunner.standard());
    assertThat(offer).isEqualTo(new SnapshotOffer.Unavailable(
        "ext4 on /dev/loop3 has no snapshot mechanism the probe can use (it knows: btrfs subvolume)"));
    assertThat(ProbeSnapshots.handles(ProbeResults.storage("btrfs"))).isTrue();
    assertThat(ProbeSnapshots.handles(ProbeResults.storage("xfs"))).isFalse();
  }
}
