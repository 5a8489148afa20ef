package io.commitbench.storage.cow;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The report's lines, for made-up results: the table's arithmetic, the snapshot's fate, unknown counts. */
class CowProbeTextTest {

  @Test
  void rendersThePhasesTableAndTheExtentCounts() {
    List<String> lines = CowProbeText.render(ProbeResults.withSnapshot(ProbeResults.removed()));
    assertThat(lines).containsExactly(
        "copy-on-write probe in /mnt/btrfs/data (btrfs on /dev/loop3)",
        "  file     : " + ProbeResults.FILE + ", 32.0 MiB = 8,192 blocks of 4 KiB (deleted)",
        "  writes   : 4 workers; fill order ranges; 2,048 rewrites (25.00 % of the blocks); seed 1",
        "  snapshot : btrfs subvolume snapshot of /mnt/btrfs/data at "
            + "/mnt/btrfs/data-cow-probe-snapshot-20261121-080000, removed at the end",
        "  cache    : file: dd iflag=nocache count=0, posix_fadvise DONTNEED on the probe file only; 0 B of the file "
            + "cached before the read (fincore); below a loop device, its backing file may still be cached",
        "",
        "  phase          time      MiB/s       ops/s  detail",
        "  fill        0.500 s      64.00      16,384  8,192 writes of 4 KiB, fsync 0.250 s",
        "  snapshot    0.010 s          -           -  btrfs subvolume snapshot",
        "  rewrite     0.250 s      32.00       8,192  2,048 writes of 4 KiB, fsync 0.125 s",
        "  read        2.000 s      16.00          16  32 reads of 1 MiB",
        "",
        "  extents  : 1 after the fill, 3,553 after the rewrite (filefrag, FIEMAP)");
  }

  @Test
  void aSnapshotLeftBehindSaysHowToRemoveIt() {
    List<String> lines = CowProbeText.render(ProbeResults.withSnapshot(new SnapshotOutcome(
        Optional.of(ProbeResults.SNAPSHOT), "", false, "command failed with exit code 1: …")));
    assertThat(lines).contains("  snapshot : btrfs subvolume snapshot of /mnt/btrfs/data at "
        + "/mnt/btrfs/data-cow-probe-snapshot-20261121-080000, NOT removed: command failed with exit code 1: …; "
        + "remove it with: btrfs subvolume delete /mnt/btrfs/data-cow-probe-snapshot-20261121-080000");
  }

  @Test
  void noSnapshotGivesTheReasonAndUnknownsSayWhy() {
    List<String> lines = CowProbeText.render(ProbeResults.withoutSnapshot(
        "ext4 on /dev/loop3 has no snapshot mechanism the probe can use (it knows: btrfs subvolume)"));
    assertThat(lines).contains(
        "copy-on-write probe in /mnt/btrfs/data (ext4 on /dev/loop3)",
        "  file     : " + ProbeResults.FILE + ", 32.0 MiB = 8,192 blocks of 4 KiB (kept)",
        "  snapshot : none: ext4 on /dev/loop3 has no snapshot mechanism the probe can use (it knows: btrfs subvolume)",
        "  cache    : system: sync; echo 1 > /proc/sys/vm/drop_caches — not done: writing /proc/sys/vm/drop_caches "
            + "needs root; cached share before the read unknown (no fincore)",
        "  extents  : 1 after the fill, unknown (filefrag exited 22: FIBMAP/FIEMAP unsupported) after the rewrite "
            + "(filefrag, FIEMAP)");
    assertThat(lines).noneMatch(l -> l.startsWith("  snapshot  "));
  }
}
