package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.OracleRedoContainer;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.format.FormatterTally;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.oracle.JdbcOracleRedoCatalog;
import io.commitbench.storage.oracle.MemberFileAction;
import io.commitbench.storage.oracle.OracleLogFormatter;
import io.commitbench.storage.oracle.OracleRedoCatalog;
import io.commitbench.storage.oracle.OracleRedoRelocation;
import io.commitbench.storage.oracle.RedoGeometry;
import io.commitbench.storage.oracle.RedoGroup;
import io.commitbench.storage.oracle.RedoPolling;
import io.commitbench.storage.oracle.RedoRelocationRequest;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.oracle.OracleContainer;

/**
 * The Oracle redo procedures on a real server ({@link OracleRedoContainer}: without Docker the
 * class is skipped, with the reason printed). Moves the redo groups into a new directory, runs the
 * {@code clear} and {@code recreate} arms on them, then undoes the move from its journal. Member
 * files are removed with {@code docker exec rm}.
 */
class OracleRedoIT {

  private static final String ORIGINAL_DIR = OracleRedoContainer.ORIGINAL_DIR;
  private static final String TARGET_DIR = "/opt/oracle/oradata/oracle_it_relocated";

  private static OracleContainer oracle;

  /** Starts the container once for the class; each test without Docker is reported skipped. */
  @BeforeEach
  void requireOracle() {
    if (oracle == null) {
      oracle = OracleRedoContainer.startOrSkip("OracleRedoIT");
    }
  }

  @AfterAll
  static void stopOracle() {
    if (oracle != null) {
      oracle.stop();
    }
  }

  private static Connection root() throws SQLException {
    return DriverManager.getConnection(OracleRedoContainer.rootUrl(oracle), OracleRedoContainer.ROOT_USER,
        oracle.getPassword());
  }

  private static RedoPolling polling() {
    return new RedoPolling(Duration.ofMillis(500), Duration.ofMinutes(3), 60, Clock.systemUTC());
  }

  private static MemberFileAction containerRemover() {
    return OracleRedoContainer.remover(oracle);
  }

  private static List<String> files(String dir) throws Exception {
    return OracleRedoContainer.logFiles(oracle, dir);
  }

  @Test
  void aConnectionToThePluggableDatabaseIsRefused() throws Exception {
    try (Connection pdb = DriverManager.getConnection(oracle.getJdbcUrl(), OracleRedoContainer.ROOT_USER,
        oracle.getPassword())) {
      OracleRedoRelocation relocation = OracleRedoRelocation.forConnection(pdb,
          RedoRelocationRequest.of(TARGET_DIR, RedoGeometry.ofSize(16 * RedoGeometry.MEGABYTE)));
      assertThatThrownBy(relocation::plan).isInstanceOf(RefusedException.class)
          .hasMessageContaining("connected to container FREEPDB1");
    }
  }

  @Test
  void relocatesRunsTheArmsAndUndoesTheMove(@TempDir Path tmp) throws Exception {
    assertThat(oracle.execInContainer("mkdir", "-p", TARGET_DIR).getExitCode()).isZero();
    try (Connection root = root()) {
      OracleRedoCatalog catalog = new JdbcOracleRedoCatalog(root);
      List<String> before = catalog.groups().stream().flatMap(g -> g.paths().stream()).toList();
      assertThat(before).as("redo members as the image ships them").allMatch(p -> p.startsWith(ORIGINAL_DIR + "/"));

      OracleRedoRelocation move = new OracleRedoRelocation(catalog, new RedoRelocationRequest(TARGET_DIR,
          RedoGeometry.ofSize(16 * RedoGeometry.MEGABYTE), 3, Optional.empty()), polling(),
          Optional.of(containerRemover()));
      move.plan().render(io.commitbench.storage.plan.Plan.Mode.APPLYING)
          .forEach(l -> System.out.println(DatabaseTargets.LOG_PREFIX + l));
      Path forward = tmp.resolve("forward.journal");
      try (Applier applier = Applier.begin(forward, OracleRedoRelocation.OPERATION, move.journalParameters(),
          ProcessCommandRunner.standard(), System.out)) {
        move.apply(applier);
      }
      List<RedoGroup> moved = catalog.groups();
      assertThat(moved).hasSize(3).allMatch(g -> g.bytes() == 16 * RedoGeometry.MEGABYTE);
      assertThat(moved).flatExtracting(RedoGroup::paths).allMatch(p -> p.startsWith(TARGET_DIR + "/"));
      assertThat(files(TARGET_DIR)).hasSize(3);
      assertThat(files(ORIGINAL_DIR)).as("old members removed by docker exec rm").isEmpty();

      runArm(root, OracleLogFormatter.clear(catalog), "clear logfile");
      runArm(root, OracleLogFormatter.recreate(catalog, containerRemover(), Optional.empty(), Optional.empty()),
          "add logfile");

      OracleRedoRelocation back = OracleRedoRelocation.undo(JournalReader.read(forward), catalog, polling(),
          Optional.of(containerRemover()));
      try (Applier applier = Applier.begin(tmp.resolve("back.journal"), OracleRedoRelocation.OPERATION,
          back.journalParameters(), ProcessCommandRunner.standard(), System.out)) {
        back.apply(applier);
      }
      assertThat(catalog.groups()).flatExtracting(RedoGroup::paths).allMatch(p -> p.startsWith(ORIGINAL_DIR + "/"));
      assertThat(files(TARGET_DIR)).isEmpty();
    }
  }

  /** Switches the log a few times with the arm polling in between; the arm must have acted. */
  private static void runArm(Connection root, OracleLogFormatter arm, String action) throws Exception {
    arm.prepare();
    try (Statement st = root.createStatement()) {
      for (int i = 0; i < 6; i++) {
        st.execute("ALTER SYSTEM SWITCH LOGFILE");
        st.execute("ALTER SYSTEM CHECKPOINT");
        arm.poll();
      }
    }
    arm.finish();
    FormatterTally tally = arm.tally();
    System.out.println(DatabaseTargets.LOG_PREFIX + arm.arm() + ": " + tally.totals() + " " + tally.notes());
    assertThat(tally.totals()).as(arm.arm() + " actions").anyMatch(t -> t.action().equals(action) && t.count() > 0);
  }
}
