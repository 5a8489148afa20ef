package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: help, version, validate, drivers, exit codes. */
class CliTest {

  @TempDir Path dir;

  private Path file(String content) throws Exception {
    Path file = dir.resolve("test.properties");
    Files.writeString(file, content);
    return file;
  }

  private static final String PAPER = """
      users=10
      sleep=100
      tablename=5
      tableinsertnumber=10
      tableselectnumber=10
      tableupdatenumber=10
      tabledeletenumber=10
      repeat=30
      """;

  @Test
  void helpExplainsTheSubcommandsAndExitCodes() {
    CliRun result = CliRun.execute("--help");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("run", "validate", "drivers", "Exit codes:", "bad input",
        "commitbench run config/quickstart.properties");
  }

  @Test
  void runHelpNamesTheResultFiles() {
    CliRun result = CliRun.execute("run", "--help");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("--set", "report.txt", "summary.json", "intervals.csv", "latency.hlog", "FILE");
  }

  @Test
  void reportAndCompareHelpSayWhatTheyReadAndRefuse() {
    CliRun report = CliRun.execute("report", "--help");
    assertThat(report.exitCode()).isZero();
    assertThat(report.out()).contains("RUN_DIR", "report.html", "offline", "nines");
    CliRun compare = CliRun.execute("compare", "--help");
    assertThat(compare.exitCode()).isZero();
    assertThat(compare.out()).contains("--force", "--format", "bootstrap", "markdown, json, or html", "not comparable");
    assertThat(CliRun.execute("--help").out()).contains("report", "compare");
  }

  /**
   * Every command's help, as picocli formats it: no line over 80 columns (description lines are
   * wrapped one by one, so a long source line comes out ragged) and no format warning (an
   * unescaped '%' in a description prints "Could not format" and leaves the text raw).
   */
  @Test
  void everyCommandsHelpFitsEightyColumnsAndFormatsCleanly() {
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    java.util.List<String> problems = new java.util.ArrayList<>();
    try {
      System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
      java.util.Deque<picocli.CommandLine> commands = new java.util.ArrayDeque<>();
      commands.add(new picocli.CommandLine(new RootCommand()));
      while (!commands.isEmpty()) {
        picocli.CommandLine command = commands.poll();
        commands.addAll(command.getSubcommands().values());
        String name = command.getCommandSpec().qualifiedName();
        command.getUsageMessage().lines().filter(l -> l.length() > 80)
            .forEach(l -> problems.add(name + ": " + l.length() + " columns: " + l));
      }
    } finally {
      System.setErr(err);
    }
    assertThat(problems).isEmpty();
    assertThat(warnings.toString(java.nio.charset.StandardCharsets.UTF_8)).as("picocli's warnings").isEmpty();
  }

