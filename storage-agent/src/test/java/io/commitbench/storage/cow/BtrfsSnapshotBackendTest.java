package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.ProcessCommandRunner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The btrfs backend's choices that need no btrfs: the snapshot's name and place, and the commands
 * (command generation only; CowProbeIT runs them on a real btrfs). And which backend answers.
 */
class BtrfsSnapshotBackendTest {

  private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-21T08:00:00Z"), ZoneOffset.UTC);

  @TempDir Path mnt;

  private final BtrfsSnapshotBackend backend = new BtrfsSnapshotBackend(CLOCK);

  @Test
  void goesBesideTheSubvolumeUnderAFreeName() throws Exception {
    Path data = Files.createDirectory(mnt.resolve("data"));
    Path first = backend.destination(data, mnt);
    assertThat(first).isEqualTo(mnt.resolve("data-cow-probe-snapshot-20261121-080000"));
    Files.createDirectory(first);
    assertThat(backend.destination(data, mnt)).as("a name that exists is never reused")
        .isEqualTo(mnt.resolve("data-cow-probe-snapshot-20261121-080000-2"));
  }

  @Test
  void goesInsideWhenTheSubvolumeIsTheMountsRoot() {
    assertThat(backend.destination(mnt, mnt)).isEqualTo(mnt.resolve("cow-probe-snapshot-20261121-080000"));
  }

  @Test
  void snapshotsAndDeletesExactlyThatPath() {
    BtrfsProbeSnapshot s = new BtrfsProbeSnapshot("/usr/bin/btrfs", Path.of("/mnt/data"),
        Path.of("/mnt/data-cow-probe-snapshot-20261121-080000"));
    assertThat(s.take()).isEqualTo(Command.of("/usr/bin/btrfs", "subvolume", "snapshot", "/mnt/data",
        "/mnt/data-cow-probe-snapshot-20261121-080000"));
    assertThat(s.remove()).isEqualTo(Command.of("/usr/bin/btrfs", "subvolume", "delete",
        "/mnt/data-cow-probe-snapshot-20261121-080000"));
    assertThat(s.location()).isEqualTo("/mnt/data-cow-probe-snapshot-20261121-080000");
    assertThat(s.source()).isEqualTo("/mnt/data");
  }

  @Test
  void storageNoBackendHandlesIsNamedWithTheMechanismsKnown() throws Exception {
    SnapshotOffer offer = ProbeSnapshots.standard().offer(ProbeResults.storage("ext4"),
        ProcessCommandRunner.standard());
    assertThat(offer).isEqualTo(new SnapshotOffer.Unavailable(
        "ext4 on /dev/loop3 has no snapshot mechanism the probe can use (it knows: btrfs subvolume)"));
    assertThat(backend.handles(ProbeResults.storage("btrfs"))).isTrue();
    assertThat(backend.handles(ProbeResults.storage("xfs"))).isFalse();
  }

  @Test
  void theFirstBackendThatHandlesTheStorageAnswers() throws Exception {
    CommandSnapshotBackend first = new CommandSnapshotBackend("/a", Command.of("true"), Command.of("true"));
    CommandSnapshotBackend second = new CommandSnapshotBackend("/b", Command.of("true"), Command.of("true"));
    SnapshotOffer offer = new ProbeSnapshots(List.of(first, second)).offer(ProbeResults.storage("ext4"),
        ProcessCommandRunner.standard());
    assertThat(offer).isInstanceOfSatisfying(SnapshotOffer.Available.class,
        a -> assertThat(a.snapshot().location()).isEqualTo("/a"));
  }
}
