package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertPaperBlock;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.Signals;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C keeps the results: the shaded jar runs as a real process (a long H2 run), receives
 * SIGINT once it has written two rows of intervals.csv, and must still write summary.json
 * (outcome interrupted) and report.txt with the paper block for what it measured.
 */
class InterruptIT {

  /** Far more cycles than the test waits for: only the signal ends it. */
  private static final Workload ENDLESS = new Workload(4, 0, 2, 200, 1_000_000);

  private static final Duration ROWS_WAIT = Duration.ofSeconds(60);
  private static final Duration EXIT_WAIT = Duration.ofSeconds(90);

  /** Bit of SIGINT (2) in the SigIgn mask of /proc/PID/status. */

  @Test
  void sigintStillWritesTheResults(@TempDir Path tmp) throws Exception {
    Interrupted run = interruptLongRun(tmp);

    assertThat(run.exitCode()).as("exit code after SIGINT (documented: 130)\n%s", run.output()).isEqualTo(130);
    JsonNode summary = RunOutput.summary(run.directory());
    assertThat(summary.path("outcome").asText()).as(run::output).isEqualTo("interrupted");
    assertThat(summary.path("failure").asText()).contains("interrupted");
    long operations = summary.path("totals").path("operations").asLong();
    assertThat(operations).as("totals.operations of the interrupted run").isPositive();
    assertThat(summary.path("paper").path("cycles").asInt()).as("paper.cycles").isPositive();
    assertThat(intervalOps(run.directory())).as("ops summed over intervals.csv").isEqualTo(operations);
    String report = Files.readString(run.directory().resolve("report.txt"), StandardCharsets.UTF_8);
    assertPaperBlock(report);
    assertThat(report).containsPattern("(?m)^Outcome +: interrupted$");
    // Written from the JVM's shutdown hook, where ImageIO's file cache would make it fail.
    assertThat(run.directory().resolve("report.html")).as(run::output).isRegularFile();
    assertThat(run.output()).doesNotContain("cannot write report.html");
  }

  /** An interrupted run still finishes its operations in flight cleanly and drops what it created. */
  @Test
  void sigintOnH2StillCleansUpWithoutErrors(@TempDir Path tmp) throws Exception {
    Interrupted run = interruptLongRun(tmp);

    JsonNode summary = RunOutput.summary(run.directory());
    assertThat(summary.path("totals").path("errors").asLong()).as("totals.errors\n%s", run.output()).isZero();
    try (Connection h2 = run.database().connect()) {
      Catalog catalog = new Catalog(DatabaseKind.H2, h2);
      assertThat(catalog.tablesStartingWith(run.names().tablePrefix())).as("tables left\n%s", run.output()).isEmpty();
      assertThat(catalog.usersStartingWith(run.names().userPrefix())).as("users left").isEmpty();
    }
  }

  /**
   * SIGKILL gives the run no chance to write anything at its end: the summary it keeps up to date
   * every interval must be there, readable, marked running, and hold what was measured (at most
   * the intervals written to intervals.csv).
   */
  @Test
  void sigkillLeavesASummaryOfWhatWasMeasuredSoFar(@TempDir Path tmp) throws Exception {
    DatabaseTarget h2 = DatabaseTargets.require(DatabaseKind.H2, tmp.resolve("h2"));
    Interrupted run = signalLongRun(tmp, h2, TestNames.unique(), Map.of("db.url", h2.url()), "KILL", () -> {});

    assertThat(run.exitCode()).as("exit code after SIGKILL").isEqualTo(137);
    JsonNode summary = RunOutput.summary(run.directory());
    assertThat(summary.path("outcome").asText()).as(run::output).isEqualTo("running");
    long operations = summary.path("totals").path("operations").asLong();
    assertThat(operations).as("totals.operations of the killed run").isPositive()
        .isLessThanOrEqualTo(intervalOps(run.directory()));
    assertThat(summary.path("config").path("users").asText()).isEqualTo(String.valueOf(ENDLESS.users()));
  }

  /**
   * SIGTERM while an actor is reconnecting to a server that refuses it (its role may open no
   * connection: "too many connections", which is retried) and reconnect.timeout is far away: the
   * stop must end the reconnecting at once, and the results must be written before the JVM
   * exits with 143: an actor that went on until reconnect.timeout would outlast the shutdown
   * hook's wait, and the JVM would end with no summary.json.
   */
  @Test
  void sigtermWhileAnActorReconnectsEndsWithinSecondsWithResults(@TempDir Path tmp) throws Exception {
    signalWhileAnActorReconnects(tmp, "TERM", 143);
  }

