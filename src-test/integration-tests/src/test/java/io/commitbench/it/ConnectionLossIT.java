package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.DML_KINDS;
import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static io.commitbench.it.support.ResultAssertions.assertCompletedWithErrors;
import static io.commitbench.it.support.ResultAssertions.assertPaperBlock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A run survives the loss of an actor's connection: while it runs, a separate admin connection
 * kills the server session of one actor (found by its database user, db-users mode), the actor
 * counts the failed statement as connection_lost, reconnects and carries on, and the run
 * completes with every other statement done.
 */
class ConnectionLossIT {

  /** Long enough (several seconds) that the kill lands well before the last cycle. */
  private static final Workload WORKLOAD = new Workload(4, 0, 2, 100, 25);

  private static final Duration SESSION_WAIT = Duration.ofSeconds(30);
  private static final Duration RUN_WAIT = Duration.ofSeconds(150);

  @ParameterizedTest(name = "{0}: an actor's session is killed mid-run")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void runSurvivesAKilledActorSession(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    RunOutput run = killedRun(kind, tmp, Map.of("reconnect.timeout", "30"), (catalog, victim) -> {}).run();

    // Completed, with the killed session's failed statement: exit code 3, said last in the report.
    JsonNode summary = assertCompletedWithErrors(run);
    JsonNode totals = summary.path("totals");
    long lost = totals.path("errorsByClass").path("connection_lost").asLong();
    assertThat(totals.path("reconnects").asLong()).as("totals.reconnects\n%s", run.report()).isGreaterThanOrEqualTo(1);
    assertThat(lost).as("totals.errorsByClass.connection_lost\n%s", run.report()).isGreaterThanOrEqualTo(1);
    assertThat(totals.path("errors").asLong()).as("totals.errors: all of them connection_lost").isEqualTo(lost);
    // A failed statement is counted once, as an error, and not repeated: every statement of
    // the workload is either a success or an error.
    for (String k : DML_KINDS) {
      JsonNode node = summary.path("kinds").path(k);
      assertThat(node.path("count").asLong() + node.path("errors").asLong()).as("kinds.%s count + errors", k)
          .isEqualTo(WORKLOAD.statementsPerKind());
    }
    assertThat(summary.path("paper").path("actorCycles").asInt()).as("every actor finished every cycle")
        .isEqualTo(WORKLOAD.users() * WORKLOAD.repeat());
    String report = run.report();
    assertThat(report).as("report.txt").containsPattern("(?m)^Reconnects +: +[1-9][0-9]*$")
        .containsPattern("(?m)^  connection_lost +" + lost + "$");
    assertPaperBlock(report);
  }

  /**
   * The run's admin session is killed while the actors work (the run logs in as a superuser role
   * of the test's own, so that the session found is the run's admin and nobody else's): the run
   * re-establishes it at the end, reads the server's counters and drops what it created.
   */
  @ParameterizedTest(name = "{0}: the run's admin session is killed mid-run")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL"})
  void aKilledAdminSessionIsReestablishedForTheCountersAndTheCleanup(DatabaseKind kind, @TempDir Path tmp)
      throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    String adminRole = names.token() + "_adm";
    Path file = Commitbench.writeParameterFile(tmp.resolve("long.properties"), WORKLOAD.keys());
    Map<String, String> overrides = target.runSettings(tmp.resolve("secrets"), names, "db-users");
    overrides.put("db.user", adminRole);
    ExecutorService runner = Executors.newSingleThreadExecutor(r -> new Thread(r, "commitbench-run"));
    try (Connection admin = target.connect()) {
      Catalog catalog = new Catalog(kind, admin);
      try {
        // The run logs in with the target's password (a container checks it; the local server trusts).
        catalog.execute("CREATE ROLE " + adminRole + " LOGIN SUPERUSER PASSWORD '"
            + target.password().replace("'", "''") + "'");
        Future<RunOutput> running = runner.submit(() -> Commitbench.run(file, tmp.resolve("results"), "admin", overrides));
        long session = killOnceConnected(kind, admin, adminRole, running, tmp.resolve("results").resolve("admin"),
            () -> {});
        System.out.println(DatabaseTargets.LOG_PREFIX + kind.dbType() + ": killed the run's admin session " + session);
        RunOutput run = running.get(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);

        assertCompleted(run);
        assertThat(run.report()).contains("the admin connection broke during the run and was re-established")
            .doesNotContain("could not read the server's counters");
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables after cleanup").isEmpty();
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users after cleanup").isEmpty();
      } finally {
        runner.shutdownNow();
        runner.awaitTermination(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        catalog.dropEverything(names);
        catalog.execute("DROP ROLE IF EXISTS " + adminRole);
      }
    }
  }

