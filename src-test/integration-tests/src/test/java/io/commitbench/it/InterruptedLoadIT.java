package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargetExtension;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.Db;
import io.commitbench.it.support.Repository;
import io.commitbench.it.support.Signals;
import io.commitbench.it.support.TestNames;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Long loads stop within seconds of Ctrl-C and say what they leave: the commit workload's preload
 * ({@code commit.mode=update}) of a run, and {@code commitbench prepare}'s load of an OLTP data
 * set. The shaded jar runs as a real process against the real PostgreSQL and gets SIGINT while
 * it loads; a prepare killed with SIGKILL mid-load leaves a half-loaded table that {@code
 * load=reuse} refuses and {@code cleanup} drops.
 */
@ExtendWith(DatabaseTargetExtension.class)
class InterruptedLoadIT {

  /** What the issue of a stopped load is held to: the exit within 5 s of the signal. */
  private static final long EXIT_SECONDS = 5;
  private static final long START_WAIT_SECONDS = 60;
  /** Bit of SIGINT (2) in the SigIgn mask of /proc/PID/status. */

  /** Far more rows than are loaded before the signal: only the signal ends the preload early. */
  @Test
  void sigintDuringTheCommitPreloadEndsWithinSecondsAndDropsTheTable(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("commit.properties"), Map.of("workload", "commit",
        "users", "2", "duration", "3", "commit.mode", "update", "commit.preload", "2000000"));
    try (Connection admin = pg.connect()) {
      Catalog catalog = new Catalog(pg.kind(), admin);
      try {
        List<String> args = new ArrayList<>(List.of("run", file.toString(), "--set",
            "results.dir=" + tmp.resolve("results"), "--set", "run.id=preload"));
        pg.runSettings(tmp.resolve("s"), names, "shared").forEach((k, v) -> args.addAll(List.of("--set", k + "=" + v)));
        Signalled run = signalWhen(args, tmp.resolve("preload.out"), "load: 1 of 2 actors", "setup: ");

        assertThat(run.exitCode()).as("exit code after SIGINT (documented: 130)\n%s", run.output()).isEqualTo(130);
        assertThat(run.millis()).as("milliseconds from SIGINT to the exit\n%s", run.output())
            .isLessThan(EXIT_SECONDS * 1_000);
        assertThat(run.output()).containsPattern("load stopped: table " + names.tablePrefix()
            + "\\S* holds [0-9,]+ of the 4,000,000 rows");
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables left\n%s", run.output()).isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  @Test
  void sigintDuringPrepareEndsWithinSecondsAndDropsWhatItCreated(@Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg,
      @TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Path file = oltpFile(tmp, 2);
    try (Connection admin = pg.connect()) {
      Catalog catalog = new Catalog(pg.kind(), admin);
      try {
        Signalled prepare = signalWhen(prepareArgs(file, tmp, pg, names), tmp.resolve("prepare.out"), "load: ",
            "prepare: 2 tables created");

        assertThat(prepare.exitCode()).as("exit code after SIGINT (documented: 130)\n%s", prepare.output())
            .isEqualTo(130);
        assertThat(prepare.millis()).as("milliseconds from SIGINT to the exit\n%s", prepare.output())
            .isLessThan(EXIT_SECONDS * 1_000);
        assertThat(prepare.output()).contains("load stopped: ")
            .contains("prepare stopped: dropped the 2 table(s) it had created: " + names.tablePrefix() + "1, "
                + names.tablePrefix() + "2");
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables left\n%s", prepare.output()).isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  /** SIGKILL gives prepare no chance to drop anything: what it left is marked and refused. */
  @Test
  void aDataSetWhoseLoadWasKilledIsRefusedByLoadReuseAndDroppedByCleanup(
      @Db(DatabaseKind.POSTGRESQL) DatabaseTarget pg, @TempDir Path tmp) throws Exception {
    TestNames names = TestNames.unique();
    Path file = oltpFile(tmp, 1);
    try (Connection admin = pg.connect()) {
      Catalog catalog = new Catalog(pg.kind(), admin);
      try {
        Path out = tmp.resolve("killed.out");
        Process prepare = start(prepareArgs(file, tmp, pg, names), out);
        try {
          awaitLine(prepare, out, "prepare: 1 tables created");
          awaitRows(catalog, names.tablePrefix() + "1", prepare, out);
        } finally {
          prepare.destroyForcibly();
          assertThat(prepare.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("the killed prepare's table").hasSize(1);

        // A smaller table size than the data set's is allowed, and the rows loaded hold its ids.
        List<String> run = new ArrayList<>(List.of("run", file.toString(), "--set",
            "results.dir=" + tmp.resolve("results"), "--set", "run.id=reuse", "--set", "load=reuse",
            "--set", "oltp.table.size=1000"));
        pg.runSettings(tmp.resolve("s"), names, "shared").forEach((k, v) -> run.addAll(List.of("--set", k + "=" + v)));
        Commitbench.CliResult reused = Commitbench.execute(run);
        assertThat(reused.exitCode()).as(reused::describe).isEqualTo(2);
        assertThat(reused.err()).as(reused::describe).contains("load=reuse, but ")
            .contains("not loaded completely").contains("load=incomplete");

        List<String> cleanup = new ArrayList<>(List.of("cleanup", file.toString()));
        pg.settings(tmp.resolve("s")).forEach((k, v) -> cleanup.addAll(List.of("--set", k + "=" + v)));
        cleanup.addAll(List.of("--prefix", names.tablePrefix(), "--apply"));
        Commitbench.CliResult cleaned = Commitbench.execute(cleanup);
        assertThat(cleaned.exitCode()).as(cleaned::describe).isZero();
        assertThat(catalog.tablesStartingWith(names.tablePrefix())).as("tables after cleanup").isEmpty();
      } finally {
        catalog.dropEverything(names);
      }
    }
  }

  /** Tables of far more rows than are loaded before the signal, on two connections. */
  private static Path oltpFile(Path tmp, int tables) throws IOException {
    return Commitbench.writeParameterFile(tmp.resolve("oltp.properties"), Map.of("workload", "oltp_read_write",
        "users", "1", "duration", "3", "oltp.tables", String.valueOf(tables), "oltp.table.size", "5000000",
        "load.threads", "2"));
  }

  private static List<String> prepareArgs(Path file, Path tmp, DatabaseTarget db, TestNames names) throws IOException {
    List<String> args = new ArrayList<>(List.of("prepare", file.toString()));
    db.runSettings(tmp.resolve("s"), names, "shared").forEach((k, v) -> args.addAll(List.of("--set", k + "=" + v)));
    return args;
  }

  private record Signalled(int exitCode, long millis, String output) {}

  /**
   * Starts the jar, waits for a line starting with {@code loading} (or, once {@code started} was
   * printed, a second's loading), sends SIGINT and waits for the exit.
   */
  private static Signalled signalWhen(List<String> args, Path out, String loading, String started) throws Exception {
    Process process = start(args, out);
    try {
      awaitLine(process, out, started);
      long loadingSince = System.nanoTime();
      while (!read(out).contains("\n" + loading) && System.nanoTime() - loadingSince < 1_000_000_000L) {
        assertThat(process.isAlive()).as("still loading\n%s", read(out)).isTrue();
        Thread.sleep(50);
      }
      Assumptions.assumeFalse(Signals.sigintIgnored(String.valueOf(process.pid())),
          "SIGINT is ignored by the started process (inherited), so Ctrl-C cannot be simulated here");
      long signalled = System.nanoTime();
      Process kill = new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).inheritIO().start();
      assertThat(kill.waitFor()).isZero();
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("the process exits after SIGINT\n%s", read(out)).isTrue();
      long millis = (System.nanoTime() - signalled) / 1_000_000;
      System.out.println(DatabaseTargets.LOG_PREFIX + "commitbench " + args.get(0) + " exited with "
          + process.exitValue() + " " + millis + " ms after SIGINT");
      return new Signalled(process.exitValue(), millis, read(out));
    } finally {
      if (process.isAlive()) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    }
  }

  private static void awaitLine(Process process, Path out, String start) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_WAIT_SECONDS);
    while (!("\n" + read(out)).contains("\n" + start)) {
      assertThat(process.isAlive()).as("the process is still running\n%s", read(out)).isTrue();
      assertThat(System.nanoTime()).as("a line starting %s within %d s\n%s", start, START_WAIT_SECONDS, read(out))
          .isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  /** Until the first chunks of {@code table} are committed: the table is half-loaded. */
  private static void awaitRows(Catalog catalog, String table, Process process, Path out) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_WAIT_SECONDS);
    while (catalog.rowCount(table) == 0) {
      assertThat(process.isAlive()).as("the prepare is still loading\n%s", read(out)).isTrue();
      assertThat(System.nanoTime()).as("rows in %s within %d s", table, START_WAIT_SECONDS).isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  private static Process start(List<String> args, Path out) throws IOException {
    List<String> command = new ArrayList<>();
    command.addAll(Signals.defaultSigintPrefix());
    command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
        Repository.jar().toString()));
    command.addAll(args);
    return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile()).start();
  }

  private static String read(Path out) {
    try {
      return Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
    } catch (IOException e) {
      return "(output unreadable: " + e + ")";
    }
  }
}
