package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.HoldingRelay;
import io.commitbench.it.support.JarRun;
import io.commitbench.it.support.TestImages;
import io.commitbench.it.support.TestNames;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The run loses its admin connection for good: the test's own PostgreSQL container is stopped
 * mid-run and stays down past reconnect.timeout, or stopped and the run then gets SIGTERM, or a
 * relay in front of the server stalls every connection (and every new login) with
 * statement.timeout=3, then lets the actors' calls return after the run's duration. The run
 * cannot drop what it created, but it knows the names: it must list every table and role it
 * left, with the statements that drop them, in its last lines and in summary.json, exit
 * non-zero, say why without Java exception text, and keep its measured window to its duration. Once the server is back, the listed statements or {@code commitbench cleanup}
 * remove everything. The shaded jar runs as a process of its own: exit codes and output are the
 * case.
 */
class LostAdminConnectionIT {

  private static final int DURATION = 3;
  private static final Pattern PROGRESS = Pattern.compile("(?m)^\\[ *[0-9.]+ s\\] (\\d+)/" + DURATION + " s");
  private static final List<String> EXCEPTION_TEXT = List.of("Exception", "Cannot invoke", "because the return value",
      "NullPointer");

  private static PostgreSQLContainer<?> server;

  @BeforeAll
  static void startContainer() throws Exception {
    DatabaseTargets.requireEngineForOwnContainer("LostAdminConnectionIT");
    int hostPort = freePort();
    // A fixed host port: a container started again gets a new ephemeral one otherwise.
    server = new PostgreSQLContainer<>(TestImages.POSTGRESQL).withCommand("postgres")
        .withCreateContainerCmdModifier(cmd -> cmd.withStopSignal("SIGINT").getHostConfig().withPortBindings(
            new PortBinding(Ports.Binding.bindPort(hostPort), ExposedPort.tcp(PostgreSQLContainer.POSTGRESQL_PORT))));
    server.start();
  }

  @AfterAll
  static void removeContainer() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void aServerThatStaysDownLeavesItsObjectsNamedWithTheStatementsThatDropThem(@TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    JarRun run = start(tmp, "down", settings(tmp, names, server.getJdbcUrl(), DURATION, Map.of()));
    run.awaitIntervalRows(1);
    stopServer("down");
    int exit = run.exitWithin(90);
    startServer("down");

    assertThat(exit).as("exit code\n%s", output(run)).isEqualTo(1);
    assertLostAdminNamed(run, names);
    assertMeasuredWindowKeptToTheDuration(run);
    try (Connection admin = superuser()) {
      for (JsonNode leftover : run.summary().path("leftovers")) {
        for (JsonNode sql : leftover.path("drop")) {
          try (Statement st = admin.createStatement()) {
            st.execute(sql.asText());
          }
        }
      }
      assertNothingLeft(admin, names, "after the statements of summary.json's leftovers");
    }
  }

  @Test
  void sigtermAfterAServerStopStillNamesTheLeftovers(@TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    JarRun run = start(tmp, "term", settings(tmp, names, server.getJdbcUrl(), 60, Map.of()));
    run.awaitIntervalRows(1);
    stopServer("term");
    run.signal("TERM");
    int exit = run.exitWithin(30);
    startServer("term");

    assertThat(exit).as("exit code after SIGTERM\n%s", output(run)).isEqualTo(143);
    assertLostAdminNamed(run, names);
    assertCleanupRemovesEverything(tmp, run, names);
  }

  @Test
  void aStalledAdminConnectionLeavesItsObjectsNamed(@TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Matcher hostPort = Pattern.compile("//([^:/]+):(\\d+)/").matcher(server.getJdbcUrl());
    assertThat(hostPort.find()).as(server.getJdbcUrl()).isTrue();
    try (HoldingRelay relay = new HoldingRelay(hostPort.group(1), Integer.parseInt(hostPort.group(2)))) {
      String url = hostPort.replaceFirst("//127.0.0.1:" + relay.port() + "/");
      JarRun run = start(tmp, "stalled", settings(tmp, names, url, DURATION, Map.of("statement.timeout", "3")));
      run.awaitIntervalRows(1);
      // Everything stalls, and the actors' calls come back 4 s after the deadline: the run must
      // not measure on while it waits for them. The admin connection and every new login stay held.
      assertThat(relay.hold()).as("connections held").isPositive();
      relay.holdNewConnections();
      Thread.sleep((DURATION + 3) * 1_000L);
      relay.releaseAllButOldest();
      int exit = run.exitWithin(90);
      relay.release();

      assertThat(exit).as("exit code\n%s", output(run)).isEqualTo(1);
      assertLostAdminNamed(run, names);
      assertMeasuredWindowKeptToTheDuration(run);
      assertCleanupRemovesEverything(tmp, run, names);
    }
  }

