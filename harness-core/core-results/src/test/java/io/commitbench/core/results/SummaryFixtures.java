package io.commitbench.core.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes small but real summary.json files (schema commitbench.summary/1) for the readers' tests. */
public final class SummaryFixtures {

  private SummaryFixtures() {}

  /**
   * A completed commit-workload run in {@code dir}: its throughput, its one type's response p50 and
   * p99, and {@code users}; PostgreSQL-like server figures with a commit count.
   */
  public static Path run(Path dir, String runId, double tps, double p50, double p99, int users, String dbUrl)
      throws IOException {
    Files.createDirectories(dir);
    String json = String.format(Locale.ROOT, """
        {
          "schema" : "commitbench.summary/1",
          "runId" : "%s",
          "harnessVersion" : "0.1.0-SNAPSHOT",
          "startedAt" : "2025-01-01T10:00:00Z",
          "endedAt" : "2025-01-01T10:01:00Z",
          "outcome" : "completed",
          "failure" : null,
          "usersMode" : "shared",
          "config" : { "commit.rows" : "1", "db.url" : "%s", "duration" : "60", "users" : "%d",
                       "workload" : "commit", "run.id" : "%s", "rate" : "" },
          "totals" : { "measuredSeconds" : 60.0, "operations" : 1000, "operationsPerSecond" : %s,
                       "transactions" : 1000, "transactionsPerSecond" : %s, "errors" : 0, "retries" : 0,
                       "shedArrivals" : 0 },
          "kinds" : { "insert" : { "count" : 1000, "errors" : 0,
                      "latencyMillis" : { "mean" : 1.0, "p50" : %s, "p90" : 1.5, "p99" : %s, "p99_9" : 3.0, "max" : 4.0 } },
                      "commit" : { "count" : 0, "errors" : 0, "latencyMillis" : null } },
          "workload" : "commit",
          "types" : { "commit" : { "count" : 1000, "errors" : 0, "retries" : 0,
                      "responseMillis" : { "mean" : 1.0, "p50" : %s, "p90" : 1.5, "p99" : %s, "p99_9" : 3.0, "max" : 4.0 },
                      "serviceMillis" : { "mean" : 1.0, "p50" : %s, "p90" : 1.5, "p99" : %s, "p99_9" : 3.0, "max" : 4.0 },
                      "lagMillis" : null } },
          "warmup" : null,
          "server" : { "before" : null, "after" : null, "note" : null,
                       "counters" : { "commits" : { "delta" : 1000, "unit" : "count" },
                                      "log_sync_time_ms" : { "absent" : "not timed" } },
                       "derived" : { "log_bytes_per_commit" : { "value" : 120.5, "unit" : "bytes" } } }
        }
        """, runId, dbUrl, users, runId, tps, tps, p50, p99, p50, p99, p50, p99, p50, p99);
    Files.writeString(dir.resolve("summary.json"), json);
    return dir;
  }
}
