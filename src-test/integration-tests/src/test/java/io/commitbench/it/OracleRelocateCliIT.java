package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.Commitbench.CliResult;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.OracleRedoContainer;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.oracle.JdbcOracleRedoCatalog;
import io.commitbench.storage.oracle.MemberFileAction;
import io.commitbench.storage.oracle.OracleRedoRelocation;
import io.commitbench.storage.oracle.RedoGeometry;
import io.commitbench.storage.oracle.RedoGroup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.oracle.OracleContainer;

/**
 * The Oracle online redo move through the command line, on a real server ({@link
 * OracleRedoContainer}: without Docker the class is skipped, with the reason printed): {@code
 * storage relocate-log --url … --apply} into a new directory, then {@code storage undo JOURNAL
 * --apply} back, each checked in V$LOG/V$LOGFILE. The password comes from a file and must appear
 * in no output and no journal; the files each step leaves for the operator are printed as {@code
 * rm} commands and removed here as an operator would, with {@code docker exec}.
 */
class OracleRelocateCliIT {

  private static final String PREFIX = DatabaseTargets.LOG_PREFIX;
  private static final String TARGET_DIR = "/opt/oracle/oradata/oracle_cli_relocated";
  private static final int SIZE_MB = 16;
  private static final Pattern MOVED = Pattern.compile("moved in ([0-9.]+) s; journal: (\\S+)");
  private static final Pattern LEFT = Pattern.compile("^  rm -- (\\S+)$", Pattern.MULTILINE);

  private static OracleContainer oracle;

  @TempDir Path tmp;

  /** Starts the container once for the class; each test without Docker is reported skipped. */
  @BeforeEach
  void requireOracle() {
    if (oracle == null) {
      oracle = OracleRedoContainer.startOrSkip("OracleRelocateCliIT");
    }
  }

  @AfterAll
  static void stopOracle() {
    if (oracle != null) {
      oracle.stop();
    }
  }

  private static List<RedoGroup> groups() throws SQLException {
    try (Connection root = DriverManager.getConnection(OracleRedoContainer.rootUrl(oracle),
        OracleRedoContainer.ROOT_USER, oracle.getPassword())) {
      return new JdbcOracleRedoCatalog(root).groups();
    }
  }

  /** {@code --url ROOT --user system --password-file FILE}, the password written to a file first. */
  private List<String> login(String url) throws Exception {
    Path file = Files.writeString(tmp.resolve("password"), oracle.getPassword() + "\n");
    return List.of("--url", url, "--user", OracleRedoContainer.ROOT_USER, "--password-file", file.toString());
  }

  private static CliResult cli(List<String> first, String... more) {
    List<String> args = new ArrayList<>(first);
    args.addAll(List.of(more));
    CliResult r = Commitbench.execute(args);
    assertThat(r.out() + r.err()).as("the password in any output").doesNotContain(oracle.getPassword());
    return r;
  }

  /** The files a step printed for the operator to remove ({@code rm -- PATH} lines), removed as the operator would. */
  private static List<String> removeLeftFiles(CliResult r) throws Exception {
    List<String> left = new ArrayList<>();
    Matcher m = LEFT.matcher(r.out());
    while (m.find()) {
      left.add(m.group(1));
    }
    MemberFileAction operator = OracleRedoContainer.remover(oracle);
    for (String path : left) {
      operator.apply(path);
    }
    return left;
  }

  private static Path journalOf(CliResult r) {
    Matcher m = MOVED.matcher(r.out());
    assertThat(m.find()).as(r.describe()).isTrue();
    System.out.println(PREFIX + "oracle: " + r.out().lines().filter(l -> l.startsWith("moved in")).findFirst()
        .orElseThrow());
    return Path.of(m.group(2));
  }

