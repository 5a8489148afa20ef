package io.commitbench.storage.cow;

import io.commitbench.core.host.MountInfo;
import io.commitbench.core.host.PathStorage;
import io.commitbench.storage.snapshot.Snapshot;
import io.commitbench.storage.snapshot.SnapshotBackend;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** Results made up for the rendering tests: a 32 MiB probe on btrfs, with and without a snapshot. */
final class ProbeResults {

  static final Path DIR = Path.of("/mnt/btrfs/data");
  static final Path FILE = DIR.resolve("commitbench-cow-probe-20261121-080000-42.dat");
  static final Snapshot SNAPSHOT = new Snapshot(SnapshotBackend.btrfsSubvolume(), DIR.toString(),
      "/mnt/btrfs/data-cow-probe-snapshot-20261121-080000");

  private ProbeResults() {}

  static PathStorage storage(String filesystem) {
    return new PathStorage(DIR, DIR, new MountInfo(Path.of("/mnt/btrfs"), "0:52", "/", filesystem, "/dev/loop3",
        "rw,relatime", "rw"), List.of(), "no devices in this made-up storage", OptionalLong.of(1L << 30),
        OptionalLong.of(2L << 30));
  }

  static CowProbeSpec spec() {
    return CowProbeSpec.defaults(DIR).withRewrites(2048).withSize(32L << 20);
  }

  /** Fill 0.5 s (fsync 0.25 s), snapshot 0.01 s, rewrite 0.25 s (fsync 0.125 s), read 2 s; 1 then 3,553 extents. */
  static CowProbeResult withSnapshot(SnapshotOutcome outcome) {
    List<PhaseResult> phases = List.of(
        new PhaseResult("fill", Duration.ofMillis(500), 32L << 20, 8192, Optional.of(Duration.ofMillis(250))),
        new PhaseResult("snapshot", Duration.ofMillis(10), 0, 0, Optional.empty()),
        new PhaseResult("rewrite", Duration.ofMillis(250), 2048L * 4096, 2048, Optional.of(Duration.ofMillis(125))),
        new PhaseResult("read", Duration.ofSeconds(2), 32L << 20, 32, Optional.empty()));
    return new CowProbeResult(spec(), storage("btrfs"), FILE, Instant.parse("2026-11-21T08:00:00Z"), phases,
        ExtentCount.of(1), ExtentCount.of(3553), outcome,
        new CacheState("file: dd iflag=nocache count=0, posix_fadvise DONTNEED on the probe file only", true,
            "below a loop device, its backing file may still be cached", OptionalLong.of(0)),
        false);
  }

  static SnapshotOutcome removed() {
    return new SnapshotOutcome(Optional.of(SNAPSHOT), "", true, "");
  }

  static CowProbeResult withoutSnapshot(String reason) {
    CowProbeResult r = withSnapshot(SnapshotOutcome.notTaken(reason));
    return new CowProbeResult(r.spec(), storage("ext4"), r.file(), r.startedAt(),
        r.phases().stream().filter(p -> !p.name().equals("snapshot")).toList(), ExtentCount.of(1),
        ExtentCount.unknown("filefrag exited 22: FIBMAP/FIEMAP unsupported"), r.snapshot(),
        new CacheState("system: sync; echo 1 > /proc/sys/vm/drop_caches", false,
            "not done: writing /proc/sys/vm/drop_caches needs root", OptionalLong.empty()), true);
  }
}