  /** Ctrl-C: the same as SIGTERM, with 130. */
  @Test
  void sigintWhileAnActorReconnectsEndsWithinSecondsWithResults(@TempDir Path tmp) throws Exception {
    signalWhileAnActorReconnects(tmp, "INT", 130);
  }

  /**
   * The codes the signals give (asserted above) are the ones {@code --help} of the jar and the
   * documentation's table of exit codes name.
   */
  @Test
  void helpAndDocsNameTheExitCodesTheSignalsGive() throws Exception {
    Commitbench.CliResult help = Commitbench.jar(List.of("--help"));
    assertThat(help.exitCode()).as(help::describe).isZero();
    assertThat(help.out()).as(help::describe)
        .containsPattern("(?m)^ +130 +a run interrupted by Ctrl-C \\(SIGINT\\); its results written$")
        .containsPattern("(?m)^ +143 +a run stopped by SIGTERM \\(kill\\); its results written$");
    String exitCodes = Files.readString(Repository.file("docs/shared-servers.md"), StandardCharsets.UTF_8);
    assertThat(exitCodes)
        .contains("| `130` | interrupted with Ctrl-C (SIGINT) |")
        .contains("| `143` | stopped with SIGTERM (`kill`) |");
  }

  /**
   * A signal while an actor is reconnecting to a server that refuses it (its role may open no
   * connection: "too many connections", which is retried) and reconnect.timeout is far away: the
   * stop must end the reconnecting at once, and the results must be written before the JVM
   * exits with the signal's code: an actor that went on until reconnect.timeout would outlast the
   * shutdown hook's wait, and the JVM would end with no summary.json.
   */
  private static void signalWhileAnActorReconnects(Path tmp, String signal, int exitCode) throws Exception {
    DatabaseTarget postgres = DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp.resolve("h2"));
    TestNames names = TestNames.unique();
    String victim = names.userPrefix() + "2";
    Map<String, String> settings = new LinkedHashMap<>(postgres.settings(tmp.resolve("secrets")));
    settings.put("users.mode", "db-users");
    settings.put("reconnect.timeout", "600");
    settings.put("statement.timeout", "5");
    try (Connection admin = postgres.connect()) {
      Catalog catalog = new Catalog(DatabaseKind.POSTGRESQL, admin);
      try {
        Interrupted run = signalLongRun(tmp, postgres, names, settings, signal, () -> {
          catalog.execute("ALTER ROLE " + victim + " CONNECTION LIMIT 0");
          catalog.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '" + victim + "'");
          Thread.sleep(3_000); // the actor is now in its back-off, refused every time
        });

        assertThat(run.seconds()).as("seconds from SIG%s to the exit\n%s", signal, run.output()).isLessThan(20);
        assertThat(run.exitCode()).as("exit code after SIG%s (documented: %d)\n%s", signal, exitCode, run.output())
            .isEqualTo(exitCode);
        JsonNode summary = RunOutput.summary(run.directory());
        assertThat(summary.path("outcome").asText()).as(run::output).isEqualTo("interrupted");
        assertThat(summary.path("totals").path("operations").asLong()).as("totals.operations").isPositive();
        String report = Files.readString(run.directory().resolve("report.txt"), StandardCharsets.UTF_8);
        assertThat(report).containsPattern("(?m)^Outcome +: interrupted$").contains("results written to");
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables left\n%s", run.output()).isEmpty();
        assertThat(catalog.usersStartingWith(names.userPrefix())).as("users left").isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  private record Interrupted(int exitCode, Path directory, DatabaseTarget database, TestNames names, String output,
      long seconds) {}

  /** What the test does to the database while the run measures, before it sends the signal. */
  @FunctionalInterface
  private interface BeforeSignal {
    void run() throws Exception;
  }

  /** Starts the jar on an endless H2 run, sends SIGINT after two interval rows, waits for the exit. */
  private static Interrupted interruptLongRun(Path tmp) throws Exception {
    DatabaseTarget h2 = DatabaseTargets.require(DatabaseKind.H2, tmp.resolve("h2"));
    return signalLongRun(tmp, h2, TestNames.unique(), Map.of("db.url", h2.url()), "INT", () -> {});
  }

  /**
   * Starts the jar on an endless run, sends {@code signal} after two interval rows and a first
   * cycle (and {@code before}), waits for the exit.
   */
  private static Interrupted signalLongRun(Path tmp, DatabaseTarget database, TestNames names,
      Map<String, String> settings, String signal, BeforeSignal before) throws Exception {
    Path file = Commitbench.writeParameterFile(tmp.resolve("endless.properties"), ENDLESS.keys());
    Path results = tmp.resolve("results");
    Path directory = results.resolve("interrupted");
    List<String> command = new ArrayList<>();
    command.addAll(Signals.defaultSigintPrefix());
    command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", Repository.jar().toString(), "run", file.toString(),
        "--set", "results.dir=" + results, "--set", "run.id=interrupted",
        "--set", "table.prefix=" + names.tablePrefix(), "--set", "user.prefix=" + names.userPrefix(),
        "--set", "report.interval=1"));
    settings.forEach((key, value) -> command.addAll(List.of("--set", key + "=" + value)));
    Path out = tmp.resolve("stdout.txt");
    Path err = tmp.resolve("stderr.txt");
    Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    try {
      awaitIntervalRows(process, directory.resolve("intervals.csv"), 2, out, err);
      awaitFirstCycle(process, out, err);
      before.run();
      Assumptions.assumeFalse(Signals.sigintIgnored(String.valueOf(process.pid())),
          "SIGINT is ignored by the started process (inherited), so Ctrl-C cannot be simulated here");
      long signalled = System.nanoTime();
      Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(process.pid())).inheritIO().start();
      assertThat(kill.waitFor()).as("kill -%s %d", signal, process.pid()).isZero();
      assertThat(process.waitFor(EXIT_WAIT.toSeconds(), TimeUnit.SECONDS))
          .as("the run exits within %s of SIG%s\n%s", EXIT_WAIT, signal, output(out, err)).isTrue();
      long seconds = (System.nanoTime() - signalled) / 1_000_000_000L;
      System.out.println(DatabaseTargets.LOG_PREFIX + "commitbench exited with " + process.exitValue() + " "
          + seconds + " s after SIG" + signal);
      return new Interrupted(process.exitValue(), directory, database, names, output(out, err), seconds);
    } finally {
      if (process.isAlive()) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  private static void awaitIntervalRows(Process process, Path csv, int rows, Path out, Path err) throws Exception {
    long deadline = System.nanoTime() + ROWS_WAIT.toNanos();
    while (dataRows(csv) < rows) {
      assertThat(process.isAlive()).as("the run is still running\n%s", output(out, err)).isTrue();
      assertThat(System.nanoTime()).as("%d rows in %s within %s\n%s", rows, csv, ROWS_WAIT, output(out, err))
          .isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  /** The paper's block counts complete cycles only: interrupt a run that has one. */
  private static void awaitFirstCycle(Process process, Path out, Path err) throws Exception {
    long deadline = System.nanoTime() + ROWS_WAIT.toNanos();
    // The line that says the cycle ended; a progress line also names "cycle 1/N" while it runs,
    // which on a busy machine can come intervals before the cycle finishes.
    java.util.regex.Pattern finished = java.util.regex.Pattern.compile("(?m)^cycle 1/\\d+ finished in");
    while (!finished.matcher(Files.readString(out, StandardCharsets.UTF_8)).find()) {
      assertThat(process.isAlive()).as("the run is still running\n%s", output(out, err)).isTrue();
      assertThat(System.nanoTime()).as("a first cycle within %s\n%s", ROWS_WAIT, output(out, err))
          .isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  private static long dataRows(Path csv) throws IOException {
    if (!Files.exists(csv)) {
      return 0;
    }
    // A row is counted once its line is complete.
    String text = Files.readString(csv, StandardCharsets.UTF_8);
    return Math.max(0, text.chars().filter(c -> c == '\n').count() - 1);
  }

  /** Sum of the ops column of intervals.csv over the measured rows. */
  private static long intervalOps(Path directory) throws IOException {
    List<String> lines = Files.readAllLines(directory.resolve("intervals.csv"), StandardCharsets.UTF_8);
    List<String> header = List.of(lines.get(0).split(","));
    int ops = header.indexOf("ops");
    int phase = header.indexOf("phase");
    assertThat(ops).as("ops column in %s", header).isNotNegative();
    return lines.stream().skip(1).filter(l -> !l.isBlank()).map(l -> l.split(","))
        .filter(row -> row[phase].equals("measured")).mapToLong(row -> Long.parseLong(row[ops])).sum();
  }

  private static String output(Path out, Path err) {
    try {
      String stdout = Files.readString(out, StandardCharsets.UTF_8);
      // The progress lines of a long run say little; the end says what happened.
      String tail = stdout.length() > 6_000 ? "...\n" + stdout.substring(stdout.length() - 6_000) : stdout;
      return "--- stdout ---\n" + tail + "\n--- stderr ---\n" + Files.readString(err, StandardCharsets.UTF_8);
    } catch (IOException e) {
      return "(output unreadable: " + e + ")";
    }
  }
}