  /**
   * The reason, in words; every object of the run still on the server is in summary.json's
   * leftovers with its drop statements, and they are the last lines of the output.
   */
  private static void assertLostAdminNamed(JarRun run, TestNames names) throws Exception {
    String output = output(run);
    assertThat(output).as("the reason").containsPattern("the admin connection to jdbc:postgresql://\\S+ was lost and"
        + " did not come back (within reconnect.timeout=3 s|in the one attempt a stopped run makes): \\S+");
    EXCEPTION_TEXT.forEach(text -> assertThat(output).as("no Java exception text").doesNotContain(text));
    List<String> objects = new ArrayList<>();
    List<String> statements = new ArrayList<>();
    for (JsonNode leftover : run.summary().path("leftovers")) {
      objects.add(leftover.path("object").asText());
      leftover.path("drop").forEach(sql -> statements.add(sql.asText()));
    }
    try (Connection admin = superuser()) {
      Catalog catalog = new Catalog(DatabaseKind.POSTGRESQL, admin);
      List<String> onServer = new ArrayList<>();
      catalog.tablesStartingWith(names.tablePrefix()).forEach(t -> onServer.add("table " + t));
      catalog.usersStartingWith(names.userPrefix()).forEach(u -> onServer.add("user " + u));
      assertThat(onServer).as("what the run left on the server\n%s", output).isNotEmpty();
      assertThat(objects).as("summary.json's leftovers\n%s", output).containsExactlyInAnyOrderElementsOf(onServer);
    }
    // The closing block comes after everything else the run prints, the results' line included.
    String stdout = run.out();
    int block = stdout.lastIndexOf("warning: the cleanup left " + objects.size() + " object");
    assertThat(block).as("the closing block of leftovers\n%s", output).isGreaterThan(stdout.lastIndexOf(
        "results written to"));
    String last = stdout.substring(block);
    assertThat(statements).as("drop statements").isNotEmpty()
        .allSatisfy(sql -> assertThat(last).as("the last lines\n%s", output).contains(sql + ";"));
    assertThat(last).as("the last lines").contains("commitbench cleanup").contains("--run-id " + run.runId());
  }

  /** No progress line past the duration, and the figures averaged over the duration. */
  private static void assertMeasuredWindowKeptToTheDuration(JarRun run) throws Exception {
    Matcher progress = PROGRESS.matcher(run.out());
    int furthest = 0;
    while (progress.find()) {
      furthest = Math.max(furthest, Integer.parseInt(progress.group(1)));
    }
    assertThat(furthest).as("the progress line's furthest second\n%s", output(run)).isBetween(1, DURATION);
    assertThat(run.summary().path("totals").path("measuredSeconds").asDouble()).as("totals.measuredSeconds")
        .isLessThanOrEqualTo(DURATION + 0.5);
  }

  private static void assertCleanupRemovesEverything(Path tmp, JarRun run, TestNames names) throws Exception {
    List<String> args = new ArrayList<>(List.of("cleanup", run.parameterFile().toString(), "--run-id", run.runId(), "--apply"));
    settings(tmp, names, server.getJdbcUrl(), DURATION, Map.of()).forEach((k, v) -> args.addAll(List.of("--set",
        k + "=" + v)));
    // In this JVM: the cleanup's own process is not the case here.
    Commitbench.CliResult cleanup = Commitbench.execute(args);
    assertThat(cleanup.exitCode()).as(cleanup::describe).isZero();
    try (Connection admin = superuser()) {
      assertNothingLeft(admin, names, "after commitbench cleanup\n" + cleanup.describe());
    }
  }

  private static void assertNothingLeft(Connection admin, TestNames names, String when) throws SQLException {
    Catalog catalog = new Catalog(DatabaseKind.POSTGRESQL, admin);
    assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables " + when).isEmpty();
    assertThat(catalog.usersStartingWith(names.userPrefix())).as("roles " + when).isEmpty();
  }

  private static Map<String, String> settings(Path tmp, TestNames names, String url, int duration,
      Map<String, String> more) throws IOException {
    DatabaseTarget target = new DatabaseTarget(DatabaseKind.POSTGRESQL, url, server.getUsername(),
        server.getPassword(), null, "container of LostAdminConnectionIT");
    Map<String, String> settings = target.runSettings(tmp.resolve("secrets"), names, "db-users");
    settings.putAll(Map.of("workload", "commit", "users", "2", "warmup", "0", "duration", Integer.toString(duration),
        "reconnect.timeout", "3", "connect.timeout", "5", "report.interval", "1"));
    settings.putAll(more);
    return settings;
  }

  private static Connection superuser() throws SQLException {
    return DriverManager.getConnection(server.getJdbcUrl(), server.getUsername(), server.getPassword());
  }

  private static void stopServer(String why) {
    long began = System.nanoTime();
    DockerClientFactory.instance().client().stopContainerCmd(server.getContainerId()).withTimeout(10).exec();
    System.out.printf("%s%s: stopped the PostgreSQL container in %.1f s%n", DatabaseTargets.LOG_PREFIX, why,
        (System.nanoTime() - began) / 1e9);
  }

  /** Starts the stopped container again and waits until it takes logins. */
  private static void startServer(String why) throws Exception {
    long began = System.nanoTime();
    DockerClientFactory.instance().client().startContainerCmd(server.getContainerId()).exec();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (true) {
      try (Connection ignored = superuser()) {
        break;
      } catch (SQLException notYet) {
        assertThat(System.nanoTime()).as("the server takes logins again: %s", notYet.getMessage()).isLessThan(deadline);
        Thread.sleep(200);
      }
    }
    System.out.printf("%s%s: started the PostgreSQL container again in %.1f s%n", DatabaseTargets.LOG_PREFIX, why,
        (System.nanoTime() - began) / 1e9);
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  /** Runs the commit workload with {@code settings} as a process of its own. */
  private static JarRun start(Path tmp, String runId, Map<String, String> settings) throws IOException {
    Path file = Commitbench.writeParameterFile(tmp.resolve(runId + ".properties"), Map.of("workload", "commit"));
    return JarRun.start(file, tmp, runId, settings);
  }

  /** Everything the run printed, for checks and messages. */
  private static String output(JarRun run) {
    return "--- stdout ---\n" + run.out() + "\n--- stderr ---\n" + run.err();
  }
}
