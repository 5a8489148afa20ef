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
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
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
 * warehouses (and of 1) gives table 4.1's cardinalities in every table and passes the consistency
 * conditions; then a 60 s run in spec mode (20 terminals with the spec's keying and think times)
 * on the 2 warehouses and one in throughput mode (4 terminals) on the 1 each pass conditions 1 to
 * 4 before and after, and report as many committed New-Orders as rows they added to the orders
 * table.
 *
 * <p>Each leg has a data set of its own, so all six run at the same time: the runs last a fixed
 * time, and one after the other they would take six times as long.
 */
class TpccWorkloadIT {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int RUN_SECONDS = 60;
  /** A load of 2 warehouses and a run of 60 s with its checks, beside five others on a busy 2-core machine. */
  private static final int COMMAND_WAIT_SECONDS = 400;
  private static final List<DatabaseKind> KINDS = List.of(DatabaseKind.H2, DatabaseKind.POSTGRESQL,
      DatabaseKind.MARIADB);

  /** A run of one mode on a data set of its own: its warehouses and its terminals. */
  private record Leg(String mode, int warehouses, int users) {}

  private static final List<Leg> LEGS = List.of(new Leg("spec", 2, 20), new Leg("throughput", 1, 4));

  @Test
  @Timeout(value = 12, unit = TimeUnit.MINUTES) // six loads and six 60 s runs side by side, on a busy small host
  void preparedWarehousesHaveTheSpecsRowsAndBothModesKeepTheConditions(@TempDir Path tmp) throws Exception {
    List<String> names = new ArrayList<>();
    List<Callable<Void>> legs = new ArrayList<>();
    for (DatabaseKind kind : KINDS) {
      for (Leg leg : LEGS) {
        Path dir = Files.createDirectories(tmp.resolve(kind.dbType() + "-" + leg.mode()));
        DatabaseTarget target;
        try {
          target = DatabaseTargets.require(kind, dir.resolve("h2")); // resolved here: a container starts once
        } catch (TestAbortedException e) {
          continue;
        }
        names.add(kind.dbType() + " " + leg.mode());
        legs.add(() -> {
          prepareRunAndCheck(target, leg, dir);
          return null;
        });
      }
    }
    if (legs.isEmpty()) {
      throw new TestAbortedException("no database target for " + KINDS);
    }
    ExecutorService pool = Executors.newFixedThreadPool(legs.size());
    try {
      List<Future<Void>> running = new ArrayList<>();
      legs.forEach(leg -> running.add(pool.submit(leg)));
      // Every leg runs to its end (its cleanup included) before a failure is reported.
      AssertionError failed = null;
      for (int i = 0; i < running.size(); i++) {
        try {
          running.get(i).get();
        } catch (ExecutionException e) {
          AssertionError failure = new AssertionError(names.get(i) + ": " + e.getCause().getMessage(), e.getCause());
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
    } finally {
      pool.shutdownNow();
    }
  }

  /** Prepares the leg's warehouses, checks table 4.1's rows, runs the leg's mode on them and drops them. */
  private static void prepareRunAndCheck(DatabaseTarget target, Leg leg, Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("tpcc.properties"), new LinkedHashMap<>(Map.of(
        "workload", "tpcc", "tpcc.warehouses", Integer.toString(leg.warehouses()), "load.threads", "2",
        "retry.max", "10")));
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
    String prefix = names.tablePrefix();
    long w = leg.warehouses();
    try {
      Commitbench.CliResult prepared = Commitbench.jar(Commitbench.args("prepare", file, settings),
          COMMAND_WAIT_SECONDS);
      assertThat(prepared.exitCode()).as(prepared.describe()).isZero();
      Map<String, Long> rows = new LinkedHashMap<>();
      for (String table : List.of("warehouse", "district", "customer", "history", "new_order", "orders", "item",
          "stock")) {
        rows.put(table, Tables.count(target, prefix + table));
      }
      assertThat(rows).as("table 4.1's cardinalities for " + w + " warehouses").containsExactlyInAnyOrderEntriesOf(
          Map.of("warehouse", w, "district", 10 * w, "customer", 30_000 * w, "history", 30_000 * w, "new_order",
              9_000 * w, "orders", 30_000 * w, "item", 100_000L, "stock", 100_000 * w));
      long orderLines = Tables.count(target, prefix + "order_line");
      assertThat(orderLines).as("order lines: o_ol_cnt of each order, 5 to 15")
          .isEqualTo(Tables.single(target, "SELECT SUM(o_ol_cnt) FROM " + prefix + "orders"))
          .isBetween(150_000 * w, 450_000 * w);

      settings.put("load", "reuse");
      settings.put("duration", Integer.toString(RUN_SECONDS));
      runAndCheck(target, file, tmp, settings, leg.mode(), Map.of("tpcc.mode", leg.mode(), "users",
          Integer.toString(leg.users())));
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
