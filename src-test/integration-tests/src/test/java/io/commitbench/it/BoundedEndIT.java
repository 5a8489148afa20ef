package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.HoldingRelay;
import io.commitbench.it.support.JarRun;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestImages;
import io.commitbench.it.support.TestNames;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * Runs that end the hard way end within the bounds docs/run-control.md states, as a process of
 * their own (the exit code and the time to it are what is tested): more users than the server
 * has connections, and a signal while the network to the server is stalled.
 */
class BoundedEndIT {

  private static final Pattern HOST_PORT = Pattern.compile("//([^:/]+):(\\d+)/");

  /**
   * 500 users against a PostgreSQL that takes 100 connections: the run must fail before the
   * measurement with the server's answer, exit 1 within 30 s (the refused actors give up after
   * connect.timeout), and drop the table it created. The actors log in as the
   * administrator (users.mode=shared): 500 logins exhaust the server as well, without the set-up
   * of 500 roles, which takes 5 to 25 s on a busy machine and is no part of how the run ends.
   */
  @Test
  void moreUsersThanTheServerHasConnectionsFailBeforeTheMeasurementAndLeaveNothing(@TempDir Path tmp)
      throws Exception {
    DatabaseTargets.requireEngineForOwnContainer("BoundedEndIT");
    try (PostgreSQLContainer<?> server = new PostgreSQLContainer<>(TestImages.POSTGRESQL)
        .withCommand("postgres", "-c", "max_connections=100")) {
      server.start();
      DatabaseTarget target = new DatabaseTarget(DatabaseKind.POSTGRESQL, server.getJdbcUrl(), server.getUsername(),
          server.getPassword(), null, "container of BoundedEndIT with max_connections=100");
      TestNames names = TestNames.unique();
      Path file = Commitbench.writeParameterFile(tmp.resolve("crowd.properties"), Map.of("workload", "commit",
          "users", "500", "duration", "3", "warmup", "0"));
      Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
      // The refused actors give up after connect.timeout; half the default leaves room on a busy machine.
      settings.put("connect.timeout", "5");
      long started = System.nanoTime();
      try (JarRun run = JarRun.start(file, tmp, "crowd", settings)) {
        Integer exit = run.awaitExit(90);
        long seconds = (System.nanoTime() - started) / 1_000_000_000L;
        System.out.println(DatabaseTargets.LOG_PREFIX + "500 users against max_connections=100: exit " + exit
            + " after " + seconds + " s");
        assertThat(exit).as("exit code within 90 s\n%s", run.describe()).isEqualTo(1);
        assertThat(seconds).as("seconds to the exit\n%s", run.describe()).isLessThanOrEqualTo(30);
        assertThat(run.out()).as(run::describe).contains("too many clients already")
            .containsPattern("(?m)^connected: only [0-9]+ of 500 actors")
            .doesNotContainPattern("(?m)^\\[ +[0-9.]+ s\\]");
        JsonNode summary = RunOutput.summary(run.directory());
        assertThat(summary.path("outcome").asText()).as(run::describe).isEqualTo("failed");
        assertThat(summary.path("failure").asText()).contains("too many clients already");
        try (Connection admin = target.connect()) {
          Catalog catalog = new Catalog(DatabaseKind.POSTGRESQL, admin);
          assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables left\n%s", run.describe()).isEmpty();
        }
      }
    }
  }

  /**
   * SIGINT while every connection of the run is stalled (a relay holds their bytes: a frozen
   * server or a dropped route): the run must act on it within 5 s + statement.timeout, write its
   * results with outcome interrupted, print its outcome and exit 130.
   */
  @Test
  void sigintDuringANetworkStallEndsWithinSecondsPlusTheStatementTimeout(@TempDir Path tmp) throws Exception {
    int statementTimeout = 5;
    DatabaseTarget target = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp.resolve("h2"));
    Matcher hostPort = HOST_PORT.matcher(target.url());
    assertThat(hostPort.find()).as("host and port in %s", target.url()).isTrue();
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("stall.properties"), Map.of("workload", "commit",
        "users", "2", "duration", "600", "warmup", "0", "statement.timeout", Integer.toString(statementTimeout)));
    try (HoldingRelay relay = new HoldingRelay(hostPort.group(1), Integer.parseInt(hostPort.group(2)));
        Connection admin = target.connect()) {
      Catalog catalog = new Catalog(DatabaseKind.POSTGRESQL, admin);
      Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "shared");
      settings.put("db.url", hostPort.replaceFirst("//127.0.0.1:" + relay.port() + "/"));
      try (JarRun run = JarRun.start(file, tmp, "stalled", settings)) {
        awaitRows(run, 3);
        int held = relay.hold();
        Thread.sleep(1_000);
        long signalled = System.nanoTime();
        run.signal("INT");
        Integer exit = run.awaitExit(120);
        long seconds = (System.nanoTime() - signalled) / 1_000_000_000L;
        System.out.println(DatabaseTargets.LOG_PREFIX + "SIGINT with " + held + " connections held: exit " + exit
            + " after " + seconds + " s");
        assertThat(exit).as("exit code after SIGINT\n%s", run.describe()).isEqualTo(130);
        assertThat(seconds).as("seconds from SIGINT to the exit (5 s + statement.timeout)\n%s", run.describe())
            .isLessThanOrEqualTo(5 + statementTimeout);
        JsonNode summary = RunOutput.summary(run.directory());
        assertThat(summary.path("outcome").asText()).as(run::describe).isEqualTo("interrupted");
        assertThat(summary.path("totals").path("operations").asLong()).as("totals.operations").isPositive();
        String report = Files.readString(run.directory().resolve("report.txt"), StandardCharsets.UTF_8);
        assertThat(report).containsPattern("(?m)^Outcome +: interrupted$").contains("results written to");
      } finally {
        relay.release();
        catalog.dropEverything(names);
      }
    }
  }

  /** Waits (up to 60 s) for {@code rows} rows of the run's intervals.csv. */
  private static void awaitRows(JarRun run, int rows) throws Exception {
    Path csv = run.directory().resolve("intervals.csv");
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!Files.exists(csv) || Files.readAllLines(csv, StandardCharsets.UTF_8).size() <= rows) {
      assertThat(run.isAlive()).as("the run is still running\n%s", run.describe()).isTrue();
      assertThat(System.nanoTime()).as("%d rows in %s\n%s", rows, csv, run.describe()).isLessThan(deadline);
      Thread.sleep(100);
    }
  }
}
