package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Tables;
import io.commitbench.it.support.TestNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

/**
 * TPC-C on H2, PostgreSQL and MariaDB, through the jar as a user runs it: {@code prepare} of 2
 * warehouses gives table 4.1's cardinalities in every table and passes the consistency
 * conditions; then a 60 s run in throughput mode and one in spec mode (20 terminals with the
 * spec's keying and think times) on that data set each pass conditions 1 to 4 before and after,
 * and report as many committed New-Orders as rows they added to the orders table.
 *
 * <p>The three databases are separate servers, so their scenarios run at the same time: the runs
 * last a fixed time, and one after the other they would take three times as long.
 */
class TpccWorkloadIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int WAREHOUSES = 2;
  private static final int RUN_SECONDS = 60;
  /** A load of 2 warehouses and a run of 60 s with its checks, on a busy 2-core machine. */
  private static final int COMMAND_WAIT_SECONDS = 300;
  private static final List<DatabaseKind> KINDS = List.of(DatabaseKind.H2, DatabaseKind.POSTGRESQL,
      DatabaseKind.MARIADB);

  @Test
  @Timeout(value = 12, unit = TimeUnit.MINUTES) // loads of 2 warehouses and two 60 s runs, on a busy small host
  void preparedWarehousesHaveTheSpecsRowsAndBothModesKeepTheConditions(@TempDir Path tmp) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(KINDS.size());
    try {
      List<Future<?>> scenarios = new ArrayList<>();
      for (DatabaseKind kind : KINDS) {
        scenarios.add(pool.submit(() -> {
          scenario(kind, tmp.resolve(kind.dbType()));
          return null;
        }));
      }
      // Every scenario runs to its end (its cleanup included) before a failure is reported.
      List<String> skipped = new ArrayList<>();
      AssertionError failed = null;
      for (int i = 0; i < KINDS.size(); i++) {
        try {
          scenarios.get(i).get();
        } catch (java.util.concurrent.ExecutionException e) {
          if (e.getCause() instanceof TestAbortedException) {
            skipped.add(KINDS.get(i).dbType());
            continue;
          }
          AssertionError failure = new AssertionError(KINDS.get(i).dbType() + ": " + e.getCause().getMessage(),
              e.getCause());
          if (failed == null) {
            failed = failure;
          } else {
            failed.addSuppressed(failure);
          }
        }
      }
      if (failed != null) {
        throw failed;
      }
      if (skipped.size() == KINDS.size()) {
        throw new TestAbortedException("no database target for " + skipped);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static void scenario(DatabaseKind kind, Path tmp) throws Exception {
    Files.createDirectories(tmp);
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("tpcc.properties"), new LinkedHashMap<>(Map.of(
        "workload", "tpcc", "tpcc.warehouses", Integer.toString(WAREHOUSES), "load.threads", "2",
        "retry.max", "10")));
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
    String prefix = names.tablePrefix();
    try {
      Commitbench.CliResult prepared = Commitbench.jar(Commitbench.args("prepare", file, settings), COMMAND_WAIT_SECONDS);
      assertThat(prepared.exitCode()).as(prepared.describe()).isZero();
      Map<String, Long> rows = new LinkedHashMap<>();
      for (String table : List.of("warehouse", "district", "customer", "history", "new_order", "orders", "item",
          "stock")) {
        rows.put(table, Tables.count(target, prefix + table));
      }
      assertThat(rows).as("table 4.1's cardinalities for 2 warehouses").containsExactlyInAnyOrderEntriesOf(Map.of(
          "warehouse", 2L, "district", 20L, "customer", 60_000L, "history", 60_000L, "new_order", 18_000L,
          "orders", 60_000L, "item", 100_000L, "stock", 200_000L));
      long orderLines = Tables.count(target, prefix + "order_line");
      assertThat(orderLines).as("order lines: o_ol_cnt of each order, 5 to 15")
          .isEqualTo(Tables.single(target, "SELECT SUM(o_ol_cnt) FROM " + prefix + "orders")).isBetween(300_000L, 900_000L);

      settings.put("load", "reuse");
      settings.put("duration", Integer.toString(RUN_SECONDS));
      runAndCheck(target, file, tmp, settings, "throughput", Map.of("tpcc.mode", "throughput", "users", "4"));
      runAndCheck(target, file, tmp, settings, "spec", Map.of("tpcc.mode", "spec", "users",
          Integer.toString(10 * WAREHOUSES)));
    } finally {
      List<String> cleanup = Commitbench.args("cleanup", file, settings);
      cleanup.addAll(List.of("--prefix", prefix, "--apply"));
      Commitbench.CliResult result = Commitbench.jar(cleanup, COMMAND_WAIT_SECONDS);
      assertThat(result.exitCode()).as(result.describe()).isZero();
    }
    assertThat(Tables.exists(target, prefix + "orders")).as("cleanup dropped the data set").isFalse();
  }

  /** One run of {@code mode}: it completes, keeps the conditions and adds the orders it reports. */
  private static void runAndCheck(DatabaseTarget target, Path file, Path tmp, Map<String, String> settings,
      String mode, Map<String, String> modeSettings) throws Exception {
    String orders = settings.get("table.prefix") + "orders";
    long before = Tables.count(target, orders);
    Map<String, String> run = new LinkedHashMap<>(settings);
    run.putAll(modeSettings);
    run.put("results.dir", tmp.resolve("results").toString());
    run.put("run.id", mode);
    Commitbench.CliResult result = Commitbench.jar(Commitbench.args("run", file, run), COMMAND_WAIT_SECONDS);
    assertThat(result.exitCode()).as(mode + ": " + result.describe()).isZero();
    JsonNode figures = JSON.readTree(tmp.resolve("results").resolve(mode).resolve("summary.json").toFile())
        .path("workloadFigures");
    long added = Tables.count(target, orders) - before;
    assertThat(figures.path("newOrdersCommitted").asLong()).as(mode + ": committed New-Orders, as rows added")
        .isEqualTo(added).isPositive();
    JsonNode checks = figures.path("consistency");
    assertThat(checks.size()).as(mode + ": checked before and after the run").isEqualTo(2);
    for (JsonNode check : checks) {
      assertThat(check.path("passed").asBoolean()).as(mode + ": " + check).isTrue();
    }
  }
}
