package io.commitbench.core.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** Adds a {@code commit_breakdown} of the shape SummaryJsonWriter writes to a summary.json, for the readers' tests. */
public final class BreakdownFixtures {

  private static final ObjectMapper JSON = new ObjectMapper();

  private BreakdownFixtures() {}

  /**
   * A measured breakdown: round trip, log write, log sync and group-commit wait (summing to 2.17 ms
   * when {@code logSyncMs} is 1.9), the client's mean {@code clientMeanMs}, the kernel's view of the
   * log left unmeasured, a cross-check of the log sync and the log's fdatasyncs.
   */
  public static String measured(double clientMeanMs, double logSyncMs) {
    double sum = 0.12 + 0.05 + logSyncMs + 0.10;
    return String.format(Locale.ROOT, """
        {
          "measured" : true, "reason" : "", "commits" : 12000,
          "client_commit_mean_ms" : %s, "client_commit_p50_ms" : 2.1, "client_commit_p99_ms" : 6.3,
          "client_source" : "client: the commit call, 12000 commits",
          "parts" : [
            { "name" : "round_trip", "mean_ms" : 0.12, "p50_ms" : 0.11, "p99_ms" : 0.30,
              "source" : "round-trip probe: SELECT 1 on an idle connection" },
            { "name" : "log_write", "mean_ms" : 0.05, "source" : "pg_wait_sampling IO:WALWrite" },
            { "name" : "log_sync", "mean_ms" : %s, "source" : "pg_wait_sampling IO:WALSync" },
            { "name" : "group_commit_wait", "mean_ms" : 0.10, "source" : "pg_wait_sampling LWLock:WALWrite" } ],
          "parts_sum_ms" : %s,
          "difference_ms" : %s,
          "unmeasured" : [ { "name" : "kernel_log_io", "reason" : "breakdown.kernel=false" } ],
          "cross_checks" : [ { "name" : "log_sync", "mean_ms" : 1.85, "p50_ms" : 1.7, "p99_ms" : 4.0,
                               "source" : "kernel: perf trace fdatasync on pg_wal" } ],
          "log_io" : [ { "operation" : "fdatasync", "file_class" : "log", "count" : 12010, "mean_ms" : 1.85,
                         "p50_ms" : 1.7, "p99_ms" : 4.0, "source" : "kernel: perf trace" } ],
          "cost" : [ "pg_stat_activity sampled at 100 Hz: 6000 samples, mean query 0.4 ms" ]
        }
        """, clientMeanMs, logSyncMs, sum, clientMeanMs - sum);
  }

  /** A breakdown the run did not measure, with its reason. */
  public static String notMeasured(String reason) {
    return "{ \"measured\" : false, \"reason\" : \"" + reason + "\" }";
  }

  /** Puts {@code breakdown} (a JSON object's text) into the run folder's summary.json as its commit_breakdown. */
  public static void add(Path runDirectory, String breakdown) throws IOException {
    Path file = runDirectory.resolve("summary.json");
    ObjectNode summary = (ObjectNode) JSON.readTree(file.toFile());
    summary.set("commit_breakdown", JSON.readTree(breakdown));
    JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), summary);
  }
}
