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
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestImages;
import io.commitbench.it.support.TestNames;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
    Jar run = Jar.start(tmp, "down", names, settings(tmp, names, server.getJdbcUrl(), DURATION, Map.of()));
    run.awaitIntervalRows(1);
    stopServer("down");
    run.awaitExit(90);
    startServer("down");

    assertThat(run.exitCode()).as("exit code\n%s", run.output()).isEqualTo(1);
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
    Jar run = Jar.start(tmp, "term", names, settings(tmp, names, server.getJdbcUrl(), 60, Map.of()));
    run.awaitIntervalRows(1);
    stopServer("term");
    run.signal("TERM");
    run.awaitExit(30);
    startServer("term");

    assertThat(run.exitCode()).as("exit code after SIGTERM\n%s", run.output()).isEqualTo(143);
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
      Jar run = Jar.start(tmp, "stalled", names, settings(tmp, names, url, DURATION, Map.of("statement.timeout", "3")));
      run.awaitIntervalRows(1);
      // Everything stalls, and the actors' calls come back 4 s after the deadline: the run must
      // not measure on while it waits for them. The admin connection and every new login stay held.
      assertThat(relay.hold()).as("connections held").isPositive();
      relay.holdNewConnections();
      Thread.sleep((DURATION + 3) * 1_000L);
      relay.releaseAllButOldest();
      run.awaitExit(90);
      relay.release();

      assertThat(run.exitCode()).as("exit code\n%s", run.output()).isEqualTo(1);
      assertLostAdminNamed(run, names);
      assertMeasuredWindowKeptToTheDuration(run);
      assertCleanupRemovesEverything(tmp, run, names);
    }
  }

  /**
   * The reason, in words; every object of the run still on the server is in summary.json's
   * leftovers with its drop statements, and they are the last lines of the output.
   */
  private static void assertLostAdminNamed(Jar run, TestNames names) throws Exception {
    String output = run.output();
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
    String stdout = run.stdout();
    int block = stdout.lastIndexOf("warning: the cleanup left " + objects.size() + " object");
    assertThat(block).as("the closing block of leftovers\n%s", output).isGreaterThan(stdout.lastIndexOf(
        "results written to"));
    String last = stdout.substring(block);
    assertThat(statements).as("drop statements").isNotEmpty()
        .allSatisfy(sql -> assertThat(last).as("the last lines\n%s", output).contains(sql + ";"));
    assertThat(last).as("the last lines").contains("commitbench cleanup").contains("--run-id " + run.runId);
  }

  /** No progress line past the duration, and the figures averaged over the duration. */
  private static void assertMeasuredWindowKeptToTheDuration(Jar run) throws Exception {
    Matcher progress = PROGRESS.matcher(run.stdout());
    int furthest = 0;
    while (progress.find()) {
      furthest = Math.max(furthest, Integer.parseInt(progress.group(1)));
    }
    assertThat(furthest).as("the progress line's furthest second\n%s", run.output()).isBetween(1, DURATION);
    assertThat(run.summary().path("totals").path("measuredSeconds").asDouble()).as("totals.measuredSeconds")
        .isLessThanOrEqualTo(DURATION + 0.5);
  }

  private static void assertCleanupRemovesEverything(Path tmp, Jar run, TestNames names) throws Exception {
    List<String> args = new ArrayList<>(List.of("cleanup", run.file.toString(), "--run-id", run.runId, "--apply"));
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

  /** The shaded jar running {@code run} in a process of its own. */
  private static final class Jar {
    final Path file;
    final String runId;
    final Path directory;
    final Path out;
    final Path err;
    final Process process;

    private Jar(Path file, String runId, Path directory, Path out, Path err, Process process) {
      this.file = file;
      this.runId = runId;
      this.directory = directory;
      this.out = out;
      this.err = err;
      this.process = process;
    }

    static Jar start(Path tmp, String runId, TestNames names, Map<String, String> settings) throws IOException {
      Path file = Commitbench.writeParameterFile(tmp.resolve(runId + ".properties"), Map.of("workload", "commit"));
      Path results = tmp.resolve("results");
      List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
          .toString(), "-jar", Repository.jar().toString(), "run", file.toString(), "--set", "results.dir=" + results,
          "--set", "run.id=" + runId));
      settings.forEach((k, v) -> command.addAll(List.of("--set", k + "=" + v)));
      Path out = tmp.resolve(runId + "-stdout.txt");
      Path err = tmp.resolve(runId + "-stderr.txt");
      Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
      return new Jar(file, runId, results.resolve(runId), out, err, process);
    }

    void awaitIntervalRows(int rows) throws Exception {
      Path csv = directory.resolve("intervals.csv");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!Files.exists(csv) || Files.readString(csv, StandardCharsets.UTF_8).chars().filter(c -> c == '\n')
          .count() - 1 < rows) {
        assertThat(process.isAlive()).as("the run is still running\n%s", output()).isTrue();
        assertThat(System.nanoTime()).as("%d rows of intervals.csv\n%s", rows, output()).isLessThan(deadline);
        Thread.sleep(100);
      }
    }

    void signal(String signal) throws Exception {
      Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start();
      assertThat(kill.waitFor()).as("kill -%s", signal).isZero();
    }

    void awaitExit(int seconds) throws Exception {
      long began = System.nanoTime();
      boolean exited = process.waitFor(seconds, TimeUnit.SECONDS);
      if (!exited) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
      assertThat(exited).as("the run exits within %d s\n%s", seconds, output()).isTrue();
      System.out.printf("%s%s: commitbench exited with %d, %.1f s after the test's last step%n",
          DatabaseTargets.LOG_PREFIX, runId, process.exitValue(), (System.nanoTime() - began) / 1e9);
    }

    int exitCode() {
      return process.exitValue();
    }

    JsonNode summary() {
      return RunOutput.summary(directory);
    }

    String stdout() throws IOException {
      return Files.readString(out, StandardCharsets.UTF_8);
    }

    String output() {
      try {
        return "--- stdout ---\n" + stdout() + "\n--- stderr ---\n" + Files.readString(err, StandardCharsets.UTF_8);
      } catch (IOException e) {
        return "(output unreadable: " + e.getMessage() + ")";
      }
    }
  }
}
