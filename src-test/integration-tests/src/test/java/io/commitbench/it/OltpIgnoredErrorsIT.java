package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.IntervalsCsv;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The OLTP workloads end as sysbench 1.0.20 would, on a data set of {@code commitbench prepare}
 * run with {@code load=reuse}: the errors sysbench's driver ignores (PostgreSQL 40P01, 23505,
 * 40001; MariaDB 1213, 1020, 1205) restart their transaction and are counted as ignored, so a run
 * with several users exits 0; an error sysbench would not ignore (here a statement timeout behind
 * a row lock the test holds) is still an error, and the run exits 3 with one closing warning.
 * {@code cleanup --apply} removes each data set.
 */
class OltpIgnoredErrorsIT {

  /** The classes of the errors sysbench ignores, per database, as commitbench names them. */
  private static final Map<DatabaseKind, Set<String>> SYSBENCH_IGNORES = Map.of(
      DatabaseKind.POSTGRESQL, Set.of("deadlock", "constraint_violation", "serialization_failure"),
      DatabaseKind.MARIADB, Set.of("deadlock", "serialization_failure", "lock_timeout"));

  /**
   * The acceptance run: the shipped {@code config/oltp.properties} with four users, shortened. The
   * run exits 0 whatever collided; what it ignored agrees in every place it is counted; the server's
   * counters cover the measured window, so they counted at least its commits.
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void theShippedOltpRunWithFourUsersEndsCleanWithItsIgnoredErrorsCounted(DatabaseKind kind, @TempDir Path tmp)
      throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Repository.file("config/oltp.properties");
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "auto");
    try {
      prepare(file, settings);
      settings.putAll(Map.of("load", "reuse", "users", "4", "duration", "6", "warmup", "2"));

      RunOutput run = Commitbench.run(file, tmp.resolve("results"), "four-users", settings);

      assertThat(run.exitCode()).as(run.describe()).isZero();
      JsonNode totals = run.summary().path("totals");
      assertThat(totals.path("errors").asLong()).as(run.describe()).isZero();
      long ignored = totals.path("ignored").asLong();
      assertThat(classesCounted(totals.path("ignoredByClass"))).as("ignored classes")
          .isSubsetOf(SYSBENCH_IGNORES.get(kind));
      assertThat(sum(totals.path("ignoredByClass"))).isEqualTo(ignored);
      assertThat(run.summary().path("workloadFigures").path("ignoredErrors").asLong()).isEqualTo(ignored);
      assertThat(run.report()).containsPattern("ignored errors: +" + ignored + " ");
      assertThat(IntervalsCsv.sum(run.directory().resolve("intervals.csv"), "ignored", "measured"))
          .as("intervals.csv's measured rows").isEqualTo(ignored);

      JsonNode server = run.summary().path("server");
      assertThat(server.path("window").asText()).as("the counters' window").isEqualTo("measured");
      assertThat(run.report()).contains("Counters cover                     : the measured window (read as the warm-up"
          + " ended, and after the run)");
      assertThat(server.path("counters").path("commits").path("delta").asLong())
          .as("server commits over the measured window, other sessions' included")
          .isGreaterThanOrEqualTo(totals.path("transactions").asLong());
    } finally {
      cleanUp(file, settings, names);
    }
  }

  /**
   * Four actors deleting and re-inserting ids of a table of ten rows collide all the time: on
   * PostgreSQL, of two that delete the same id, the second finds the row gone, then its insert
   * fails with a duplicate key; on MariaDB they deadlock. Every collision is ignored and its
   * transaction restarted, with no key set: each of the 2,000 transactions is counted once, none
   * failed, and the table keeps its ten rows. (Without the updates: on PostgreSQL their deadlocks,
   * each found only after its one-second deadlock_timeout, would make the run last minutes.)
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void collisionsOfTheDeleteInsertPairAreIgnoredAndRestarted(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("oltp.properties"), Map.of("workload", "oltp_write_only",
        "users", "4", "transactions", "2000", "oltp.table.size", "10", "oltp.index.updates",
        kind == DatabaseKind.MARIADB ? "1" : "0", "oltp.non.index.updates", "0"));
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
    try {
      prepare(file, settings);
      settings.put("load", "reuse");

      RunOutput run = Commitbench.run(file, tmp.resolve("results"), "collisions", settings);

      assertThat(run.exitCode()).as(run.describe()).isZero();
      JsonNode totals = run.summary().path("totals");
      assertThat(totals.path("errors").asLong()).as(run.describe()).isZero();
      assertThat(totals.path("retries").asLong()).as("ignored errors use no retry").isZero();
      assertThat(totals.path("ignored").asLong()).as("collisions ignored\n%s", run.describe()).isPositive();
      assertThat(classesCounted(totals.path("ignoredByClass"))).isSubsetOf(SYSBENCH_IGNORES.get(kind));
      assertThat(totals.path("transactions").asLong()).isEqualTo(2000);
      assertThat(count(target, names.tablePrefix() + "1")).as("rows after the delete and insert pairs").isEqualTo(10);
      assertThat(run.report()).contains("Ignored errors by class (each transaction rolled back and started again;");
    } finally {
      cleanUp(file, settings, names);
    }
  }

  /**
   * The test holds every row of the table locked while two actors update it with a one-second
   * statement timeout: each update is cancelled (PostgreSQL 57014, MariaDB 1969), an error
   * sysbench would not ignore. The run completes with those errors and exits 3; its closing
   * warning is printed once, and standard error only names the exit code.
   */
  @ParameterizedTest(name = "{0}")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void anErrorSysbenchWouldNotIgnoreStillEndsTheRunWithExitCode3(DatabaseKind kind, @TempDir Path tmp)
      throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("oltp.properties"), Map.of("workload",
        "oltp_update_index", "users", "2", "duration", "3", "oltp.table.size", "100", "statement.timeout", "1",
        "errors.max", "100%"));
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
    try {
      prepare(file, settings);
      settings.put("load", "reuse");
      RunOutput run;
      try (Connection locker = target.connect(); Statement lock = locker.createStatement()) {
        locker.setAutoCommit(false);
        lock.executeQuery("SELECT id FROM " + names.tablePrefix() + "1 FOR UPDATE").close();
        run = Commitbench.run(file, tmp.resolve("results"), "timeouts", settings);
        locker.rollback();
      }

      assertThat(run.exitCode()).as(run.describe()).isEqualTo(3);
      JsonNode totals = run.summary().path("totals");
      assertThat(run.summary().path("outcome").asText()).isEqualTo("completed");
      assertThat(totals.path("errorsByClass").path("statement_timeout").asLong()).as(run.describe()).isPositive();
      assertThat(totals.path("ignoredByClass").path("statement_timeout").asLong()).isZero();
      String output = run.cli().out() + run.cli().err();
      assertThat(occurrences(output, "failed statement")).as("the closing warning, once\n%s", run.describe())
          .isEqualTo(1);
      String report = run.report().strip();
      assertThat(report.substring(report.lastIndexOf('\n') + 1)).as("the report's last line")
          .startsWith("warning: the run completed with " + totals.path("errors").asLong() + " failed statement")
          .contains("statement_timeout");
      assertThat(run.cli().err()).contains("exit code 3").contains("the last lines of its report say why");
    } finally {
      cleanUp(file, settings, names);
    }
  }

  private static void prepare(Path file, Map<String, String> settings) throws Exception {
    // The real jar in a JVM of its own: once it has exited, its data set no longer looks live to cleanup.
    Commitbench.CliResult prepared = Commitbench.jar(args("prepare", file, settings));
    assertThat(prepared.exitCode()).as(prepared.describe()).isZero();
  }

  private static void cleanUp(Path file, Map<String, String> settings, TestNames names) {
    Map<String, String> dataSet = new java.util.LinkedHashMap<>(settings);
    dataSet.keySet().retainAll(Set.of("db.url", "db.user", "db.password.env", "db.password.file", "table.prefix",
        "user.prefix"));
    List<String> cleanupArgs = args("cleanup", file, dataSet);
    cleanupArgs.addAll(List.of("--prefix", names.tablePrefix(), "--apply"));
    Commitbench.CliResult cleanup = Commitbench.execute(cleanupArgs);
    assertThat(cleanup.exitCode()).as(cleanup.describe()).isZero();
  }

  private static List<String> classesCounted(JsonNode byClass) {
    List<String> classes = new ArrayList<>();
    byClass.fields().forEachRemaining(e -> {
      if (e.getValue().asLong() > 0) {
        classes.add(e.getKey());
      }
    });
    return classes;
  }

  private static long sum(JsonNode byClass) {
    long sum = 0;
    for (JsonNode n : byClass) {
      sum += n.asLong();
    }
    return sum;
  }

  private static int occurrences(String text, String part) {
    Matcher m = Pattern.compile(Pattern.quote(part)).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  private static long count(DatabaseTarget target, String table) throws SQLException {
    try (Connection c = target.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static List<String> args(String command, Path file, Map<String, String> settings) {
    List<String> args = new ArrayList<>(List.of(command, file.toString()));
    settings.forEach((k, v) -> {
      args.add("--set");
      args.add(k + "=" + v);
    });
    return args;
  }
}
