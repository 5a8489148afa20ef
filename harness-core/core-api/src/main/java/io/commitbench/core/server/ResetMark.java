package io.commitbench.core.server;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Since when a server's counters have counted, as read with a snapshot: the server's start
 * (PostgreSQL {@code pg_postmaster_start_time()}, MariaDB's {@code Uptime}, Oracle's {@code
 * V$INSTANCE.STARTUP_TIME}), or when one view of counters was last reset (PostgreSQL's {@code
 * stats_reset}). A mark that differs between two snapshots means the counters it covers started
 * again from zero in between, so their difference is no figure of the run.
 *
 * @param source what was read, as a reason names it: {@code pg_postmaster_start_time()}
 * @param since the instant read; null when the counters were never reset (a NULL {@code stats_reset})
 * @param slack how far two readings of an unchanged mark may lie apart: a start time computed from an
 *     uptime in whole seconds moves by up to a second between readings
 * @param counters the counters it covers; empty for the server's start, which covers every counter
 */
public record ResetMark(String source, Instant since, Duration slack, List<String> counters) {

  public ResetMark {
    slack = slack == null ? Duration.ZERO : slack;
    counters = List.copyOf(counters);
  }

  /** The server's start, which every counter counts from. */
  public static ResetMark serverStart(String source, Instant since, Duration slack) {
    return new ResetMark(source, since, slack, List.of());
  }

  /** The last reset of the view holding {@code counters}; {@code since} null when never reset. */
  public static ResetMark statsReset(String source, Instant since, List<String> counters) {
    return new ResetMark(source, since, Duration.ZERO, counters);
  }

  /** An instant read as seconds since the epoch (SQL {@code extract(epoch FROM ...)}), or null for null. */
  public static Instant epochSeconds(Double seconds) {
    if (seconds == null) {
      return null;
    }
    double whole = Math.floor(seconds);
    return Instant.ofEpochSecond((long) whole, Math.round((seconds - whole) * 1e6) * 1_000L);
  }

  /** Whether this is the server's start rather than one view's reset. */
  public boolean wholeServer() {
    return counters.isEmpty();
  }

  /** Whether {@code later}, read after this one from the same source, says the counters started again. */
  public boolean movedIn(ResetMark later) {
    if (since == null || later.since == null) {
      return since != later.since;
    }
    return Duration.between(since, later.since).abs().compareTo(slack.plus(later.slack)) > 0;
  }

  /** {@code 2025-01-02T10:00:00Z}, or {@code never} for counters never reset. */
  String sinceText() {
    return since == null ? "never" : since.toString();
  }
}
