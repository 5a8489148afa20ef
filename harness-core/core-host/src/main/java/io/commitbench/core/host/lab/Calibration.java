package io.commitbench.core.host.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.DoubleFunction;

/**
 * What {@code lab up} measured on a mounted lab device right after making it: the latency of
 * {@code fdatasync} after an 8 KiB write to a preallocated file (a commit's floor), issued back to
 * back and (with fio) paced, with an idle gap before each; with fio also sequential (1 MiB) and
 * random (8 KiB) direct write IOPS and the random writes' latency, and, read-only on the raw loop
 * device, random 8 KiB direct read latency over the whole device and sequential 1 MiB read
 * bandwidth. A throttled device is measured from inside the lab's cgroup when fio runs the
 * measurement; the built-in probe runs in the agent's own process, outside it, and says so in
 * {@code note}.
 *
 * <p>The paced figure is the one that predicts a commit at a moderate rate: a server committing
 * 40 times a second finds the device idle at each commit, and on a served profile (nbdkit behind
 * FUSE and a loop device) every hop of the chain and the host's own disk then answer more slowly
 * than in a back-to-back loop (see docs/lab.md, "Device profiles"). The read figures and the
 * random write latency are what a drive's data sheet states, so a device modelled on a drive can
 * be compared with it ({@link #besideDatasheet}).
 *
 * @param tool {@code fio} or {@code built-in probe}
 * @param fdatasyncCount how many back-to-back fdatasync calls were timed
 * @param fdatasyncP50Micros their median, in microseconds
 * @param fdatasyncP99Micros their 99th percentile, in microseconds
 * @param paced the paced fdatasync figures (fio only)
 * @param seqWriteIops sequential 1 MiB direct writes per second (fio only)
 * @param randWriteIops random 8 KiB direct writes per second (fio only)
 * @param randReadLatency completion latency of random 8 KiB direct reads spread over the whole raw
 *     loop device, one at a time (fio only)
 * @param randWriteLatency completion latency of the random 8 KiB direct writes whose rate is
 *     {@code randWriteIops}, one at a time, in a file in the mount (fio only)
 * @param seqReadMBs sequential 1 MiB direct reads of the raw loop device from its start, in
 *     megabytes (10^6 bytes) per second (fio only)
 * @param note how and where it was measured, for the reader of lab.json
 */
