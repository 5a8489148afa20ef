package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options checked as their keys are, before any work: an output file compare cannot write, a run
 * id cleanup would take as a path, and a value far too long to echo, which every error shortens.
 */
class CliInputChecksTest {

  @TempDir static Path runs;
  @TempDir Path dir;

  @BeforeAll
  static void twoRuns() throws Exception {
    Path file = Files.writeString(runs.resolve("tiny.properties"), CliRun.TINY_PAPER_RUN);
    for (String id : new String[] {"a", "b"}) {
      CliRun run = CliRun.execute("run", file.toString(), "--set", "results.dir=" + runs.resolve("results"),
          "--set", "run.id=" + id, "--set", "db.url=jdbc:h2:mem:input" + id);
      assertThat(run.exitCode()).as(run.err()).isZero();
    }
  }

  private static String[] compareTo(Path output) {
    return new String[] {"compare", runs.resolve("results/a").toString(), runs.resolve("results/b").toString(),
      "-o", output.toString()};
  }

  @Test
  void compareToADirectoryIsBadInputNamingIt() {
    CliRun compare = CliRun.execute(compareTo(dir));
    assertThat(compare.exitCode()).as(compare.err()).isEqualTo(2);
    assertThat(compare.err()).contains("error: -o " + dir + ": is a directory; allowed: a file in an existing"
        + " directory").doesNotContain(".tmp");
  }

  @Test
  void compareIntoAMissingFolderIsBadInputNamingIt() {
    Path output = dir.resolve("missing/compare.txt");
    CliRun compare = CliRun.execute(compareTo(output));
    assertThat(compare.exitCode()).as(compare.err()).isEqualTo(2);
    assertThat(compare.err()).contains("error: -o " + output + ": its directory " + dir.resolve("missing")
        + " does not exist; allowed: a file in an existing directory").doesNotContain(".tmp");
  }

  @Test
  void compareToAFileIsWritten() {
    Path output = dir.resolve("compare.txt");
    CliRun compare = CliRun.execute(compareTo(output));
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    assertThat(output).content().contains("throughput (tx/s)");
  }

  @Test
  void cleanupRefusesARunIdThatIsAPathBeforeTheDatabaseIsOpened() throws Exception {
    Path file = Files.writeString(dir.resolve("tiny.properties"), CliRun.TINY_PAPER_RUN);
    Path database = dir.resolve("h2/cleanup");
    CliRun cleanup = CliRun.execute("cleanup", file.toString(), "--set", "db.url=jdbc:h2:file:" + database,
        "--run-id", "../../x");
    assertThat(cleanup.exitCode()).as(cleanup.out() + cleanup.err()).isEqualTo(2);
    assertThat(cleanup.err()).contains("error: --run-id ../../x: not a folder name; allowed: 1 to 100 ASCII letters,"
        + " digits, '.', '_', '-' (not only dots)");
    assertThat(dir.resolve("h2")).as("the database was not opened").doesNotExist();
  }

  @Test
  void aLongValueIsShortenedInTheError() throws Exception {
    Path file = Files.writeString(dir.resolve("tiny.properties"), CliRun.TINY_PAPER_RUN);
    String huge = "x".repeat(200_000);
    CliRun run = CliRun.execute("validate", file.toString(), "--set", "run.id=" + huge, "--set", "users=" + huge);
    assertThat(run.exitCode()).isEqualTo(2);
    assertThat(run.err()).contains("run.id=xxxxxxxx", "… (200000 characters): not a folder name",
        "users=xxxxxxxx", "… (200000 characters): not a whole number");
    assertThat(run.err().length()).as("the error's length").isLessThan(2_000);
  }

  @Test
  void aLongOptionValueIsShortenedInTheError() throws Exception {
    Path file = Files.writeString(dir.resolve("tiny.properties"), CliRun.TINY_PAPER_RUN);
    String huge = "Y".repeat(200_000);
    CliRun cleanup = CliRun.execute("cleanup", file.toString(), "--prefix", huge);
    assertThat(cleanup.exitCode()).isEqualTo(2);
    assertThat(cleanup.err()).contains("… (200000 characters)");
    assertThat(cleanup.err().length()).as("the error's length").isLessThan(2_000);
  }

  @Test
  void aLongValuePicocliCannotReadIsShortenedInTheError() {
    String huge = "z".repeat(200_000);
    CliRun inspect = CliRun.execute("storage", "inspect", dir.toString(), "--probe", "--writes", huge);
    assertThat(inspect.exitCode()).isEqualTo(2);
    assertThat(inspect.err()).contains("--writes", "… (200000 characters)").doesNotContain("z".repeat(1_000));
  }
}
