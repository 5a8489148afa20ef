package io.commitbench.core.breakdown;

/**
 * One kind of I/O on one class of the server's files over the window, as the kernel or the
 * server's own statistics saw it: {@code fdatasync} on the log, {@code pwrite64} on data files.
 *
 * @param operation the system call or the server's operation ({@code fdatasync}, {@code wal_sync})
 * @param fileClass {@code log}, {@code data}, or {@code any} when the source cannot tell
 * @param count how many there were
 * @param meanMillis their mean latency
 * @param p50Millis their median, or null when the source has no distribution
 * @param p99Millis their 99th percentile, or null
 * @param source what saw them ({@code kernel: perf trace}, {@code pg_stat_wal})
 */
public record LogIoView(String operation, String fileClass, long count, double meanMillis, Double p50Millis,
    Double p99Millis, String source) {}