  @Test
  void versionNamesTheProductAndJava() {
    CliRun result = CliRun.execute("--version");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).startsWith("commitbench ").contains("Java 17").doesNotContain("unknown");
  }

  @Test
  void validatePrintsTheEffectiveConfigurationWithDefaultsAndTouchesNothing() throws Exception {
    CliRun result = CliRun.execute("validate", file(PAPER).toString(), "--set", "results.dir=" + dir.resolve("out"));
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("users=10", "tablename=5", "db.type=h2", "autocommit=true", "users.mode=auto",
        "db.password=none", "a run issues 15,000 inserts");
    assertThat(dir.resolve("out")).as("validate creates no results").doesNotExist();
  }

  @Test
  void everyProblemIsReportedAtOnceWithExitCode2() throws Exception {
    Path file = file("""
        users=abc
        tablenam=5
        tableinsertnumber=10
        tableselectnumber=10
        tableupdatenumber=10
        tabledeletenumber=10
        repeat=0
        """);
    CliRun result = CliRun.execute("run", file.toString(), "--set", "results.dir=" + dir.resolve("out"));
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(
        "users=abc: not a whole number; allowed: a whole number from 1 to 10000",
        "tablenam=5: unknown key; did you mean 'tablename'?",
        "repeat=0: out of range; allowed: a whole number from 1 to 1000000",
        "sleep: missing",
        "tablename: missing",
        "nothing was run");
    assertThat(dir.resolve("out")).as("no results folder for bad input").doesNotExist();
  }

  @Test
  void aResultsDirThatIsAFileIsBadInputNamingItNotABarePath() throws Exception {
    Path taken = Files.writeString(dir.resolve("results"), "x");
    CliRun result = CliRun.execute("run", file(PAPER).toString(), "--set", "results.dir=" + taken);
    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains("results.dir=" + taken + ": is an existing file, not a directory;"
        + " allowed: a directory, or a path where one can be created", "nothing was run");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void aKeySetTwiceOnTheCommandLineIsBadInputWithBothValues() throws Exception {
    CliRun result = CliRun.execute("run", file(PAPER).toString(), "--set", "results.dir=" + dir.resolve("out"),
        "--set", "users=4", "--set", "users=8", "--set", "db.password=first", "--set", "db.password=second");
    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains("users=8: given 2 times (--set users=4, then --set users=8); allowed: each key once",
        "db.password=***: given 2 times", "nothing was run");
    assertThat(result.err()).doesNotContain("first").doesNotContain("second");
    assertThat(dir.resolve("out")).as("no results folder for bad input").doesNotExist();
  }

  /** The storage agent's formatter keys come with its plug-in, validated and listed with every other key. */
  @Test
  void theFormattersKeysAreKeysOfTheProductValidatedLikeEveryKey() throws Exception {
    CliRun result = CliRun.execute("run", file(PAPER).toString(), "--set", "results.dir=" + dir.resolve("out"),
        "--set", "storage.format.poll=5", "--set", "storage.format.fstrim=perhaps", "--set", "storage.format.arms=x");
    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains(
        "storage.format.poll=5: out of range; allowed: a whole number from 10 to 60000",
        "storage.format.fstrim=perhaps:",
        "storage.format.arms=x: unknown key; did you mean 'storage.format.arm'?",
        "report.interval, breakdown, breakdown.sample.rate, breakdown.kernel, results.dir, run.id, run.label, runs, runs.setup, sweep.key, sweep.values, storage.format.arm, storage.format.poll, storage.format.fstrim,");
    assertThat(dir.resolve("out")).as("no results folder for bad input").doesNotExist();
  }

  @Test
  void anArmTheDatabaseKindDoesNotHaveIsBadInputBeforeTheRunStarts() throws Exception {
    CliRun result = CliRun.execute("run", file(PAPER).toString(), "--set", "results.dir=" + dir.resolve("out"),
        "--set", "storage.format.arm=no-such-arm");
    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).startsWith("error in the parameter file: ").contains("no-such-arm", "baseline");
    assertThat(dir.resolve("out")).as("nothing ran").doesNotExist();
  }

  @Test
  void anUnknownOptionIsBadInput() {
    CliRun result = CliRun.execute("run", "--no-such-option", "x.properties");
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("Unknown option: '--no-such-option'");
  }

  @Test
  void aMissingFileIsBadInputNamingTheFile() {
    CliRun result = CliRun.execute("validate", dir.resolve("absent.properties").toString());
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("absent.properties");
  }

  @Test
  void aPasswordInTheFileIsRefusedWithoutBeingShown() throws Exception {
    CliRun result = CliRun.execute("validate", file(PAPER + "db.password=hunter2\n").toString());
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("db.password.env").doesNotContain("hunter2");
  }

  @Test
  void driversListsTheFourDialectsAsAvailable() {
    CliRun result = CliRun.execute("drivers");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out().lines().filter(l -> l.contains("available")))
        .extracting(l -> l.split("\\s+")[0])
        .containsExactly("h2", "mariadb", "oracle", "postgresql");
  }

  @Test
  void aRunOnTheEmbeddedDatabaseCompletesAndWritesItsResults() throws Exception {
    Path file = file("""
        users=2
        sleep=0
        tablename=1
        tableinsertnumber=3
        tableselectnumber=3
        tableupdatenumber=3
        tabledeletenumber=3
        repeat=2
        run.id=cli-test
        """);
    CliRun result = CliRun.execute("run", file.toString(), "--set", "results.dir=" + dir.resolve("out"));
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("##### Benchmark Overall Analysis #####", "Outcome                            : completed");
    // Each cycle's line, written while the actors measure, as %.3f writes the milliseconds.
    assertThat(result.out()).containsPattern("(?m)^cycle 1/2 finished in \\d+\\.\\d{3} ms$")
        .containsPattern("(?m)^cycle 2/2 finished in \\d+\\.\\d{3} ms$");
    Path run = dir.resolve("out/cli-test");
    assertThat(run.resolve("report.txt")).content().contains("Average actor delete time");
    assertThat(run.resolve("summary.json")).content().contains("\"outcome\" : \"completed\"");
    assertThat(run).isDirectoryContaining("glob:**/intervals.csv").isDirectoryContaining("glob:**/latency.hlog")
        .isDirectoryContaining("glob:**/config.properties");
  }

  @Test
  void prepareAndCleanupNeedNoRunLength() throws Exception {
    // A data set is loaded, not run: a file without duration or transactions prepares and cleans
    // up; only run asks how long.
    Path file = file("""
        workload=oltp_point_select
        oltp.table.size=500
        table.prefix=cliprep
        """);
    String url = "db.url=jdbc:h2:file:" + dir.resolve("h2/prepared");

    CliRun prepared = CliRun.execute("prepare", file.toString(), "--set", url);
    assertThat(prepared.exitCode()).as(prepared.err()).isZero();
    assertThat(prepared.out()).contains("load: 500 rows");

    CliRun run = CliRun.execute("run", file.toString(), "--set", url, "--set", "load=reuse");
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("duration: missing: workload=oltp_point_select runs for a time or a count");

    // listed, not dropped: the prepare ran in this JVM, so its data set looks live to cleanup
    // (the H2 file goes with the temporary folder)
    CliRun cleanup = CliRun.execute("cleanup", file.toString(), "--set", url, "--prefix", "cliprep");
    assertThat(cleanup.exitCode()).as(cleanup.err()).isZero();
    assertThat(cleanup.out()).contains("names starting with cliprep", "(1 table, 0 users)");
  }
}