  @Test
  void relocateLogAndUndoThroughTheCommandLine() throws Exception {
    assertThat(oracle.execInContainer("mkdir", "-p", TARGET_DIR).getExitCode()).isZero();
    String url = OracleRedoContainer.rootUrl(oracle);
    List<RedoGroup> before = groups();
    List<String> oldMembers = before.stream().flatMap(g -> g.paths().stream()).toList();
    assertThat(oldMembers).as("redo members as the image ships them")
        .allMatch(p -> p.startsWith(OracleRedoContainer.ORIGINAL_DIR + "/"));
    List<String> relocate = Stream.concat(Stream.of("storage", "relocate-log"), login(url).stream()).toList();

    CliResult dry = cli(relocate, "--to", TARGET_DIR, "--size", SIZE_MB + "M");
    assertThat(dry.exitCode()).as(dry.describe()).isZero();
    assertThat(dry.out()).contains("dry run").contains("ALTER DATABASE ADD LOGFILE GROUP");
    assertThat(groups()).flatExtracting(RedoGroup::paths).containsExactlyElementsOf(oldMembers);

    Path forward = tmp.resolve("forward.journal");
    CliResult moved = cli(relocate, "--to", TARGET_DIR, "--size", SIZE_MB + "M", "--journal", forward.toString(),
        "--apply");
    assertThat(moved.exitCode()).as(moved.describe()).isZero();
    assertThat(journalOf(moved)).isEqualTo(forward.toAbsolutePath());
    JournalReader.Contents journal = JournalReader.read(forward);
    assertThat(journal.operation()).isEqualTo(OracleRedoRelocation.OPERATION);
    assertThat(journal.completed()).isTrue();
    assertThat(Files.readString(forward)).as("the journal").doesNotContain(oracle.getPassword());
    List<RedoGroup> after = groups();
    assertThat(after).allMatch(g -> g.bytes() == SIZE_MB * RedoGeometry.MEGABYTE);
    assertThat(after).flatExtracting(RedoGroup::paths).allMatch(p -> p.startsWith(TARGET_DIR + "/"));
    assertThat(removeLeftFiles(moved)).as("the old members, left for the operator").containsExactlyInAnyOrderElementsOf(
        oldMembers);
    assertThat(OracleRedoContainer.logFiles(oracle, OracleRedoContainer.ORIGINAL_DIR)).isEmpty();

    CliResult refused = cli(List.of("storage", "undo", forward.toString(), "--apply"));
    assertThat(refused.exitCode()).as("undo without a login: " + refused.describe()).isEqualTo(2);
    assertThat(refused.err()).contains("--url is missing");

    List<String> undo = Stream.concat(Stream.of("storage", "undo", forward.toString()), login(url).stream()).toList();
    CliResult back = cli(undo, "--journal", tmp.resolve("back.journal").toString(), "--apply");
    assertThat(back.exitCode()).as(back.describe()).isZero();
    journalOf(back);
    List<RedoGroup> restored = groups();
    assertThat(restored).flatExtracting(RedoGroup::paths)
        .allMatch(p -> p.startsWith(OracleRedoContainer.ORIGINAL_DIR + "/"));
    RedoGroup shipped = before.get(0);
    assertThat(restored).as("the old size and block size").allMatch(g -> g.bytes() == shipped.bytes()
        && g.blocksize() == shipped.blocksize());
    List<String> newMembers = after.stream().flatMap(g -> g.paths().stream()).toList();
    assertThat(removeLeftFiles(back)).containsExactlyInAnyOrderElementsOf(newMembers);
    assertThat(OracleRedoContainer.logFiles(oracle, TARGET_DIR)).isEmpty();
  }

  @Test
  void aPluggableDatabaseUrlIsRefusedWithExit2AndNothingChanged() throws Exception {
    List<String> members = groups().stream().flatMap(g -> g.paths().stream()).toList();
    CliResult r = cli(Stream.concat(Stream.of("storage", "relocate-log"), login(oracle.getJdbcUrl()).stream()).toList(),
        "--to", TARGET_DIR, "--size", SIZE_MB + "M", "--apply");
    assertThat(r.exitCode()).as(r.describe()).isEqualTo(2);
    assertThat(r.err()).contains("connected to container FREEPDB1").contains("CDB$ROOT");
    System.out.println(PREFIX + "refused as expected: " + r.err().strip());
    assertThat(groups()).flatExtracting(RedoGroup::paths).containsExactlyElementsOf(members);
  }
}
