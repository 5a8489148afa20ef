package io.commitbench.storage.inspect;

import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.host.MountInfo;
import io.commitbench.core.host.PathStorage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.HdrHistogram.Histogram;

/** Storage as the locator would report it, built by hand so rendering is tested without this host. */
final class Fixtures {

  private Fixtures() {}

  /** ext4 on loop3, whose backing file is on tmpfs (no device below it). */
  static PathStorage loopOverTmpfs() {
    BlockDevice loop = new BlockDevice("loop3", "7:3", BlockDevice.Kind.LOOP, "/dev/shm/inspect.img on tmpfs",
        Optional.of(false), OptionalLong.of(512), OptionalLong.of(512), OptionalLong.of(4294966784L), List.of(),
        "tmpfs from 'tmpfs' has no block device", OptionalLong.empty(), List.of(), Map.of(), Optional.empty());
    MountInfo mount = new MountInfo(Path.of("/mnt/wal"), "7:3", "/", "ext4", "/dev/loop3", "rw,noatime", "rw");
    return new PathStorage(Path.of("/mnt/wal"), Path.of("/mnt/wal"), mount, List.of(loop), "",
        OptionalLong.of(1536L * 1024 * 1024), OptionalLong.of(2048L * 1024 * 1024));
  }

  /** ext4 on a partition of a spinning disk without discard, reached through a symlink. */
  static PathStorage partitionOfDisk() {
    BlockDevice disk = new BlockDevice("sda", "8:0", BlockDevice.Kind.DISK, "", Optional.of(true),
        OptionalLong.of(512), OptionalLong.of(4096), OptionalLong.of(0), List.of(), "", OptionalLong.empty(), List.of(), Map.of(), Optional.empty());
    BlockDevice part = new BlockDevice("sda1", "8:1", BlockDevice.Kind.PARTITION, "", Optional.of(true),
        OptionalLong.of(512), OptionalLong.of(4096), OptionalLong.of(0), List.of(disk), "", OptionalLong.empty(), List.of(), Map.of(), Optional.empty());
    MountInfo mount = new MountInfo(Path.of("/"), "8:1", "/", "ext4", "/dev/sda1", "rw,relatime", "rw");
    return new PathStorage(Path.of("/var/lib/pg_wal"), Path.of("/data/wal"), mount, List.of(part), "",
        OptionalLong.of(10_000), OptionalLong.of(20_000));
  }

  static PathStorage tmpfs() {
    MountInfo mount = new MountInfo(Path.of("/dev/shm"), "0:26", "/", "tmpfs", "tmpfs", "rw,nosuid", "rw");
    return new PathStorage(Path.of("/dev/shm"), Path.of("/dev/shm"), mount, List.of(),
        "tmpfs from 'tmpfs' has no block device", OptionalLong.empty(), OptionalLong.empty());
  }

  /** 98 writes of 10 µs, one of 50 µs, one of 900 µs. */
  static ProbeResult probe(Path directory) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(10_000, 98);
    h.recordValue(50_000);
    h.recordValue(900_000);
    return new ProbeResult(directory, 8192, 100 * 8192L, h, Duration.ofMillis(25));
  }
}