public record Calibration(String tool, long fdatasyncCount, double fdatasyncP50Micros, double fdatasyncP99Micros,
    Optional<PacedSync> paced, Optional<Double> seqWriteIops, Optional<Double> randWriteIops,
    Optional<Latency> randReadLatency, Optional<Latency> randWriteLatency, Optional<Double> seqReadMBs,
    String note) {

  /** The data sheet figures {@link #besideDatasheet} compares, in the order it prints them. */
  public static final List<String> DATASHEET_KEYS = List.of("seq_read_mbs", "random_read_ms", "fdatasync_ms",
      "paced_fdatasync_ms", "random_write_ms", "random_write_iops");

  /**
   * A calibration without the read figures and the random write latency: the built-in probe's, or
   * one a lab.json recorded before they were measured.
   */
  public Calibration(String tool, long fdatasyncCount, double fdatasyncP50Micros, double fdatasyncP99Micros,
      Optional<PacedSync> paced, Optional<Double> seqWriteIops, Optional<Double> randWriteIops, String note) {
    this(tool, fdatasyncCount, fdatasyncP50Micros, fdatasyncP99Micros, paced, seqWriteIops, randWriteIops,
        Optional.empty(), Optional.empty(), Optional.empty(), note);
  }

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
   * The completion latencies of one kind of I/O.
   *
   * @param count how many were timed
   * @param p50Micros their median, in microseconds
   * @param p99Micros their 99th percentile, in microseconds
   */
  public record Latency(long count, double p50Micros, double p99Micros) {}

  /**
   * One line for status and progress, e.g. {@code fdatasync of 8 KiB p50 651 µs, p99 6.9 ms
   * (n=2064), paced (10 ms idle before each) p50 1.3 ms, p99 4.1 ms (n=346), sequential 1 MiB
   * writes 95/s, random 8 KiB writes 1650/s (p50 540 µs, p99 2.1 ms), random 8 KiB reads p50 120
   * µs, p99 480 µs (n=16000), sequential 1 MiB reads 410 MB/s, fio-3.33}.
   */
  public String summary() {
    StringBuilder b = new StringBuilder("fdatasync of 8 KiB p50 ").append(millis(fdatasyncP50Micros))
        .append(", p99 ").append(millis(fdatasyncP99Micros)).append(" (n=").append(fdatasyncCount).append(')');
    paced.ifPresent(p -> b.append(", paced (").append(gap(p.gapMicros())).append(" idle before each) p50 ")
        .append(millis(p.p50Micros())).append(", p99 ").append(millis(p.p99Micros())).append(" (n=")
        .append(p.count()).append(')'));
    seqWriteIops.ifPresent(v -> b.append(", sequential 1 MiB writes ").append(Math.round(v)).append("/s"));
    randWriteIops.ifPresent(v -> b.append(", random 8 KiB writes ").append(Math.round(v)).append("/s"));
    randWriteLatency.ifPresent(l -> b.append(randWriteIops.isPresent() ? " (" : ", random 8 KiB writes (")
        .append("p50 ").append(millis(l.p50Micros())).append(", p99 ").append(millis(l.p99Micros())).append(')'));
    randReadLatency.ifPresent(l -> b.append(", random 8 KiB reads p50 ").append(millis(l.p50Micros()))
        .append(", p99 ").append(millis(l.p99Micros())).append(" (n=").append(l.count()).append(')'));
    seqReadMBs.ifPresent(v -> b.append(", sequential 1 MiB reads ").append(rate(v)).append(" MB/s"));
    return b.append(", ").append(tool).toString();
  }

  /**
   * The measured figures beside a data sheet's, one line for each figure the data sheet has, in
   * the order of {@link #DATASHEET_KEYS}, the measured figures right-aligned in one column, e.g.
   * {@code   random 8 KiB read p50        12.3 ms   data sheet 12.4 ms}; a figure this calibration lacks reads {@code not measured}. The lines are
   * joined by newlines, without one at the end; a data sheet of no figures gives the empty string.
   *
   * @param datasheet figures by key: {@code seq_read_mbs} (MB/s, 10^6 bytes), {@code random_read_ms}
   *     and {@code random_write_ms} (p50 latency of a random 8 KiB read or direct write, ms),
   *     {@code fdatasync_ms} (p50 of fdatasync back to back, ms), {@code paced_fdatasync_ms} (p50
   *     of fdatasync after an idle gap, ms), {@code random_write_iops} (random 8 KiB writes per second)
   * @throws IllegalArgumentException for a key not among those, or a figure that is negative or not finite
   */
  public String besideDatasheet(Map<String, Double> datasheet) {
    for (Map.Entry<String, Double> e : datasheet.entrySet()) {
      if (!DATASHEET_KEYS.contains(e.getKey())) {
        throw new IllegalArgumentException("data sheet figure '" + e.getKey() + "' is not one a calibration has;"
            + " known figures: " + String.join(", ", DATASHEET_KEYS));
      }
      Double v = e.getValue();
      if (v == null || !Double.isFinite(v) || v < 0) {
        throw new IllegalArgumentException("data sheet figure '" + e.getKey() + "' is " + v
            + "; it must be a finite number, 0 or more");
      }
    }
    Map<String, Row> rows = new LinkedHashMap<>();
    DoubleFunction<String> ms = x -> millis(x * 1000);
    rows.put("seq_read_mbs", new Row("sequential 1 MiB read", seqReadMBs, v -> rate(v) + " MB/s", v -> rate(v) + " MB/s"));
    rows.put("random_read_ms", new Row("random 8 KiB read p50", randReadLatency.map(Latency::p50Micros),
        Calibration::millis, ms));
    rows.put("fdatasync_ms", new Row("fdatasync p50", Optional.of(fdatasyncP50Micros), Calibration::millis, ms));
    rows.put("paced_fdatasync_ms", new Row("paced fdatasync p50", paced.map(PacedSync::p50Micros),
        Calibration::millis, ms));
    rows.put("random_write_ms", new Row("random 8 KiB write p50", randWriteLatency.map(Latency::p50Micros),
        Calibration::millis, ms));
    rows.put("random_write_iops", new Row("random 8 KiB writes", randWriteIops, v -> rate(v) + "/s",
        v -> rate(v) + "/s"));
    int labelWidth = rows.values().stream().mapToInt(r -> r.label().length()).max().orElse(0);
    StringBuilder b = new StringBuilder();
    for (String key : DATASHEET_KEYS) {
      if (datasheet.containsKey(key)) {
        Row r = rows.get(key);
        String measured = r.measured().map(r.measuredText()::apply).orElse("not measured");
        b.append(b.length() > 0 ? "\n" : "").append(String.format(Locale.ROOT, "  %-" + labelWidth + "s  %12s   data sheet %s",
            r.label(), measured, r.datasheetText().apply(datasheet.get(key))));
      }
    }
    return b.toString();
  }

  /** One figure of {@link #besideDatasheet}: its label, the measured value and how each side prints. */
  private record Row(String label, Optional<Double> measured, DoubleFunction<String> measuredText,
      DoubleFunction<String> datasheetText) {}

  private static String millis(double micros) {
    return micros >= 1000 ? String.format(Locale.ROOT, "%.1f ms", micros / 1000)
        : String.format(Locale.ROOT, "%.0f µs", micros);
  }

  /** A rate: whole numbers from 100 up, one decimal below, so a slow device's figure keeps its digits. */
  private static String rate(double perSecond) {
    return perSecond >= 100 ? String.format(Locale.ROOT, "%.0f", perSecond)
        : String.format(Locale.ROOT, "%.1f", perSecond);
  }

  /** A gap: whole milliseconds as {@code 10 ms}, anything else in microseconds. */
  private static String gap(long micros) {
    return micros % 1000 == 0 ? micros / 1000 + " ms" : micros + " µs";
  }
}
