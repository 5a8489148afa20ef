package io.commitbench.core.report.html;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A run folder as a rated commit-like run on PostgreSQL writes it, its files written out here:
 * summary.json, intervals.csv whose warm-up was 100 times slower than the measured time and whose
 * last interval is partial, report.txt with its header and closing lines, environment.json and a
 * latency.hlog with every tag a run writes.
 */
final class RunFolderFixture {

  static final double MEASURED_P99_MS = 3.0;
  static final double WARMUP_P99_MS = 300.0;

  private RunFolderFixture() {}

  /**
   * @param achieved transactions per second over the measured time (the target is 200)
   * @param shed arrivals shed over the measured time
   */
  static Path write(Path dir, double achieved, long shed) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("summary.json"), summary(achieved, shed));
    Files.writeString(dir.resolve("intervals.csv"), intervals());
    Files.writeString(dir.resolve("report.txt"), REPORT);
    Files.writeString(dir.resolve("environment.json"), ENVIRONMENT);
    hlog(dir.resolve("latency.hlog"));
    return dir;
  }

  private static String summary(double achieved, long shed) {
    return String.format(Locale.ROOT, """
        {
          "schema" : "commitbench.summary/1",
          "runId" : "fixture",
          "harnessVersion" : "0.1.0-test",
          "startedAt" : "2025-04-25T14:30:12.123456Z",
          "outcome" : "completed",
          "failure" : null,
          "usersMode" : "shared",
          "config" : { "db.type" : "postgresql", "duration" : "3", "quota" : "50", "rate" : "200",
                       "users" : "4", "warmup" : "2", "workload" : "commit", "commit.rows" : "1",
                       "row.bytes" : "500", "sleep" : "0" },
          "totals" : { "measuredSeconds" : 3.0, "operations" : 600, "operationsPerSecond" : %1$.3f,
                       "transactions" : 600, "transactionsPerSecond" : %1$.3f, "errors" : 0, "retries" : 0,
                       "shedArrivals" : %2$d },
          "kinds" : { "insert" : { "count" : 600, "latencyMillis" : %3$s },
                      "commit" : { "count" : 600, "latencyMillis" : %3$s } },
          "workload" : "commit",
          "types" : { "commit" : { "count" : 600, "errors" : 0, "retries" : 0,
                                   "responseMillis" : { "mean" : 1.2, "p50" : 1.125, "p90" : 2.0, "p99" : 4.875,
                                                        "p99_9" : 6.0, "max" : 7.0 },
                                   "serviceMillis" : %3$s } },
          "warmup" : { "measuredSeconds" : 2.0, "transactionsPerSecond" : 150.0 },
          "server" : { "note" : null, "counters" : { }, "derived" : { } }
        }
        """, achieved, shed, "{ \"mean\" : 1.0, \"p50\" : 0.875, \"p90\" : 1.5, \"p99\" : 3.0, \"p99_9\" : 4.0,"
        + " \"max\" : 5.0 }");
  }

  private static String intervals() {
    String header = "start_s,end_s,phase,partial,ops,ops_per_s,transactions,transactions_per_s,errors,retries,shed,"
        + "insert_count,insert_p50_ms,insert_p99_ms,commit_count,commit_p50_ms,commit_p99_ms,"
        + "tx_commit_count,tx_commit_response_p50_ms,tx_commit_response_p99_ms,tx_commit_service_p50_ms,"
        + "tx_commit_service_p99_ms\n";
    String warmup = "warmup,0,150,150.000,150,150.000,0,0,0,150,%1$.3f,%2$.3f,150,%1$.3f,%2$.3f,150,%1$.3f,%2$.3f,"
        + "%1$.3f,%2$.3f\n";
    String measured = "measured,%3$d,%4$d,%5$.3f,%4$d,%5$.3f,0,0,0,%4$d,%1$.3f,%2$.3f,%4$d,%1$.3f,%2$.3f,%4$d,%1$.3f,"
        + "%2$.3f,%1$.3f,%2$.3f\n";
    double warmP50 = WARMUP_P99_MS / 4;
    double p50 = MEASURED_P99_MS / 4;
    return header
        + "0.000,1.000," + String.format(Locale.ROOT, warmup, warmP50, WARMUP_P99_MS)
        + "1.000,2.000," + String.format(Locale.ROOT, warmup, warmP50, WARMUP_P99_MS)
        + "2.000,3.000," + String.format(Locale.ROOT, measured, p50, MEASURED_P99_MS, 0, 200, 200.0)
        + "3.000,4.000," + String.format(Locale.ROOT, measured, p50 * 0.9, MEASURED_P99_MS * 0.9, 0, 200, 200.0)
        + "4.000,5.000," + String.format(Locale.ROOT, measured, p50, MEASURED_P99_MS * 0.8, 0, 200, 200.0)
        // the last interval, 40 ms, in which the actors stop: a rate of 25/s and a p99 of 90 ms
        + "5.000,5.040," + String.format(Locale.ROOT, measured, p50 * 8, 90.0, 1, 1, 25.0);
  }

  private static void hlog(Path file) throws IOException {
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
      HistogramLogWriter writer = new HistogramLogWriter(out);
      writer.outputLogFormatVersion();
      writer.outputStartTime(0);
      for (String tag : new String[] {"", "insert", "commit", "tx.commit.response", "tx.commit.service"}) {
        Histogram h = new Histogram(3);
        for (int i = 1; i <= 200; i++) {
          h.recordValue(i * 15_000L);
        }
        h.setStartTimeStamp(2_000);
        h.setEndTimeStamp(3_000);
        h.setTag(tag.isEmpty() ? null : tag);
        writer.outputIntervalHistogram(h);
      }
    }
  }

  private static final String REPORT = """
      -----
       | DB-Type          : postgresql
       | Workload         : commit
       | Sleep Intervall  : 0
       | Test Users       : 4
       | Commit Mode      : insert
       | Rows per Commit  : 1
       | Row Bytes        : 500
       | Duration         : 3 s
       | Warm-up          : 2 s
       | Rate             : 200 tx/s, uniform arrivals, backlog 10 s (then shed)
       | Users Mode       : shared
       | DB-URL           : jdbc:postgresql://127.0.0.1:5432/test
       | DB-User          : postgres
       | Table Prefix     : cb_t (fixed)
       | User Prefix      : cb_u (unused: shared login)
       | DB Product       : PostgreSQL 15.20
       | Durability       : synchronous_commit=on fsync=on
       | Log Location     : /var/lib/postgresql/15/main/pg_wal
       | Log Device       : vda (disk), rotational
      -----
      results: /results/fixture
      ##### Run Statistics #####
      Run id                             : fixture
      #####
      results written to /results/fixture
      warning: the cleanup left 1 object on the server; remove it as postgres with:
        DROP TABLE cb_tcommit;
      """;

  private static final String ENVIRONMENT = """
      {
        "schema" : "commitbench.environment/1",
        "groups" : {
          "server" : { "product" : { "value" : "PostgreSQL", "unknownReason" : null },
                       "version" : { "value" : "15.20", "unknownReason" : null } },
          "durability" : { "fsync" : { "value" : "on", "unknownReason" : null } },
          "log_location" : { "pg_wal" : { "value" : "/var/lib/postgresql/15/main/pg_wal", "unknownReason" : null } },
          "log_device" : {
            "pg_wal.filesystem" : { "value" : "ext4", "unknownReason" : null },
            "pg_wal.mount_source" : { "value" : "/dev/vda", "unknownReason" : null },
            "pg_wal.mount_point" : { "value" : "/", "unknownReason" : null },
            "pg_wal.mount_options" : { "value" : "rw", "unknownReason" : null },
            "pg_wal.device_chain" : { "value" : "vda (disk)", "unknownReason" : null },
            "pg_wal.rotational" : { "value" : "1", "unknownReason" : null } },
          "host" : { "cpu_model" : { "value" : "Test CPU", "unknownReason" : null } }
        }
      }
      """;
}
