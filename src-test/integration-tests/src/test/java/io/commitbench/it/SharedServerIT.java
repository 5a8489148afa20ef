package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.Sentinel;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A shared server, with the real jar against the local PostgreSQL and MariaDB:
 * two runs with the default names never touch each other's tables or users; a run whose fixed
 * names are taken is refused (exit 2) and leaves the objects as they were; {@code commitbench
 * cleanup} lists what a run left, drops it only with {@code --apply}, never drops an object
 * without commitbench's mark, keeps the objects of a run that is still running, and drops only its
 * owner's: another owner's prepared data set and kept run are listed and kept.
 *
 * <p>Every object a test makes, and every name it passes, starts with its own {@link TestNames}
 * token, and every cleanup it runs is restricted to that token, so it touches nothing else; the
 * default-named runs' objects are found by the prefixes their summary.json names.
 */
@ExtendWith(DatabaseTargetExtension.class)
class SharedServerIT {

  /** Long enough that a second run sets up while the first measures. */
  private static final int TIMED_SECONDS = 10;
  /**
   * The live run must outlast a cleanup started beside it: a cleanup's JVM on a loaded 2-core host
   * takes several seconds to start and connect.
   */
  private static final int LIVE_RUN_SECONDS = 30;
  private static final Workload SHORT = new Workload(2, 0, 2, 5, 2);

  private static final Duration MEASURING_WAIT = Duration.ofSeconds(60);
  private static final Duration RUN_WAIT = Duration.ofSeconds(150);

  @Test
  void twoRunsWithDefaultNamesOnPostgresqlBothCompleteCleanly(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    twoRunsWithDefaultNames(pg, tmp);
  }

  @Test
  void twoRunsWithDefaultNamesOnMariadbBothCompleteCleanly(@Db(DatabaseKind.MARIADB) DatabaseTarget mariadb,
      @TempDir Path tmp) throws Exception {
    twoRunsWithDefaultNames(mariadb, tmp);
  }

  @Test
  void aFixedPrefixWhoseTableExistsIsRefusedOnPostgresql(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    fixedPrefixWhoseTableExistsIsRefused(pg, tmp);
  }

  @Test
  void aFixedPrefixWhoseTableExistsIsRefusedOnMariadb(@Db(DatabaseKind.MARIADB) DatabaseTarget mariadb,
      @TempDir Path tmp) throws Exception {
    fixedPrefixWhoseTableExistsIsRefused(mariadb, tmp);
  }

  @Test
  void cleanupListsWhatARunLeftAndDropsItOnlyWithApplyOnPostgresql(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    cleanupListsThenDrops(pg, tmp);
  }

  @Test
  void cleanupListsWhatARunLeftAndDropsItOnlyWithApplyOnMariadb(@Db(DatabaseKind.MARIADB) DatabaseTarget mariadb,
      @TempDir Path tmp) throws Exception {
    cleanupListsThenDrops(mariadb, tmp);
  }

  @Test
  void cleanupAsOneOwnerKeepsAnotherOwnersPreparedDataSetOnPostgresql(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    cleanupDropsOnlyItsOwners(pg, tmp);
  }

  @Test
  void cleanupAsOneOwnerKeepsAnotherOwnersPreparedDataSetOnMariadb(@Db(DatabaseKind.MARIADB) DatabaseTarget mariadb,
      @TempDir Path tmp) throws Exception {
    cleanupDropsOnlyItsOwners(mariadb, tmp);
  }

