package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The TPC-C workload through the command line on H2: spec mode's terminals and pacing are checked
 * before anything is contacted, a run in throughput mode keeps the consistency conditions and
 * reports as many committed New-Orders as it added orders, and a data set that breaks a
 * condition makes {@code prepare}'s and the run's exit code 3, naming the condition, the district
 * and the values.
 */
class TpccWorkloadCliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void specModeRefusesOtherThanTenTerminalsPerWarehouseAndARateBeforeAnythingIsContacted() throws Exception {
    Files.writeString(dir.resolve("spec.properties"), "workload=tpcc\ntpcc.mode=spec\ntpcc.warehouses=2\n"
        + "users=4\nduration=60\nrate=100\n");
    Path database = dir.resolve("h2/db");
    CliRun result = CliRun.execute("run", dir.resolve("spec.properties").toString(), "--set",
        "results.dir=" + dir.resolve("out"), "--set", "db.url=jdbc:h2:file:" + database);

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains("users=4: tpcc.mode=spec runs 10 terminals per warehouse; allowed: users=20",
        "rate=100: tpcc.mode=spec paces its terminals by the spec's keying and think times");
    assertThat(dir.resolve("out")).as("no results folder").doesNotExist();
    assertThat(dir.resolve("h2")).as("no database was opened").doesNotExist();
  }

  @Test
  void theExampleFilesValidate() {
    for (String file : new String[] {"../config/tpcc.properties", "../config/tpcc-spec.properties"}) {
      CliRun validate = CliRun.execute("validate", file);
      assertThat(validate.exitCode()).as(file + ": " + validate.err()).isZero();
    }
  }

  @Test
  void aThroughputRunReportsTheNewOrdersItAddedAndKeepsTheConditions() throws Exception {
    Files.writeString(dir.resolve("tpcc.properties"), "workload=tpcc\nusers=2\nduration=5\nretry.max=10\n"
        + "users.mode=shared\ntable.prefix=cli_tpcc_\nrun.id=tpcc\n");
    String url = "jdbc:h2:mem:tpcc_cli;DB_CLOSE_DELAY=-1";
    try (Connection keepsItOpen = DriverManager.getConnection(url, "sa", "")) {
      CliRun prepared = CliRun.execute("prepare", dir.resolve("tpcc.properties").toString(), "--set", "db.url=" + url);
      assertThat(prepared.exitCode()).as(prepared.err()).isZero();
      long ordersBefore = single(keepsItOpen, "SELECT COUNT(*) FROM cli_tpcc_orders");
      assertThat(ordersBefore).isEqualTo(30_000);

      CliRun result = CliRun.execute("run", dir.resolve("tpcc.properties").toString(), "--set", "db.url=" + url,
          "--set", "load=reuse", "--set", "results.dir=" + dir.resolve("out"));

      assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
      JsonNode figures = JSON.readTree(dir.resolve("out/tpcc/summary.json").toFile()).path("workloadFigures");
      long added = single(keepsItOpen, "SELECT COUNT(*) FROM cli_tpcc_orders") - ordersBefore;
      assertThat(added).isPositive();
      assertThat(figures.path("newOrdersCommitted").asLong()).as("committed New-Orders, as rows added to orders")
          .isEqualTo(added);
      assertThat(result.out()).contains("NOPM");
    }
  }

  @Test
  void aDataSetThatBreaksAConditionMakesTheExitCode3AndNamesIt() throws Exception {
    Files.writeString(dir.resolve("tpcc.properties"), "workload=tpcc\nusers=1\nduration=2\n"
        + "users.mode=shared\ntable.prefix=cli_broken_\nrun.id=broken\n");
    String url = "jdbc:h2:mem:tpcc_broken;DB_CLOSE_DELAY=-1";
    try (Connection keepsItOpen = DriverManager.getConnection(url, "sa", "")) {
      CliRun prepared = CliRun.execute("prepare", dir.resolve("tpcc.properties").toString(), "--set", "db.url=" + url);
      assertThat(prepared.exitCode()).as(prepared.err()).isZero();
      try (Statement update = keepsItOpen.createStatement()) {
        update.executeUpdate("UPDATE cli_broken_district SET d_ytd = d_ytd + 1 WHERE d_w_id = 1 AND d_id = 3");
      }

      CliRun result = CliRun.execute("run", dir.resolve("tpcc.properties").toString(), "--set", "db.url=" + url,
          "--set", "load=reuse", "--set", "results.dir=" + dir.resolve("out"));

      assertThat(result.exitCode()).as(result.out() + result.err()).isEqualTo(3);
      String[] lines = result.out().strip().split("\n");
      assertThat(String.join("\n", lines)).contains("warning: before the run: consistency condition 1",
          "warning: after the run: consistency condition 1");
      assertThat(result.out()).containsPattern("condition 1 .*warehouse 1");
    }
  }

  private static long single(Connection connection, String sql) throws Exception {
    try (Statement query = connection.createStatement(); ResultSet row = query.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }
}
