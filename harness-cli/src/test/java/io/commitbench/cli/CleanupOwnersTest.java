package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.namespace.Owner;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cleanup} on a server several people use, on embedded H2: two owners prepare and keep a
 * data set each (in processes of their own, which have ended, as a finished run's have), and an
 * older mark names no owner. A cleanup drops only the owner's own and lists the others as kept;
 * {@code --owner} acts for another owner, {@code --all-owners} for every one.
 */
class CleanupOwnersTest {

  private static final String ALICE = "alice@lab1";
  private static final String BOB = "bob@lab2";
  /** A mark as commitbench wrote it before marks named their owner; on another host, so not live here. */
  private static final String MARK_WITHOUT_OWNER = "commitbench run=20240101-120000-h2 host=elsewhere pid=1"
      + " started=2024-01-01T12:00:00Z table.prefix=old_ds user.prefix=old_ds_u";

  @TempDir Path dir;

  private Path file;
  private String url;

  @BeforeEach
  void twoOwnersDataSetsAndOneWithoutAnOwner() throws Exception {
    file = dir.resolve("oltp.properties");
    Files.writeString(file, "workload=oltp_point_select\noltp.table.size=100\n");
    url = "jdbc:h2:file:" + dir.resolve("h2/shared").toAbsolutePath();
    prepareInAProcessOfItsOwn("alice_ds", ALICE);
    prepareInAProcessOfItsOwn("bob_ds", BOB);
    try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement st = c.createStatement()) {
      st.execute("CREATE TABLE old_ds1 (id BIGINT)");
      st.execute("COMMENT ON TABLE old_ds1 IS '" + MARK_WITHOUT_OWNER + "'");
    }
    assertThat(tables()).containsExactly("alice_ds1", "bob_ds1", "old_ds1");
  }

  @Test
  void aDryRunListsTheOwnersOwnAsToBeDroppedAndTheOthersAsKept() throws Exception {
    CliRun listed = cleanup("--set", "owner=" + BOB);

    assertThat(listed.exitCode()).as(listed.err()).isZero();
    assertThat(listed.out()).contains("drop what commitbench runs of owner " + BOB + " left in h2")
        .contains("dry run: nothing was changed")
        .containsPattern("commitbench run prepare-[0-9-]+ \\(owner " + BOB + ", host [^,]+, os user [^,]+, pid")
        .contains("table bob_ds1: DROP TABLE")
        .contains("kept: owner " + ALICE + ", someone else's (--owner " + ALICE + " drops it): commitbench run prepare-")
        .contains("kept: owner unknown, its mark names none (--all-owners drops it): commitbench run 20240101-120000-h2"
            + " (owner unknown, host elsewhere, pid 1, started 2024-01-01T12:00:00Z) (1 table, 0 users)")
        .doesNotContain("table alice_ds1: DROP").doesNotContain("table old_ds1: DROP");
    assertThat(tables()).containsExactly("alice_ds1", "bob_ds1", "old_ds1");
  }

  @Test
  void applyDropsOnlyTheOwnersOwnAndExitsZeroThoughOthersWereKept() throws Exception {
    CliRun bob = cleanup("--set", "owner=" + BOB, "--apply");

    assertThat(bob.exitCode()).as("exit code when only other owners' objects were kept\n%s", bob.out()).isZero();
    assertThat(bob.out()).contains("dropped 1 of 1 objects; kept those of 2 runs of other owners");
    assertThat(tables()).as("after bob's cleanup").containsExactly("alice_ds1", "old_ds1");

    CliRun mine = cleanup("--apply");
    assertThat(mine.exitCode()).as(mine.err()).isZero();
    assertThat(mine.out()).contains("of owner " + Owner.ofThisProcess())
        .contains("nothing of owner " + Owner.ofThisProcess() + " was found; what is listed is other owners'")
        .contains("dropped 0 of 0 objects");
    assertThat(tables()).as("after the caller's own cleanup, which owns none").containsExactly("alice_ds1", "old_ds1");
  }

  @Test
  void ownerActsForAnotherOwnerAndAllOwnersForEveryOneTheUnknownIncluded() throws Exception {
    CliRun forAlice = cleanup("--owner", ALICE, "--prefix", "alice_", "--apply");
    assertThat(forAlice.exitCode()).as(forAlice.err()).isZero();
    assertThat(forAlice.out()).contains("of owner " + ALICE).contains("dropped 1 of 1 objects");
    assertThat(tables()).as("after --owner " + ALICE).containsExactly("bob_ds1", "old_ds1");

    CliRun every = cleanup("--all-owners", "--apply");
    assertThat(every.exitCode()).as(every.err()).isZero();
    assertThat(every.out()).contains("of every owner").contains("dropped 2 of 2 objects").doesNotContain("kept:");
    assertThat(tables()).as("after --all-owners").isEmpty();
  }

  @Test
  void anOwnerOptionThatCannotBeAnOwnerOrComesWithAllOwnersIsRefusedBeforeAnythingIsDropped() throws Exception {
    CliRun both = cleanup("--owner", ALICE, "--all-owners", "--apply");
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err()).contains("--owner " + ALICE + " given with --all-owners; allowed: one of them");

    CliRun spaced = cleanup("--owner", "alice lab1", "--apply");
    assertThat(spaced.exitCode()).isEqualTo(2);
    assertThat(spaced.err()).contains("--owner alice lab1: holds characters a mark cannot carry; allowed: 1 to 64"
        + " ASCII letters, digits, '.', '_', '-', '@'");

    CliRun key = cleanup("--set", "owner=a=b", "--apply");
    assertThat(key.exitCode()).isEqualTo(2);
    assertThat(key.err()).contains("owner=a=b: holds characters a mark cannot carry");
    assertThat(tables()).containsExactly("alice_ds1", "bob_ds1", "old_ds1");
  }

  private CliRun cleanup(String... more) {
    List<String> args = new ArrayList<>(List.of("cleanup", file.toString(), "--set", "db.url=" + url));
    args.addAll(List.of(more));
    return CliRun.execute(args.toArray(String[]::new));
  }

  /** {@code commitbench prepare} in a JVM of its own, which ends: its data set is not a live run's. */
  private void prepareInAProcessOfItsOwn(String prefix, String owner) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path output = dir.resolve("prepare-" + prefix + ".out");
    Process process = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        CommitbenchMain.class.getName(), "prepare", file.toString(), "--set", "db.url=" + url, "--set",
        "table.prefix=" + prefix, "--set", "owner=" + owner)
        .redirectErrorStream(true).redirectOutput(output.toFile()).start();
    try {
      assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("prepare ended within 120 s").isTrue();
      assertThat(process.exitValue()).as(Files.readString(output, StandardCharsets.UTF_8)).isZero();
    } finally {
      process.destroyForcibly();
    }
  }

  private List<String> tables() throws Exception {
    List<String> names = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT LOWER(TABLE_NAME) FROM INFORMATION_SCHEMA.TABLES"
            + " WHERE TABLE_SCHEMA = 'PUBLIC' ORDER BY 1")) {
      while (rs.next()) {
        names.add(rs.getString(1));
      }
    }
    return names;
  }
}
