package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.Tables;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The index test end to end on each database: three users insert N records in multi-row INSERTs
 * (a remainder INSERT each, as N / 3 is no multiple of the batch), then each reads its part of the
 * keys in pages, twice. Every record is read in both reads, none out of key order; the curve has
 * ten points; the size the server reports is plausible for N records of about 52 bytes; the table
 * is gone after the run.
 */
class IndexWorkloadIT {

  private static final int RECORDS = 5_000;
  private static final int USERS = 3;
  private static final int BATCH = 64;
  private static final int PAGE = 300;

  @ParameterizedTest(name = "{0}")
  @EnumSource(value = DatabaseKind.class, names = {"H2", "POSTGRESQL", "MARIADB"})
  void insertsThenReadsEveryRecordInKeyOrderTwice(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("index.properties"), Map.of("workload", "index",
        "users", Integer.toString(USERS), "index.records", Integer.toString(RECORDS), "index.batch",
        Integer.toString(BATCH), "index.read.page", Integer.toString(PAGE)));
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");

    RunOutput run = Commitbench.run(file, tmp.resolve("results"), "index-" + kind.name().toLowerCase(), settings);

    assertThat(run.exitCode()).as(run.describe()).isZero();
    JsonNode summary = run.summary();
    JsonNode f = summary.path("workloadFigures");
    assertThat(f.path("insert").path("records").asLong()).isEqualTo(RECORDS);
    for (String read : new String[] {"firstRead", "secondRead"}) {
      assertThat(f.path(read).path("records").asLong()).as(read).isEqualTo(RECORDS);
      assertThat(f.path(read).path("outOfOrder").asLong()).as(read).isZero();
      assertThat(f.path(read).path("recordsPerSecond").asDouble()).as(read).isPositive();
    }
    assertThat(f.path("insertCurve")).hasSize(10);
    assertThat(f.path("insertCurve").get(9).path("tenth").asInt()).isEqualTo(10);
    assertThat(run.file("curve-insert.csv").lines()).hasSize(11);
    assertThat(run.file("report.html")).contains("Insert curve");

    long inserts = 0; // 5,000 = 1,667 + 1,667 + 1,666: 27 INSERTs each, the last one of fewer records
    for (int u = 0; u < USERS; u++) {
      long share = RECORDS / USERS + (u < RECORDS % USERS ? 1 : 0);
      inserts += (share + BATCH - 1) / BATCH;
    }
    assertThat(summary.path("types").path("insert").path("count").asLong()).isEqualTo(inserts);
    // A user's last page is the one with fewer than PAGE rows: at least N / PAGE pages per read.
    assertThat(summary.path("types").path("first-read").path("count").asLong()).isGreaterThanOrEqualTo(RECORDS / PAGE);
    assertThat(summary.path("totals").path("errors").asLong()).isZero();

    long bytes = f.path("dataSize").path("bytes").asLong();
    assertThat(bytes).as("size as %s reports it", f.path("dataSize").path("how").asText())
        .isBetween(RECORDS * 26L, RECORDS * 52L * 60);
    assertThat(f.path("totalSeconds").asDouble()).isPositive();
    assertThat(Tables.exists(target, names.tablePrefix() + "1")).as("dropped after the run").isFalse();
  }
}
