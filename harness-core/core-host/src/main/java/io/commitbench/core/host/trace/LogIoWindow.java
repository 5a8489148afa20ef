package io.commitbench.core.host.trace;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.LogFiles;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The latencies of the server's file I/O over one window, per (system call, file class), and the
 * {@code io_uring_enter} calls of the processes that did that I/O. Not thread-safe: its owner
 * guards it.
 */
final class LogIoWindow {

  static final Set<String> SYNCS = Set.of("fdatasync", "fsync");
  static final Set<String> WRITES = Set.of("pwrite64", "pwritev", "pwritev2");
  static final String IO_URING_ENTER = "io_uring_enter";

  /** A call longer than an hour is recorded as an hour. */
  private static final long HIGHEST_MICROS = 3_600_000_000L;

  private final Map<String, Histogram> byOperationAndClass = new TreeMap<>();
  private final Map<String, Histogram> ioUringByProcess = new TreeMap<>();
  /** Whether a log write of the window went to an fd opened O_DIRECT or O_DSYNC. */
  private boolean logWritesThrough;

  void record(String operation, String fileClass, long durationMicros, boolean writesThrough) {
    logWritesThrough |= writesThrough && WRITES.contains(operation) && LogFiles.LOG.equals(fileClass);
    record(operation, fileClass, durationMicros);
  }

  void record(String operation, String fileClass, long durationMicros) {
    histogram(byOperationAndClass, operation + " " + fileClass).recordValue(Math.min(durationMicros, HIGHEST_MICROS));
  }

  void recordIoUring(String process, long durationMicros) {
    histogram(ioUringByProcess, process).recordValue(Math.min(durationMicros, HIGHEST_MICROS));
  }

  void reset() {
    byOperationAndClass.clear();
    ioUringByProcess.clear();
    logWritesThrough = false;
  }

  /**
   * One view per (system call, file class), then one per process's {@code io_uring_enter}, of the
   * processes in {@code ioUringOf} only (those that did the server's file I/O).
   */
  List<LogIoView> views(Set<String> ioUringOf) {
    List<LogIoView> views = new ArrayList<>();
    byOperationAndClass.forEach((key, h) -> {
      String operation = key.substring(0, key.indexOf(' '));
      String fileClass = key.substring(key.indexOf(' ') + 1);
      views.add(view(operation, fileClass, h, "kernel: perf trace syscalls:sys_exit_" + operation));
    });
    ioUringByProcess.entrySet().stream().filter(e -> ioUringOf.contains(e.getKey()))
        .forEach(e -> views.add(view(IO_URING_ENTER, "any",
        e.getValue(), "kernel: perf trace syscalls:sys_exit_io_uring_enter of " + e.getKey()
            + " (its completions name no file, so no file class)")));
    return views;
  }

  /** The log's syncs and, when it had any, its writes, as per-event parts. */
  List<PartReading> parts() {
    List<PartReading> parts = new ArrayList<>();
    Histogram syncs = merged(SYNCS);
    if (syncs.getTotalCount() > 0) {
      parts.add(part(CommitParts.LOG_SYNC, syncs, "kernel: perf trace fdatasync+fsync on the log files"));
    }
    Histogram writes = merged(WRITES);
    if (writes.getTotalCount() > 0) {
      parts.add(part(CommitParts.LOG_WRITE, writes, "kernel: perf trace pwrite64+pwritev+pwritev2 on the log files"
          + (logWritesThrough ? ", opened O_DIRECT or O_DSYNC: each write waits for the device" : "")));
    }
    return parts;
  }

  private Histogram merged(Set<String> operations) {
    Histogram merged = newHistogram();
    for (String operation : operations) {
      Histogram h = byOperationAndClass.get(operation + " " + LogFiles.LOG);
      if (h != null) {
        merged.add(h);
      }
    }
    return merged;
  }

  private static PartReading part(String name, Histogram h, String source) {
    return PartReading.perEvent(name, h.getMean() / 1000.0, millis(h, 50), millis(h, 99), h.getTotalCount(), source);
  }

  private static LogIoView view(String operation, String fileClass, Histogram h, String source) {
    return new LogIoView(operation, fileClass, h.getTotalCount(), h.getMean() / 1000.0, millis(h, 50), millis(h, 99),
        source);
  }

  private static double millis(Histogram h, double percentile) {
    return h.getValueAtPercentile(percentile) / 1000.0;
  }

  private static Histogram histogram(Map<String, Histogram> map, String key) {
    return map.computeIfAbsent(key, k -> newHistogram());
  }

  private static Histogram newHistogram() {
    return new Histogram(HIGHEST_MICROS, 3);
  }
}
