package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.IntervalsCsv;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Honest about how a run went, on the local PostgreSQL: once the run measures, the test changes
 * one of the run's tables under it — a CHECK constraint no insert meets (every insert into it
 * fails), or a view on it (its cleanup cannot drop it) — and the run must stop at errors.max and
 * fail (exit 1), or complete but exit 3 with the report's last lines saying what went wrong and
 * how to remove what was left.
 */
class ErrorBudgetIT {

  /** Long enough (several seconds) that the change lands well before the last cycle. */
  private static final Workload WORKLOAD = new Workload(4, 0, 2, 100, 25);

  private static final Duration RUN_WAIT = Duration.ofSeconds(150);

  @Test
  void aRunWhoseErrorsExceedTheDefaultBudgetStopsAndFails(@TempDir Path tmp) throws Exception {
    Changed changed = runAndChange(tmp, Map.of(), (catalog, names) -> catalog.execute("ALTER TABLE "
        + names.tablePrefix() + "1 ADD CONSTRAINT " + names.token() + "_none CHECK (num_attr < 0) NOT VALID"));

    RunOutput run = changed.run();
    assertThat(run.exitCode()).as(run::describe).isEqualTo(1);
    JsonNode summary = run.summary();
    assertThat(summary.path("outcome").asText()).isEqualTo("failed");
    assertThat(summary.path("failure").asText()).contains("too many errors").contains("errors.max=1%");
    assertThat(summary.path("paper").path("cycles").asInt()).as("cycles before the stop")
        .isLessThan(WORKLOAD.repeat());
    assertThat(changed.tablesLeft()).as("tables after cleanup").isEmpty();
  }

  @Test
  void aRunThatCompletedWithErrorsExits3AndSaysSoLast(@TempDir Path tmp) throws Exception {
    Changed changed = runAndChange(tmp, Map.of("errors.max", "100%"), (catalog, names) -> catalog.execute(
        "ALTER TABLE " + names.tablePrefix() + "1 ADD CONSTRAINT " + names.token() + "_none CHECK (num_attr < 0)"
            + " NOT VALID"));

    RunOutput run = changed.run();
    assertThat(run.exitCode()).as(run::describe).isEqualTo(3);
    assertThat(run.summary().path("outcome").asText()).isEqualTo("completed");
    assertThat(run.summary().path("totals").path("errors").asLong()).isPositive();
    assertThat(lastLine(run)).as("the report's last line\n%s", run.describe())
        .startsWith("warning: the run completed with").contains("constraint_violation").contains("errors.max=100%");
    assertThat(run.cli().err()).contains("exit code 3");
  }

  @Test
  void aCleanupThatLeavesATableBehindExits3AndEndsWithHowToRemoveIt(@TempDir Path tmp) throws Exception {
    Changed changed = runAndChange(tmp, Map.of(), (catalog, names) -> catalog.execute(
        "CREATE VIEW " + names.sentinel() + " AS SELECT * FROM " + names.tablePrefix() + "1"),
        (catalog, names, run) -> {
          // The statement the report gives removes the table, once the test's view (the reason) is gone.
          catalog.execute("DROP VIEW " + names.sentinel());
          catalog.execute(lastLine(run).trim().replaceFirst(";$", ""));
          assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables after the report's statement")
              .isEmpty();
        });

    RunOutput run = changed.run();
    assertThat(run.exitCode()).as(run::describe).isEqualTo(3);
    List<String> tail = lastLines(run, 3);
    String table = changed.names().tablePrefix() + "1";
    assertThat(tail.get(0)).as("report tail\n%s", run.describe())
        .startsWith("warning: the cleanup left 1 object on the server; remove it as " + changed.login() + " with:");
    assertThat(tail.get(1)).contains("table " + table).contains("depend");
    assertThat(tail.get(2).trim()).as("the removal statement").matches("DROP TABLE IF EXISTS (public\\.)?" + table + ";");
    assertThat(changed.tablesLeft()).containsExactly(table);
  }

  /** What the test does to the run's tables once it measures. */
  @FunctionalInterface
  private interface Change {
    void apply(Catalog catalog, TestNames names) throws SQLException;
  }

  /** What the test checks on the database after the run, before it drops what the run left. */
  @FunctionalInterface
  private interface AfterRun {
    void check(Catalog catalog, TestNames names, RunOutput run) throws SQLException;
  }

  private record Changed(RunOutput run, TestNames names, List<String> tablesLeft, String login) {}

  private static Changed runAndChange(Path tmp, Map<String, String> settings, Change change) throws Exception {
    return runAndChange(tmp, settings, change, (catalog, names, run) -> {});
  }

  private static Changed runAndChange(Path tmp, Map<String, String> settings, Change change, AfterRun after)
      throws Exception {
    DatabaseTarget postgres = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("long.properties"), WORKLOAD.keys());
    Map<String, String> overrides = postgres.runSettings(tmp.resolve("secrets"), names, "shared");
    overrides.putAll(settings);
    Path directory = tmp.resolve("results").resolve("budget");
    ExecutorService runner = Executors.newSingleThreadExecutor(r -> new Thread(r, "commitbench-run"));
    try (Connection admin = postgres.connect()) {
      Catalog catalog = new Catalog(DatabaseKind.POSTGRESQL, admin);
      try {
        Future<RunOutput> running = runner.submit(() -> Commitbench.run(file, tmp.resolve("results"), "budget",
            overrides));
        IntervalsCsv.awaitRows(directory.resolve("intervals.csv"), 1, running);
        change.apply(catalog, names);
        RunOutput run = running.get(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        Changed changed = new Changed(run, names, catalog.tablesStartingWith(names.tablePrefix()), postgres.user());
        after.check(catalog, names, run);
        return changed;
      } finally {
        runner.shutdownNow();
        runner.awaitTermination(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        catalog.execute("DROP VIEW IF EXISTS " + names.sentinel());
        catalog.dropEverything(names);
      }
    }
  }

  private static String lastLine(RunOutput run) {
    return lastLines(run, 1).get(0);
  }

  private static List<String> lastLines(RunOutput run, int count) {
    List<String> lines = Arrays.asList(run.report().strip().split("\n"));
    return lines.subList(lines.size() - count, lines.size());
  }
}