  /**
   * An actor's session is killed and the server then refuses its login (PostgreSQL: the role may
   * no longer log in, 28000 — the local server trusts every password; MariaDB: a wrong password,
   * 1045). Trying again cannot help: the run fails at once — long before reconnect.timeout — and
   * says what the server said, not HikariCP's "Connection is not available, request timed out".
   */
  @ParameterizedTest(name = "{0}: the server refuses an actor's login after its session was killed")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void aRefusedLoginFailsTheRunAtOnceWithTheServersMessage(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    String serverSays = kind == DatabaseKind.POSTGRESQL ? "is not permitted to log in" : "Access denied";
    KilledRun killed = killedRun(kind, tmp, Map.of("reconnect.timeout", "90", "connect.timeout", "2"), (catalog, victim) -> catalog.execute(
        kind == DatabaseKind.POSTGRESQL ? "ALTER ROLE " + victim + " NOLOGIN"
            : "ALTER USER '" + victim + "'@'%' IDENTIFIED BY 'not-the-password'"));

    RunOutput run = killed.run();
    assertThat(run.exitCode()).as(run::describe).isEqualTo(1);
    assertThat(run.summary().path("outcome").asText()).isEqualTo("failed");
    assertThat(run.summary().path("failure").asText()).as("summary.json failure")
        .contains("refused the login").contains(serverSays).doesNotContain("request timed out");
    assertThat(run.cli().err()).contains(serverSays);
    assertThat(killed.seconds()).as("seconds from the kill to the end of the run (reconnect.timeout=90)\n%s",
        run.describe()).isLessThan(45);
  }

  /**
   * "Too many connections" passes, so it is retried until reconnect.timeout, and the failure then
   * names it (the role may open no connection: PostgreSQL's CONNECTION LIMIT 0).
   */
  @ParameterizedTest(name = "{0}: too many connections is retried and named")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL"})
  void tooManyConnectionsIsRetriedUntilTheReconnectTimeoutAndNamed(DatabaseKind kind, @TempDir Path tmp)
      throws Exception {
    KilledRun killed = killedRun(kind, tmp, Map.of("reconnect.timeout", "6", "connect.timeout", "2"),
        (catalog, victim) -> catalog.execute("ALTER ROLE " + victim + " CONNECTION LIMIT 0"));

    RunOutput run = killed.run();
    assertThat(run.exitCode()).as(run::describe).isEqualTo(1);
    assertThat(run.summary().path("failure").asText()).as("summary.json failure")
        .contains("within 6 s (reconnect.timeout)").contains("too many connections for role");
  }

  /** What the test does to the victim's login just before its session is killed. */
  @FunctionalInterface
  private interface LoginChange {
    void apply(Catalog catalog, String victim) throws SQLException;
  }

  private record KilledRun(RunOutput run, long seconds) {}