  /** A run killed with SIGKILL leaves its tables and users: cleanup finds them by their mark. */
  @Test
  void cleanupRemovesWhatARunKilledWithSigkillLeft(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp)
      throws Exception {
    TestNames names = TestNames.unique();
    Path file = timedFile(tmp);
    try (Connection admin = pg.connect()) {
      Catalog catalog = new Catalog(pg.kind(), admin);
      try {
        List<String> args = runArgs(file, tmp.resolve("results"), "killed", pg.runSettings(tmp.resolve("s"), names,
            "db-users"));
        Process process = start(args, tmp.resolve("killed.out"));
        awaitMeasuring(tmp.resolve("results").resolve("killed"), process::isAlive);
        process.destroyForcibly(); // SIGKILL: no cleanup, no final report
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables the killed run left").hasSize(2);
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users the killed run left").hasSize(2);

        CliResult listed = cleanup(pg, tmp, "--run-id", "killed");
        assertThat(listed.exitCode()).as(listed::describe).isZero();
        assertThat(listed.out()).contains("commitbench run killed (owner ").contains("2 tables, 2 users")
            .contains("dry run: nothing was changed");

        CliResult applied = cleanup(pg, tmp, "--run-id", "killed", "--apply");
        assertThat(applied.exitCode()).as(applied::describe).isZero();
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables after cleanup --apply").isEmpty();
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users after cleanup --apply").isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  /** Cleanup must not pull the tables from under a run that is still measuring. */
  @Test
  void cleanupKeepsTheObjectsOfARunThatIsStillRunning(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Path file = timedFile(tmp, LIVE_RUN_SECONDS);
    ExecutorService runner = Executors.newSingleThreadExecutor();
    try (Connection admin = pg.connect()) {
      Catalog catalog = new Catalog(pg.kind(), admin);
      try {
        Future<CliResult> running = runner.submit(jarRun(file, tmp.resolve("results"), "live",
            pg.runSettings(tmp.resolve("s"), names, "db-users")));
        awaitMeasuring(tmp.resolve("results").resolve("live"), () -> !running.isDone());

        CliResult applied = cleanup(pg, tmp, "--prefix", names.token(), "--apply");

        assertThat(applied.exitCode()).as("cleanup of a live run (documented: 3)\n%s", applied.describe()).isEqualTo(3);
        assertThat(applied.out()).contains("kept, the run looks live: commitbench run live");
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("the live run's tables").hasSize(2);
        CliResult run = running.get(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        assertThat(run.exitCode()).as(run::describe).isZero();
        assertThat(RunOutput.summary(tmp.resolve("results").resolve("live")).path("totals").path("errors").asLong())
            .as("errors of the run that cleanup left alone").isZero();
      } finally {
        runner.shutdownNow();
        catalog.dropEverything(names);
      }
    }
  }

  /**
   * The second run's setup must not drop the first's live tables and roles as "leftovers", which
   * would end the first with thousands of errors.
   */
  private static void twoRunsWithDefaultNames(DatabaseTarget db, Path tmp) throws Exception {
    Path file = timedFile(tmp);
    Map<String, String> settings = new LinkedHashMap<>(db.settings(tmp.resolve("s")));
    settings.put("users.mode", "db-users");
    ExecutorService runners = Executors.newFixedThreadPool(2);
    List<String> prefixes = new ArrayList<>();
    try (Connection admin = db.connect()) {
      Catalog catalog = new Catalog(db.kind(), admin);
      try {
        // The same run id on purpose: two hosts (or results folders) may well start runs in the same second.
        Future<CliResult> first = runners.submit(jarRun(file, tmp.resolve("a"), "same-id", settings));
        awaitMeasuring(tmp.resolve("a").resolve("same-id"), () -> !first.isDone());
        Future<CliResult> second = runners.submit(jarRun(file, tmp.resolve("b"), "same-id", settings));
        CliResult a = first.get(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        CliResult b = second.get(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);

        JsonNode summaryA = RunOutput.summary(tmp.resolve("a").resolve("same-id"));
        JsonNode summaryB = RunOutput.summary(tmp.resolve("b").resolve("same-id"));
        for (JsonNode summary : List.of(summaryA, summaryB)) {
          prefixes.add(summary.path("config").path("table.prefix").asText());
        }
        assertThat(a.exitCode()).as("the first run\n%s", a.describe()).isZero();
        assertThat(b.exitCode()).as("the second run\n%s", b.describe()).isZero();
        for (JsonNode summary : List.of(summaryA, summaryB)) {
          assertThat(summary.path("outcome").asText()).isEqualTo("completed");
          assertThat(summary.path("totals").path("errors").asLong()).as("errors").isZero();
          assertThat(summary.path("totals").path("operations").asLong()).as("operations").isPositive();
          assertThat(summary.path("config").path("table.prefix").asText()).startsWith("cb_");
        }
        assertThat(prefixes.get(0)).as("the two runs' table prefixes").isNotEqualTo(prefixes.get(1));
        assertThat(a.out()).contains("Table Prefix     : " + prefixes.get(0) + " (the run's own");
        for (String prefix : prefixes) {
          assertThat(catalog.tablesStartingWith(prefix)).as("tables of %s after both runs", prefix).isEmpty();
          assertThat(catalog.usersStartingWith(prefix)).as("users of %s after both runs", prefix).isEmpty();
        }
      } finally {
        runners.shutdownNow();
        runners.awaitTermination(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        for (String prefix : prefixes) {
          catalog.dropEverything(new TestNames(prefix));
        }
      }
    }
  }

  /** The run must refuse the taken name, not drop the test's table as a "leftover" and exit 0. */
  private static void fixedPrefixWhoseTableExistsIsRefused(DatabaseTarget db, Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());
    try (Connection admin = db.connect()) {
      Catalog catalog = new Catalog(db.kind(), admin);
      try {
        Sentinel taken = Sentinel.create(db.kind(), admin, names.tablePrefix() + "1");
        String before = taken.fingerprint();

        CliResult run = Commitbench.jar(runArgs(file, tmp.resolve("results"), "refused",
            db.runSettings(tmp.resolve("s"), names, "db-users")));

        assertThat(run.exitCode()).as("exit code of a run whose table is taken (bad input)\n%s", run.describe())
            .isEqualTo(2);
        assertThat(run.err()).as(run::describe)
            .contains("refused: 1 name this run would create is taken on the server; nothing was created or dropped")
            .contains("table " + names.tablePrefix() + "1: not created by commitbench")
            .contains("choose another table.prefix");
        assertThat(taken.fingerprint()).as("the test's table and its rows").isEqualTo(before);
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables with the prefix")
            .containsExactly(names.tablePrefix() + "1");
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users with the prefix").isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  /**
   * A run with cleanup=false leaves its tables and users, marked; a second run with the same names
   * is refused and says whose they are; cleanup lists them, with the test's unmarked table beside
   * them as not commitbench's, drops nothing without --apply, and with it drops the run's objects
   * and nothing else.
   */
  private static void cleanupListsThenDrops(DatabaseTarget db, Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());
    try (Connection admin = db.connect()) {
      Catalog catalog = new Catalog(db.kind(), admin);
      try {
        Sentinel unmarked = Sentinel.create(db.kind(), admin, names.sentinel());
        String before = unmarked.fingerprint();
        Map<String, String> settings = db.runSettings(tmp.resolve("s"), names, "db-users");
        Map<String, String> keep = new LinkedHashMap<>(settings);
        keep.put("cleanup", "false");
        CliResult kept = Commitbench.jar(runArgs(file, tmp.resolve("results"), "kept", keep));
        assertThat(kept.exitCode()).as(kept::describe).isZero();
        List<String> tables = catalog.tablesStartingWith(names.tablePrefix());
        List<String> users = catalog.usersStartingWith(names.userPrefix());
        assertThat(tables).as("tables the run kept").hasSize(2);
        assertThat(users).as("users the run kept").hasSize(2);

        CliResult again = Commitbench.jar(runArgs(file, tmp.resolve("results"), "again", settings));
        assertThat(again.exitCode()).as(again::describe).isEqualTo(2);
        assertThat(again.err()).contains("table " + tables.get(0) + ": created by commitbench run kept (owner ")
            .contains("--run-id kept --owner ");

        CliResult listed = cleanup(db, tmp, "--prefix", names.token());
        assertThat(listed.exitCode()).as(listed::describe).isZero();
        assertThat(listed.out()).as(listed::describe).contains("dry run: nothing was changed")
            .contains("commitbench run kept (owner ").contains("2 tables, 2 users")
            .contains("table " + tables.get(0)).contains("user " + users.get(0))
            .contains("never dropped, not created by commitbench (no mark): table " + names.sentinel());
        assertThat(catalog.tablesStartingWith(names.token())).as("tables after the dry run")
            .containsExactlyInAnyOrderElementsOf(concat(tables, names.sentinel()));
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users after the dry run").isEqualTo(users);

        CliResult applied = cleanup(db, tmp, "--prefix", names.token(), "--apply");
        assertThat(applied.exitCode()).as(applied::describe).isZero();
        assertThat(applied.out()).contains("dropped 4 of 4 objects");
        assertThat(catalog.tablesStartingWith(names.token())).as("tables after --apply")
            .containsExactly(names.sentinel());
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users after --apply").isEmpty();
        assertThat(unmarked.fingerprint()).as("the unmarked table and its rows").isEqualTo(before);
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  /**
   * Alice prepares a data set at a fixed table.prefix and keeps it; Bob leaves a run's tables and
   * users (cleanup=false). Each cleanup drops its own owner's only: a third owner's drops nothing,
   * Bob's drops Bob's and keeps Alice's data set with its rows, and Alice's, with --owner, hers.
   */
  private static void cleanupDropsOnlyItsOwners(DatabaseTarget db, Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    String alice = "alice@lab1";
    String bob = "bob@lab2";
    String dataSet = names.token() + "_a";
    try (Connection admin = db.connect()) {
      Catalog catalog = new Catalog(db.kind(), admin);
      try {
        Path oltp = Commitbench.writeParameterFile(tmp.resolve("oltp.properties"), Map.of("workload",
            "oltp_point_select", "oltp.table.size", "100"));
        List<String> prepare = new ArrayList<>(List.of("prepare", oltp.toString()));
        Map<String, String> aliceKeys = new LinkedHashMap<>(db.settings(tmp.resolve("s")));
        aliceKeys.putAll(Map.of("table.prefix", dataSet, "owner", alice));
        aliceKeys.forEach((k, v) -> prepare.addAll(List.of("--set", k + "=" + v)));
        CliResult prepared = Commitbench.jar(prepare);
        assertThat(prepared.exitCode()).as(prepared::describe).isZero();
        assertThat(prepared.out()).contains("--prefix " + dataSet + " --owner " + alice + " --apply");

        Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());
        Map<String, String> bobKeys = new LinkedHashMap<>(db.runSettings(tmp.resolve("s"), names, "db-users"));
        bobKeys.putAll(Map.of("owner", bob, "cleanup", "false"));
        CliResult kept = Commitbench.jar(runArgs(file, tmp.resolve("results"), "bobs", bobKeys));
        assertThat(kept.exitCode()).as(kept::describe).isZero();
        List<String> bobsTables = catalog.tablesStartingWith(names.tablePrefix());
        assertThat(bobsTables).as("tables bob's run kept").hasSize(2);
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users bob's run kept").hasSize(2);
        String before = rowsOf(admin, dataSet + "1");
        assertThat(before).as("alice's data set").startsWith("100 rows");

        CliResult carol = cleanup(db, tmp, "--prefix", names.token(), "--set", "owner=carol@lab3", "--apply");
        assertThat(carol.exitCode()).as("other owners' objects kept: no unfinished work\n%s", carol.describe())
            .isZero();
        assertThat(carol.out()).as(carol::describe).contains("of owner carol@lab3")
            .contains("kept: owner " + alice + ", someone else's (--owner " + alice + " drops it): commitbench run"
                + " prepare-").contains("(1 table, 0 users)")
            .contains("kept: owner " + bob + ", someone else's (--owner " + bob + " drops it): commitbench run bobs"
                + " (owner " + bob).contains("(2 tables, 2 users)")
            .contains("dropped 0 of 0 objects; kept those of 2 runs of other owners");
        assertThat(catalog.tablesStartingWith(names.token())).as("tables after carol's cleanup").hasSize(3);
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users after carol's cleanup").hasSize(2);

        CliResult bobs = cleanup(db, tmp, "--prefix", names.token(), "--set", "owner=" + bob, "--apply");
        assertThat(bobs.exitCode()).as(bobs::describe).isZero();
        assertThat(bobs.out()).as(bobs::describe).contains("table " + bobsTables.get(0) + ": DROP")
            .contains("kept: owner " + alice).doesNotContain("table " + dataSet + "1: DROP")
            .contains("dropped 4 of 4 objects; kept those of 1 run of other owners");
        assertThat(catalog.tablesStartingWith(names.token())).as("tables after bob's cleanup")
            .containsExactly(dataSet + "1");
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users after bob's cleanup").isEmpty();
        assertThat(rowsOf(admin, dataSet + "1")).as("alice's data set and its rows").isEqualTo(before);

        CliResult alices = cleanup(db, tmp, "--prefix", names.token(), "--owner", alice, "--apply");
        assertThat(alices.exitCode()).as(alices::describe).isZero();
        assertThat(alices.out()).contains("dropped 1 of 1 objects").doesNotContain("kept:");
        assertThat(catalog.tablesStartingWith(names.token())).as("tables after alice's cleanup").isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  /** A sysbench table's rows, as a count and the sums of its columns: changes when a row does. */
  private static String rowsOf(Connection admin, String table) throws Exception {
    try (java.sql.Statement st = admin.createStatement(); java.sql.ResultSet rs = st.executeQuery(
        "SELECT COUNT(*), SUM(id), SUM(k), SUM(LENGTH(c)), SUM(LENGTH(pad)) FROM " + table)) {
      rs.next();
      return rs.getLong(1) + " rows, sums " + rs.getLong(2) + " " + rs.getLong(3) + " " + rs.getLong(4) + " "
          + rs.getLong(5);
    }
  }

  private static List<String> concat(List<String> list, String more) {
    List<String> all = new ArrayList<>(list);
    all.add(more);
    return all;
  }

  /** A timed run of the paper's workload: 2 users on 2 tables for {@link #TIMED_SECONDS}. */
  private static Path timedFile(Path tmp) throws Exception {
    return timedFile(tmp, TIMED_SECONDS);
  }

  private static Path timedFile(Path tmp, int seconds) throws Exception {
    Map<String, String> keys = new LinkedHashMap<>(new Workload(2, 0, 2, 20, 1).keys());
    keys.remove("repeat");
    keys.put("duration", String.valueOf(seconds));
    return Commitbench.writeParameterFile(tmp.resolve("timed.properties"), keys);
  }

  private static List<String> runArgs(Path file, Path results, String runId, Map<String, String> settings) {
    List<String> args = new ArrayList<>(List.of("run", file.toString(), "--set", "results.dir=" + results,
        "--set", "run.id=" + runId));
    settings.forEach((k, v) -> args.addAll(List.of("--set", k + "=" + v)));
    return args;
  }

  private static Callable<CliResult> jarRun(Path file, Path results, String runId, Map<String, String> settings) {
    List<String> args = runArgs(file, results, runId, settings);
    return () -> Commitbench.jar(args);
  }

  /** {@code cleanup} of the parameter file's database, restricted as the arguments say. */
  private static CliResult cleanup(DatabaseTarget db, Path tmp, String... restriction) throws Exception {
    Path file = Commitbench.writeParameterFile(tmp.resolve("cleanup.properties"), SHORT.keys());
    List<String> args = new ArrayList<>(List.of("cleanup", file.toString()));
    db.settings(tmp.resolve("s")).forEach((k, v) -> args.addAll(List.of("--set", k + "=" + v)));
    args.addAll(List.of(restriction));
    return Commitbench.jar(args);
  }

  private static Process start(List<String> args, Path output) throws Exception {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", io.commitbench.it.support.Repository.jar().toString()));
    command.addAll(args);
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(output.toFile()).start();
  }

  /** Until the run's intervals.csv has a data row: its tables exist and its actors are at work. */
  private static void awaitMeasuring(Path directory, java.util.function.BooleanSupplier running) throws Exception {
    long deadline = System.nanoTime() + MEASURING_WAIT.toNanos();
    Path intervals = directory.resolve("intervals.csv");
    while (!(Files.exists(intervals) && Files.readAllLines(intervals).size() >= 2)) {
      assertThat(running.getAsBoolean()).as("the run %s ended before it measured", directory).isTrue();
      assertThat(System.nanoTime()).as("measuring within %s", MEASURING_WAIT).isLessThan(deadline);
      Thread.sleep(50);
    }
  }
}
