package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.Tables;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * pgbench's built-in scripts run by the script workload on pgbench's data set, prepared by {@code
 * commitbench prepare} (the jar) at scale 1 under the test's own table names and run with {@code
 * load=reuse} by two actors for an exact count of transactions. What the database holds afterwards
 * is checked against what the run reports: a {@code tpcb-like} or {@code simple-update}
 * transaction adds one row to the history, and the balances move by exactly the deltas the history
 * records (in tpcb-like the tellers' and the branches' as well); {@code select-only} changes
 * nothing. The order checkout example of {@code config/} runs too.
 */
class ScriptWorkloadIT {

  private static final int TRANSACTIONS = 300;
  private static final int USERS = 2;
  private static final List<String> BUILT_INS = List.of("tpcb-like", "simple-update", "select-only");

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    for (DatabaseKind kind : List.of(DatabaseKind.H2, DatabaseKind.POSTGRESQL, DatabaseKind.MARIADB)) {
      BUILT_INS.forEach(script -> cases.add(Arguments.of(kind, script)));
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void theBalancesMoveByTheHistorysDeltas(DatabaseKind kind, String script, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Map<String, String> keys = new LinkedHashMap<>(Map.of("workload", "script", "script.files", script,
        "script.scale", "1", "users", Integer.toString(USERS), "transactions", Integer.toString(TRANSACTIONS)));
    PgbenchNames tables = new PgbenchNames(names.tablePrefix());
    keys.putAll(tables.keys());
    Path file = Commitbench.writeParameterFile(tmp.resolve("script.properties"), keys);
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
    try {
      Commitbench.CliResult prepared = Commitbench.jar(Commitbench.args("prepare", file, settings));
      assertThat(prepared.exitCode()).as(prepared.describe()).isZero();
      assertThat(Tables.count(target, tables.accounts())).isEqualTo(100_000);
      assertThat(Tables.count(target, tables.tellers())).isEqualTo(10);
      assertThat(Tables.count(target, tables.branches())).isEqualTo(1);
      Balances before = Balances.of(target, tables);
      assertThat(before.historyRows()).isZero();
      settings.put("load", "reuse");

      RunOutput run = Commitbench.run(file, tmp.resolve("results"), script, settings);
      assertThat(run.exitCode()).as(run.describe()).isZero();
      JsonNode summary = run.summary();
      long transactions = summary.path("totals").path("transactions").asLong();
      assertThat(transactions).isEqualTo(TRANSACTIONS);
      assertThat(summary.path("types").has(script)).as("the script is the run's transaction type").isTrue();

      Balances after = Balances.of(target, tables);
      if (script.equals("select-only")) {
        assertThat(after).as("select-only changes nothing").isEqualTo(before);
      } else {
        assertThat(after.historyRows() - before.historyRows()).as("one history row per transaction reported")
            .isEqualTo(transactions);
        assertThat(after.accounts() - before.accounts()).as("sum of abalance moved by the sum of delta")
            .isEqualTo(after.deltas() - before.deltas());
        long tellerAndBranchMove = script.equals("tpcb-like") ? after.deltas() - before.deltas() : 0;
        assertThat(after.tellers() - before.tellers()).isEqualTo(tellerAndBranchMove);
        assertThat(after.branches() - before.branches()).isEqualTo(tellerAndBranchMove);
      }
      assertThat(run.report()).as("per-statement latency, as pgbench -r").contains(tables.accounts());
    } finally {
      List<String> cleanup = Commitbench.args("cleanup", file, settings);
      cleanup.addAll(List.of("--prefix", names.tablePrefix(), "--apply"));
      Commitbench.CliResult result = Commitbench.execute(cleanup);
      assertThat(result.exitCode()).as(result.describe()).isZero();
    }
    assertThat(Tables.exists(target, tables.accounts())).as("cleanup dropped the data set").isFalse();
  }

  /** The order checkout of config/ runs as its file says, for a few seconds, without an error. */
  @ParameterizedTest
  @EnumSource(value = DatabaseKind.class, names = {"H2", "POSTGRESQL", "MARIADB"})
  void theCheckoutExampleRuns(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
        Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
    settings.put("duration", "3");
    settings.put("users", Integer.toString(USERS));
    RunOutput run = Commitbench.run(Repository.file("config/script-checkout.properties"), tmp.resolve("results"),
        "checkout", settings);
    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.summary().path("totals").path("transactions").asLong()).isPositive();
    assertThat(run.summary().path("totals").path("errors").asLong()).isZero();
  }

  /** pgbench's four tables under the test's own names. */
  record PgbenchNames(String prefix) {
    String branches() {
      return prefix + "branches";
    }

    String tellers() {
      return prefix + "tellers";
    }

    String accounts() {
      return prefix + "accounts";
    }

    String history() {
      return prefix + "history";
    }

    Map<String, String> keys() {
      return Map.of("script.table.branches", branches(), "script.table.tellers", tellers(),
          "script.table.accounts", accounts(), "script.table.history", history());
    }
  }

  /** The sums of the three balances, of the history's deltas, and the history's rows. */
  record Balances(long accounts, long tellers, long branches, long deltas, long historyRows) {
    static Balances of(DatabaseTarget target, PgbenchNames t) throws SQLException {
      return new Balances(sum(target, "abalance", t.accounts()), sum(target, "tbalance", t.tellers()),
          sum(target, "bbalance", t.branches()), sum(target, "delta", t.history()),
          Tables.count(target, t.history()));
    }
  }

  private static long sum(DatabaseTarget target, String column, String table) throws SQLException {
    return Tables.single(target, "SELECT COALESCE(SUM(" + column + "), 0) FROM " + table);
  }
}
