package io.commitbench.storage.lab;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The cgroup v1 blkio limits put on the "hdd" device, per second; 0 means no limit of that kind.
 * Each limit is one line {@code MAJ:MIN VALUE} in its own {@code blkio.throttle.*_device} file.
 *
 * @param writeIops write operations per second (150 by default: a 7,200 rpm disk's order)
 * @param writeBps write bytes per second
 * @param readIops read operations per second
 * @param readBps read bytes per second
 */
public record Throttle(long writeIops, long writeBps, long readIops, long readBps) {

  /** The default "hdd" throttle: 150 write IOPS, nothing else limited. */
  public static final Throttle DEFAULT = new Throttle(150, 0, 0, 0);

  public Throttle {
    if (writeIops < 0 || writeBps < 0 || readIops < 0 || readBps < 0) {
      throw new IllegalArgumentException("throttle limits must be 0 (no limit) or positive, got " + this);
    }
  }

  /** The limits set, as cgroup file name to value, in a fixed order; limits of 0 are absent. */
  public Map<String, Long> files() {
    Map<String, Long> files = new LinkedHashMap<>();
    put(files, "blkio.throttle.write_iops_device", writeIops);
    put(files, "blkio.throttle.write_bps_device", writeBps);
    put(files, "blkio.throttle.read_iops_device", readIops);
    put(files, "blkio.throttle.read_bps_device", readBps);
    return files;
  }

  /** Every throttle file name, including those of limits not set (for reading them back). */
  public static final java.util.List<String> ALL_FILES = java.util.List.of(
      "blkio.throttle.write_iops_device", "blkio.throttle.write_bps_device",
      "blkio.throttle.read_iops_device", "blkio.throttle.read_bps_device");

  private static void put(Map<String, Long> files, String file, long value) {
    if (value > 0) {
      files.put(file, value);
    }
  }
}
