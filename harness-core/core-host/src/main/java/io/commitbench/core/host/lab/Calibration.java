package io.commitbench.core.host.lab;

import java.util.Locale;
import java.util.Optional;

/**
 * What {@code lab up} measured on a mounted lab device right after making it: the latency of
 * {@code fdatasync} after an 8 KiB write to a preallocated file (a commit's floor), issued back to
 * back and (with fio) paced, with an idle gap before each; with fio also sequential (1 MiB) and
 * random (8 KiB) direct write IOPS. A throttled device is measured from inside the lab's cgroup
 * when fio runs the measurement; the built-in probe runs in the agent's own process, outside it,
 * and says so in {@code note}.
 *
 * <p>The paced figure is the one that predicts a commit at a moderate rate: a server committing
 * 40 times a second finds the device idle at each commit, and on a served profile (nbdkit behind
 * FUSE and a loop device) every hop of the chain and the host's own disk then answer more slowly
 * than in a back-to-back loop (see docs/lab.md, "Device profiles").
 *
 * @param tool {@code fio} or {@code built-in probe}
 * @param fdatasyncCount how many back-to-back fdatasync calls were timed
 * @param fdatasyncP50Micros their median, in microseconds
 * @param fdatasyncP99Micros their 99th percentile, in microseconds
 * @param paced the paced fdatasync figures (fio only)
 * @param seqWriteIops sequential 1 MiB direct writes per second (fio only)
 * @param randWriteIops random 8 KiB direct writes per second (fio only)
 * @param note how and where it was measured, for the reader of lab.json
 */
public record Calibration(String tool, long fdatasyncCount, double fdatasyncP50Micros, double fdatasyncP99Micros,
    Optional<PacedSync> paced, Optional<Double> seqWriteIops, Optional<Double> randWriteIops, String note) {

  /**
   * fdatasync after 8 KiB writes with the device left idle for {@code gapMicros} before each sync.
   *
   * @param count how many fdatasync calls were timed
   * @param p50Micros their median, in microseconds
   * @param p99Micros their 99th percentile, in microseconds
   * @param gapMicros the idle time before each, in microseconds
   */
  public record PacedSync(long count, double p50Micros, double p99Micros, long gapMicros) {}

  /**
   * One line for status and progress, e.g. {@code fdatasync of 8 KiB p50 651 µs, p99 6.9 ms
   * (n=2064), paced (10 ms idle before each) p50 1.3 ms, p99 4.1 ms (n=346), ...}.
   */
  public String summary() {
    StringBuilder b = new StringBuilder("fdatasync of 8 KiB p50 ").append(millis(fdatasyncP50Micros))
        .append(", p99 ").append(millis(fdatasyncP99Micros)).append(" (n=").append(fdatasyncCount).append(')');
    paced.ifPresent(p -> b.append(", paced (").append(gap(p.gapMicros())).append(" idle before each) p50 ")
        .append(millis(p.p50Micros())).append(", p99 ").append(millis(p.p99Micros())).append(" (n=")
        .append(p.count()).append(')'));
    seqWriteIops.ifPresent(v -> b.append(", sequential 1 MiB writes ").append(Math.round(v)).append("/s"));
    randWriteIops.ifPresent(v -> b.append(", random 8 KiB writes ").append(Math.round(v)).append("/s"));
    return b.append(", ").append(tool).toString();
  }

  private static String millis(double micros) {
    return micros >= 1000 ? String.format(Locale.ROOT, "%.1f ms", micros / 1000)
        : String.format(Locale.ROOT, "%.0f µs", micros);
  }

  /** A gap: whole milliseconds as {@code 10 ms}, anything else in microseconds. */
  private static String gap(long micros) {
    return micros % 1000 == 0 ? micros / 1000 + " ms" : micros + " µs";
  }
}