  /**
   * A long db-users run whose actor 2 has its login changed and its session killed while
   * measuring; asserts that the cleanup dropped the run's tables and users.
   */
  private static KilledRun killedRun(DatabaseKind kind, Path tmp, Map<String, String> settings, LoginChange change)
      throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("long.properties"), WORKLOAD.keys());
    Map<String, String> overrides = target.runSettings(tmp.resolve("secrets"), names, "db-users");
    overrides.putAll(settings);
    String victim = names.userPrefix() + "2";
    ExecutorService runner = Executors.newSingleThreadExecutor(r -> new Thread(r, "commitbench-run"));
    try (Connection admin = target.connect()) {
      Catalog catalog = new Catalog(kind, admin);
      try {
        Future<RunOutput> running = runner.submit(() -> Commitbench.run(file, tmp.resolve("results"), "loss", overrides));
        long session = killOnceConnected(kind, admin, victim, running, tmp.resolve("results").resolve("loss"),
            () -> change.apply(catalog, victim));
        System.out.println(DatabaseTargets.LOG_PREFIX + kind.dbType() + ": killed session " + session + " of " + victim);
        long killed = System.nanoTime();
        RunOutput run = running.get(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        long seconds = (System.nanoTime() - killed) / 1_000_000_000L;
        System.out.println(DatabaseTargets.LOG_PREFIX + kind.dbType() + ": run ended " + seconds + " s after the kill");
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables after cleanup").isEmpty();
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users after cleanup").isEmpty();
        return new KilledRun(run, seconds);
      } finally {
        runner.shutdownNow();
        runner.awaitTermination(RUN_WAIT.toSeconds(), TimeUnit.SECONDS);
        catalog.dropEverything(names);
      }
    }
  }

  /** A change to the database made just before the kill. */
  @FunctionalInterface
  private interface BeforeKill {
    void run() throws SQLException;
  }

  /**
   * Waits until the run is measuring (its first intervals.csv row is written: every actor then
   * holds its connection — before that, a killed session may still sit idle in the prefilled pool,
   * which replaces it unseen), then kills a server session of {@code user} and returns its id.
   */
  private static long killOnceConnected(DatabaseKind kind, Connection admin, String user, Future<RunOutput> running,
      Path runDirectory, BeforeKill before) throws Exception {
    long deadline = System.nanoTime() + SESSION_WAIT.toNanos();
    while (System.nanoTime() < deadline) {
      if (running.isDone()) {
        fail("the run ended before a session of " + user + " was seen:\n" + running.get().describe());
      }
      OptionalLong session = measuring(runDirectory) ? sessionOf(kind, admin, user) : OptionalLong.empty();
      if (session.isPresent()) {
        before.run();
        kill(kind, admin, session.getAsLong());
        return session.getAsLong();
      }
      Thread.sleep(20);
    }
    throw new AssertionError("no session of " + user + " within " + SESSION_WAIT);
  }

  /** Whether intervals.csv holds a data row (the header is its first line). */
  private static boolean measuring(Path runDirectory) throws java.io.IOException {
    Path intervals = runDirectory.resolve("intervals.csv");
    return java.nio.file.Files.exists(intervals) && java.nio.file.Files.readAllLines(intervals).size() >= 2;
  }

  /**
   * The actor's session as the server lists it. PostgreSQL: pg_stat_activity, where the harness's
   * connections carry application_name 'commitbench'; MariaDB: the process list.
   */
  private static OptionalLong sessionOf(DatabaseKind kind, Connection admin, String user) throws SQLException {
    String sql = switch (kind) {
      case POSTGRESQL -> "SELECT pid FROM pg_stat_activity WHERE application_name = 'commitbench' AND usename = ?";
      case MARIADB -> "SELECT ID FROM information_schema.PROCESSLIST WHERE USER = ?";
      default -> throw new IllegalArgumentException(kind + " is not covered");
    };
    try (PreparedStatement st = admin.prepareStatement(sql)) {
      st.setString(1, user);
      try (ResultSet rs = st.executeQuery()) {
        return rs.next() ? OptionalLong.of(rs.getLong(1)) : OptionalLong.empty();
      }
    }
  }

  private static void kill(DatabaseKind kind, Connection admin, long session) throws SQLException {
    try (Statement st = admin.createStatement()) {
      if (kind == DatabaseKind.POSTGRESQL) {
        try (ResultSet rs = st.executeQuery("SELECT pg_terminate_backend(" + session + ")")) {
          assertThat(rs.next() && rs.getBoolean(1)).as("pg_terminate_backend(%d)", session).isTrue();
        }
      } else {
        st.execute("KILL CONNECTION " + session);
      }
    }
  }
}
