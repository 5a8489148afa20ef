package io.commitbench.storage.inspect;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The printed report: every fact with where it was read, unknowns with their reason. */
class InspectionTextTest {

  @Test
  void loopDeviceOverMemoryWithProbe() {
    PathReport report = new PathReport(Fixtures.loopOverTmpfs(), Optional.of(Fixtures.probe(Path.of("/mnt/wal"))));

    assertThat(InspectionText.render(List.of(report))).containsExactly(
        "/mnt/wal",
        "  mount           : /mnt/wal, ext4 from /dev/loop3   [/proc/self/mountinfo]",
        "  mount options   : rw,noatime   [/proc/self/mountinfo]",
        "  device chain    : loop3 (loop, /dev/shm/inspect.img on tmpfs) > (tmpfs from 'tmpfs' has no block device)"
            + "   [/sys/class/block, loop/backing_file, slaves]",
        "  backing devices : loop3   [bottom of the chain]",
        "  rotational      : no (0: the kernel treats it as solid state)   [/sys/block/loop3/queue/rotational]",
        "  sector size     : logical 512 B, physical 512 B   [/sys/block/loop3/queue/{logical,physical}_block_size]",
        "  discard         : yes (discard_max_bytes 4294966784)   [/sys/block/loop3/queue/discard_max_bytes]",
        "  space           : 1.5 GiB free of 2.0 GiB (1610612736 of 2147483648 bytes)   [statvfs of the path]",
        "  commit floor    : p50 10.0 µs, p99 50.0 µs, max 900.1 µs over 100 writes"
            + "   [fdatasync probe, 100 × 8 KiB writes into a preallocated 800.0 KiB file, 0.025 s]");
  }

  @Test
  void partitionShowsTheRealPathTheDiskBelowAndNoDiscard() {
    List<String> lines = InspectionText.render(List.of(new PathReport(Fixtures.partitionOfDisk(), Optional.empty())));

    assertThat(lines).contains(
        "  real path       : /data/wal   [symlinks resolved]",
        "  device chain    : sda1 (partition) > sda (disk)   [/sys/class/block, loop/backing_file, slaves]",
        "  backing devices : sda   [bottom of the chain]",
        "  rotational      : yes (1: the kernel treats it as a spinning disk)   [/sys/block/sda/queue/rotational]",
        "  sector size     : logical 512 B, physical 4096 B   [/sys/block/sda1/queue/{logical,physical}_block_size]",
        "  discard         : no (discard_max_bytes 0)   [/sys/block/sda1/queue/discard_max_bytes]");
    assertThat(lines).noneMatch(l -> l.contains("commit floor"));
  }

  @Test
  void aFilesystemWithoutBlockDeviceSaysSoOnceAndSpaceUnknown() {
    List<String> lines = InspectionText.render(List.of(new PathReport(Fixtures.tmpfs(), Optional.empty())));

    assertThat(lines).containsExactly(
        "/dev/shm",
        "  mount           : /dev/shm, tmpfs from tmpfs   [/proc/self/mountinfo]",
        "  mount options   : rw,nosuid   [/proc/self/mountinfo]",
        "  block device    : none: tmpfs from 'tmpfs' has no block device   [/proc/self/mountinfo, /sys/dev/block]",
        "  space           : unknown: the filesystem did not report its size   [statvfs of the path]");
  }

  @Test
  void pathsAreSeparatedByAnEmptyLine() {
    List<String> lines = InspectionText.render(List.of(new PathReport(Fixtures.tmpfs(), Optional.empty()),
        new PathReport(Fixtures.loopOverTmpfs(), Optional.empty())));
    assertThat(lines.get(5)).isEmpty();
    assertThat(lines.get(6)).isEqualTo("/mnt/wal");
  }

  @Test
  void probePercentilesAreOrdered() {
    ProbeResult p = Fixtures.probe(Path.of("/x"));
    assertThat(p.writes()).isEqualTo(100);
    assertThat(p.p50Micros()).isLessThanOrEqualTo(p.p99Micros()).isCloseTo(10.0, org.assertj.core.data.Offset.offset(0.1));
    assertThat(p.p99Micros()).isLessThanOrEqualTo(p.maxMicros()).isCloseTo(50.0, org.assertj.core.data.Offset.offset(0.1));
    assertThat(p.maxMicros()).isCloseTo(900.0, org.assertj.core.data.Offset.offset(1.0));
  }
}
