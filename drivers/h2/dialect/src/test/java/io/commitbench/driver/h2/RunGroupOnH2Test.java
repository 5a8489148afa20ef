package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.RunPlan;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.group.RunGroup;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.run.BenchmarkRun;
import io.commitbench.core.run.DataSetPreparation;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A group of runs ({@code runs=3}) on a prepared data set ({@code load=reuse}) on embedded H2, each
 * actor with a database user of its own: every run completes, every run's users are dropped, and
 * the prepared tables stay: no run hands its users to the next (which would not adopt them and
 * leave them on the server), and every run's setup has its users mode.
 */
class RunGroupOnH2Test {

  @TempDir Path dir;

  private final H2Dialect h2 = new H2Dialect();

  @Test
  void threeRunsOnAPreparedDataSetEachDropTheirOwnUsersAndKeepTheData() throws Exception {
    String url = "jdbc:h2:file:" + dir.resolve("db").toAbsolutePath();
    Properties file = new Properties();
    file.putAll(Map.of("workload", "oltp_point_select", "users", "2", "transactions", "50", "oltp.tables", "1",
        "oltp.table.size", "200", "table.prefix", "grp_", "user.prefix", "grp_u", "users.mode", "db-users"));
    Map<String, String> where = Map.of("db.url", url, "results.dir", dir.resolve("results").toString(), "run.id",
        "group");
    ConfigBinder binder = new ConfigBinder(DialectRegistry.load(), name -> null);
    new DataSetPreparation(binder.bind(file, where), h2, line -> { }).execute();

    file.put("load", "reuse");
    file.put("runs", "3");
    BenchmarkConfig config = binder.bind(file, where);
    StringWriter console = new StringWriter();
    PrintWriter out = new PrintWriter(console, true);
    List<RunGroup.Member> runs = new RunGroup(config, c -> new BenchmarkRun(c, h2, "test", out), out).execute();

    assertThat(runs).as(console.toString()).hasSize(3);
    assertThat(runs).allSatisfy(run -> assertThat(run.result().outcome()).as(console.toString())
        .isEqualTo(RunOutcome.COMPLETED));
    assertThat(runs).allSatisfy(run -> assertThat(run.warnings()).as(console.toString()).isEmpty());
    try (Connection admin = DriverManager.getConnection(url, "sa", "")) {
      assertThat(h2.users().usersStartingWith(admin, "GRP_U")).as("users left").isEmpty();
      assertThat(h2.users().usersStartingWith(admin, "grp_u")).as("users left").isEmpty();
      assertThat(h2.marks().tablesStartingWith(admin, h2.centralQualifier(admin), "grp_")).as("the prepared tables")
          .hasSize(1);
    }
  }

  @Test
  void aSweepOfUsersSetsUpEachValueAfreshAndLeavesNoUserBehind() throws Exception {
    String url = "jdbc:h2:file:" + dir.resolve("sweepdb").toAbsolutePath();
    Properties file = new Properties();
    file.putAll(Map.of("workload", "commit", "transactions", "40", "table.prefix", "swp_", "user.prefix", "swp_u",
        "users.mode", "db-users", "sweep.key", "users", "sweep.values", "1,3"));
    RunPlan plan = new ConfigBinder(DialectRegistry.load(), name -> null).bindPlan(file, Map.of("db.url", url,
        "results.dir", dir.resolve("results").toString(), "run.id", "users"));
    StringWriter console = new StringWriter();
    PrintWriter out = new PrintWriter(console, true);
    List<RunGroup.Member> runs = new RunGroup(plan, c -> new BenchmarkRun(c, h2, "test", out), out).execute();

    assertThat(runs).as(console.toString()).hasSize(2);
    assertThat(runs).allSatisfy(run -> assertThat(run.result().outcome()).as(console.toString())
        .isEqualTo(RunOutcome.COMPLETED));
    assertThat(runs).extracting(run -> run.directory().getFileName().toString()).containsExactly("users=1", "users=3");
    assertThat(console.toString()).contains("setup: 1 tables, 3 database users created")
        .doesNotContain("kept from the group's previous run");
    try (Connection admin = DriverManager.getConnection(url, "sa", "")) {
      assertThat(h2.users().usersStartingWith(admin, "SWP_U")).as("users left").isEmpty();
      assertThat(h2.marks().tablesStartingWith(admin, h2.centralQualifier(admin), "swp_")).as("tables left").isEmpty();
    }
  }
}
