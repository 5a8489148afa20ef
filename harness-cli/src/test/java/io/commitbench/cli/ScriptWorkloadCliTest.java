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
 * The script workload through the command line: a bad script is refused before anything is
 * contacted, the checkout example runs as shipped, and pgbench's tpcb-like script keeps pgbench's
 * invariant on H2 (one history row per transaction, the balances in step).
 */
class ScriptWorkloadCliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void aBadScriptIsRefusedWithItsPositionAndExitCode2BeforeAnythingIsContacted() throws Exception {
    Files.writeString(dir.resolve("bad.sql"), "\\set aid random(1, 100000 * :scale)\n"
        + "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
        + "\\set x nosuchfunction(1)\n");
    Files.writeString(dir.resolve("bad.properties"), "workload=script\nduration=5\nscript.files=bad.sql@2,"
        + "missing.sql\nscript.vars=novalue\n");
    Path database = dir.resolve("h2/db");
    CliRun result = CliRun.execute("run", dir.resolve("bad.properties").toString(), "--set",
        "results.dir=" + dir.resolve("out"), "--set", "db.url=jdbc:h2:file:" + database);
    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err())
        .containsPattern("script\\.files=bad\\.sql@2,missing\\.sql: bad\\.sql:3:\\d+: unexpected function name")
        .contains("missing.sql: no such file", "script.vars=novalue: ", "nothing was run");
    assertThat(dir.resolve("out")).as("no results folder").doesNotExist();
    assertThat(dir.resolve("h2")).as("no database was opened").doesNotExist();

    CliRun validate = CliRun.execute("validate", dir.resolve("bad.properties").toString());
    assertThat(validate.exitCode()).isEqualTo(2);
    assertThat(validate.err()).containsPattern("bad\\.sql:3:\\d+: ");
  }

  @Test
  void theCheckoutExampleRunsAsShippedAndWritesItsStatementsAndScript() throws Exception {
    CliRun result = CliRun.execute("run", Path.of("../config/script-checkout.properties").toString(),
        "--set", "duration=2", "--set", "users=2", "--set", "results.dir=" + dir.resolve("out"),
        "--set", "run.id=checkout");
    assertThat(result.exitCode()).as(result.err()).isZero();
    Path run = dir.resolve("out/checkout");
    assertThat(result.out()).contains("Statement latencies in ms", "Outcome                            : completed");
    assertThat(run.resolve("script-script-checkout.sql")).hasSameTextualContentAs(
        Path.of("../config/script-checkout.sql"));
    assertThat(run.resolve("statements.csv")).content().startsWith("script,line,count,mean_ms,p50_ms,p99_ms,command\n")
        .contains("\"script-checkout\",7,", "\"UPDATE checkout_products SET stock = stock - :quantity");
    JsonNode figures = JSON.readTree(run.resolve("summary.json").toFile()).path("workloadFigures");
    long transactions = figures.path("scripts").get(0).path("transactions").asLong();
    assertThat(transactions).isPositive();
    JsonNode select = figures.path("statements").get(0);
    assertThat(select.path("line").asInt()).isEqualTo(7);
    assertThat(select.path("count").asLong()).as("the first SELECT runs in every transaction").isEqualTo(transactions);
  }

  @Test
  void tpcbLikeAtScaleOneWritesOneHistoryRowPerTransaction() throws Exception {
    Files.writeString(dir.resolve("tpcb.properties"), "workload=script\nusers=2\ntransactions=300\n"
        + "users.mode=shared\ncleanup=false\nload.threads=2\nrun.id=tpcb\n");
    String url = "jdbc:h2:mem:tpcb_cli;DB_CLOSE_DELAY=-1";
    try (Connection keepsItOpen = DriverManager.getConnection(url, "sa", "")) {
      CliRun result = CliRun.execute("run", dir.resolve("tpcb.properties").toString(), "--set", "db.url=" + url,
          "--set", "results.dir=" + dir.resolve("out"));
      assertThat(result.exitCode()).as(result.err()).isZero();
      JsonNode summary = JSON.readTree(dir.resolve("out/tpcb/summary.json").toFile());
      long transactions = summary.path("workloadFigures").path("scripts").get(0).path("transactions").asLong();
      assertThat(transactions).isEqualTo(300);
      try (Statement query = keepsItOpen.createStatement()) {
        assertThat(single(query, "SELECT COUNT(*) FROM pgbench_history")).isEqualTo(transactions);
        long deltas = single(query, "SELECT SUM(delta) FROM pgbench_history");
        assertThat(single(query, "SELECT SUM(abalance) FROM pgbench_accounts")).isEqualTo(deltas);
        assertThat(single(query, "SELECT SUM(tbalance) FROM pgbench_tellers")).isEqualTo(deltas);
        assertThat(single(query, "SELECT SUM(bbalance) FROM pgbench_branches")).isEqualTo(deltas);
      }
    }
  }

  private static long single(Statement query, String sql) throws Exception {
    try (ResultSet row = query.executeQuery(sql)) {
      row.next();
      return row.getLong(1);
    }
  }
}
