package io.commitbench.storage.lab;

import java.util.Optional;

/**
 * What {@code lab up} measured on a mounted lab device right after making it: the latency of
 * {@code fdatasync} after an 8 KiB write to a preallocated file (a commit's floor), and with fio
 * also sequential (1 MiB) and random (8 KiB) direct write IOPS. A throttled device is measured
 * from inside the lab's cgroup when fio runs the measurement; the built-in probe runs in the
 * agent's own process, outside it, and says so in {@code note}.
 *
 * @param tool {@code fio} or {@code built-in probe}
 * @param fdatasyncCount how many fdatasync calls were timed
 * @param fdatasyncP50Micros their median, in microseconds
 * @param fdatasyncP99Micros their 99th percentile, in microseconds
 * @param seqWriteIops sequential 1 MiB direct writes per second (fio only)
 * @param randWriteIops random 8 KiB direct writes per second (fio only)
 * @param note how and where it was measured, for the reader of lab.json
 */
public record Calibration(String tool, long fdatasyncCount, double fdatasyncP50Micros, double fdatasyncP99Micros,
    Optional<Double> seqWriteIops, Optional<Double> randWriteIops, String note) {

  /** One line for status and progress, e.g. {@code fdatasync p50 13.9 ms, p99 41.0 ms (n=140), ...}. */
  public String summary() {
    StringBuilder b = new StringBuilder("fdatasync of 8 KiB p50 ").append(millis(fdatasyncP50Micros))
        .append(", p99 ").append(millis(fdatasyncP99Micros)).append(" (n=").append(fdatasyncCount).append(')');
    seqWriteIops.ifPresent(v -> b.append(", sequential 1 MiB writes ").append(Math.round(v)).append("/s"));
    randWriteIops.ifPresent(v -> b.append(", random 8 KiB writes ").append(Math.round(v)).append("/s"));
    return b.append(", ").append(tool).toString();
  }

  private static String millis(double micros) {
    return micros >= 1000 ? String.format(java.util.Locale.ROOT, "%.1f ms", micros / 1000)
        : String.format(java.util.Locale.ROOT, "%.0f µs", micros);
  }
}
