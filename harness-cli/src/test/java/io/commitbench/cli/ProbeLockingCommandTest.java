package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code commitbench probe locking} as a user meets it: help, bad input, a probe on embedded H2. */
class ProbeLockingCommandTest {

  @TempDir Path dir;

  private Path file() throws Exception {
    return Files.writeString(dir.resolve("probe.properties"), """
        users=1
        sleep=0
        tablename=1
        tableinsertnumber=1
        tableselectnumber=1
        tableupdatenumber=1
        tabledeletenumber=1
        repeat=1
        table.prefix=cli_probe_
        results.dir=%s
        """.formatted(dir.resolve("results")));
  }

  @Test
  void helpExplainsTheScenariosTheOptionsAndTheColumns() {
    CliRun result = CliRun.execute("probe", "locking", "--help");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("deadlock  S1 updates row 1, S2 row 2, S1 row 2", "same-row  S1 updates row 1",
        "--isolation", "--scenario", "--lock-timeout", "--hold", "--session-sql", "--format", "waited ms", "after ms",
        "Exit codes:");
    assertThat(CliRun.execute("--help").out()).contains("probe");
    assertThat(CliRun.execute("probe", "--help").out()).contains("locking");
  }

  @Test
  void anOutputFileInAMissingDirectoryIsBadInputBeforeAnythingIsProbed() throws Exception {
    Path output = dir.resolve("missing/locking.txt");
    CliRun result = CliRun.execute("probe", "locking", file().toString(), "-o", output.toString());

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains("error: -o " + output + ": its directory " + dir.resolve("missing")
        + " does not exist; allowed: a file in an existing directory", "no database was contacted")
        .doesNotContain(".tmp");
    assertThat(dir.resolve("results")).as("not even the embedded database was created").doesNotExist();
  }

  @Test
  void unknownLevelsScenariosFormatsAndBoundsAreBadInputNamingWhatIsAllowedAllAtOnce() throws Exception {
    CliRun result = CliRun.execute("probe", "locking", file().toString(), "--isolation", "read-committed,snapshot",
        "--scenario", "livelock", "--format", "html", "--lock-timeout", "0", "--hold", "-1");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(
        "error: --format html: unknown; allowed: text, markdown, json",
        "error: --isolation snapshot: unknown; allowed: read-committed, repeatable-read, serializable",
        "error: --scenario livelock: unknown; allowed: deadlock, same-row",
        "error: --lock-timeout 0: out of range; allowed: 1 to 300 seconds",
        "error: --hold -1: out of range; allowed: 0 to 600000 milliseconds",
        "nothing was created and no database was contacted.");
    assertThat(dir.resolve("results")).as("not even the embedded database was created").doesNotExist();
  }

  /** The dialect says which levels a product has: Oracle has no REPEATABLE READ. No server is contacted. */
  @Test
  void aLevelTheDatabaseDoesNotHaveIsBadInputNamingTheLevelsItHas() throws Exception {
    Path oracle = Files.writeString(dir.resolve("oracle.properties"), Files.readString(file())
        + "db.url=jdbc:oracle:thin:@//127.0.0.1:1/NOSUCHDB\ndb.user=system\n");
    CliRun result = CliRun.execute("probe", "locking", oracle.toString(), "--isolation", "read-committed,repeatable-read");

    assertThat(result.exitCode()).as(result.err()).isEqualTo(2);
    assertThat(result.err()).contains("--isolation repeatable-read: oracle has no REPEATABLE READ; allowed for oracle:"
        + " read-committed, serializable", "nothing was created and no database was contacted.");
  }

  @Test
  void aBadParameterFileIsBadInputNamingTheFile() throws Exception {
    Path bad = Files.writeString(dir.resolve("bad.properties"), "users=abc\n");
    CliRun result = CliRun.execute("probe", "locking", bad.toString());

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(bad.toString(), "users=abc: not a whole number");
  }

  @Test
  void onEmbeddedH2ItPrintsAMarkdownRowPerLevelAndDropsItsTable() throws Exception {
    CliRun result = CliRun.execute("probe", "locking", file().toString(), "--scenario", "same-row", "--hold", "300",
        "--isolation", "read-committed,serializable", "--format", "markdown");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("|---|---|---|---|---|---|---|---:|---:|")
        .containsPattern("\\| h2 \\S+ \\| READ COMMITTED \\| same-row \\| waited, then updated \\| S2 \\| - \\| - \\| \\d+ \\|")
        .containsPattern("\\| h2 \\S+ \\| SERIALIZABLE \\| same-row \\| waited, then failed \\| S2 \\|")
        .contains("lock wait bound: SET LOCK_TIMEOUT 5000");
    assertThat(result.err()).contains("READ COMMITTED, same-row ...");
    String url = "jdbc:h2:file:" + dir.resolve("results/h2/commitbench").toAbsolutePath();
    try (Connection c = DriverManager.getConnection(url, "sa", "");
        ResultSet rs = c.getMetaData().getTables(null, null, "CLI_PROBE_%", null)) {
      assertThat(rs.next()).as("a table left by the probe").isFalse();
    }
  }
}
