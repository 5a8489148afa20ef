package io.commitbench.storage.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The relocation's state machine against {@link ScriptedOracleRedoModel}, as gvenzl/oracle-free ships. */
class OracleRedoRelocationScriptedModelTest {

  /** Oracle is moved over SQL: the applier runs no command. */
  private static final CommandRunner NO_COMMANDS = c -> {
    throw new AssertionError("no command expected: " + c.display());
  };

  private static final String TARGET = "/ssd/redo";
  private static final RedoGeometry FIFTY_MB = RedoGeometry.ofSize(50 * RedoGeometry.MEGABYTE);
  private static final RedoPolling FAST = new RedoPolling(Duration.ZERO, Duration.ofMinutes(1), 10, Clock.systemUTC());

  @TempDir Path dir;

  private static OracleRedoRelocation relocation(ScriptedOracleRedoModel model, RedoGeometry geometry) {
    return new OracleRedoRelocation(model, RedoRelocationRequest.of(TARGET, geometry), FAST, Optional.empty());
  }

  private Path apply(OracleRedoRelocation relocation, String name) throws Exception {
    Path file = dir.resolve(name);
    try (Applier journal = Applier.begin(file, OracleRedoRelocation.OPERATION, relocation.journalParameters(), NO_COMMANDS,
        line -> { })) {
      relocation.apply(journal);
    }
    return file;
  }

  private Path applyExpectingFailure(OracleRedoRelocation relocation, String name, Class<?> failure) throws Exception {
    Path file = dir.resolve(name);
    try (Applier journal = Applier.begin(file, OracleRedoRelocation.OPERATION, relocation.journalParameters(), NO_COMMANDS,
        line -> { })) {
      assertThatThrownBy(() -> relocation.apply(journal)).isInstanceOf(failure);
    }
    return file;
  }

  private static List<String> memberPaths(ScriptedOracleRedoModel model) throws SQLException {
    return model.groups().stream().flatMap(g -> g.paths().stream()).toList();
  }

  @Test
  void planListsTheExactStatementsInOrderAndChangesNothing() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    Plan plan = relocation(model, FIFTY_MB).plan();
    List<String> actions = plan.steps().stream().flatMap(s -> s.actions().stream()).toList();
    assertThat(actions).containsExactly(
        JdbcOracleRedoCatalog.GROUPS_SQL,
        "ALTER DATABASE ADD LOGFILE GROUP 3 ('/ssd/redo/redo_g03.log') SIZE 51200K BLOCKSIZE 512",
        "ALTER DATABASE ADD LOGFILE GROUP 4 ('/ssd/redo/redo_g04.log') SIZE 51200K BLOCKSIZE 512",
        "ALTER DATABASE ADD LOGFILE GROUP 5 ('/ssd/redo/redo_g05.log') SIZE 51200K BLOCKSIZE 512",
        "ALTER SYSTEM SWITCH LOGFILE",
        "ALTER SYSTEM CHECKPOINT",
        "ALTER DATABASE DROP LOGFILE GROUP 1",
        "ALTER DATABASE DROP LOGFILE GROUP 2",
        "rm -- /opt/oracle/oradata/FREE/redo01.log",
        "rm -- /opt/oracle/oradata/FREE/redo02.log",
        JdbcOracleRedoCatalog.GROUPS_SQL);
    assertThat(plan.render(Plan.Mode.DRY_RUN)).anyMatch(l -> l.contains("by its operator"));
    assertThat(plan.notes()).anyMatch(n -> n.contains("undo moves the logs back to /opt/oracle/oradata/FREE as SIZE 20480K BLOCKSIZE 512"));
    assertThat(model.executed()).isEmpty();
  }

  @Test
  void movesEveryGroupToTheTargetAndLeavesTheOldFilesForTheOperator() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    OracleRedoRelocation relocation = relocation(model, RedoGeometry.of(50 * RedoGeometry.MEGABYTE, 4096));
    Path file = apply(relocation, "move.journal");

    assertThat(model.groups()).extracting(RedoGroup::group).containsExactly(3, 4, 5);
    assertThat(memberPaths(model)).allMatch(p -> p.startsWith(TARGET + "/"));
    assertThat(model.groups()).allMatch(g -> g.blocksize() == 4096 && g.bytes() == 50 * RedoGeometry.MEGABYTE);
    assertThat(model.raised()).as("no statement failed").isEmpty();
    assertThat(relocation.leftForOperator()).containsExactly("/opt/oracle/oradata/FREE/redo01.log",
        "/opt/oracle/oradata/FREE/redo02.log");
    assertThat(model.files()).contains("/opt/oracle/oradata/FREE/redo01.log");

    JournalReader.Contents journal = JournalReader.read(file);
    assertThat(journal.completed()).isTrue();
    assertThat(journal.steps()).extracting(JournalEntry::text).containsExactly("discovered", "added group",
        "added group", "added group", "switched logfile", "switched logfile", "checkpoint", "dropped group", "dropped group");
    JournalEntry discovered = journal.steps().get(0);
    assertThat(discovered.detail()).containsEntry("old_groups", "1,2")
        .containsEntry("old_members", "1=/opt/oracle/oradata/FREE/redo01.log|2=/opt/oracle/oradata/FREE/redo02.log")
        .containsEntry("old_bytes", Long.toString(20 * RedoGeometry.MEGABYTE)).containsEntry("old_blocksize", "512")
        .containsEntry("new_blocksize", "4096");
    assertThat(journal.steps().get(7).detail()).containsEntry("group", "1").containsEntry("sql",
        "ALTER DATABASE DROP LOGFILE GROUP 1");
    assertThat(journal.entries()).anyMatch(e -> e.event().equals("note") && e.text().startsWith("verified: 3 groups"));
  }

  @Test
  void applyShowsThePlansStepsAndEachStatementAsItRunsAndEachLineSaysWhatRanForIt() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().checkpointsToInactive(2);
    OracleRedoRelocation relocation = relocation(model, FIFTY_MB);
    List<String> planned = relocation.plan().render(Plan.Mode.APPLYING).stream()
        .filter(OracleRedoRelocationScriptedModelTest::numbered).toList();
    List<String> progress = new ArrayList<>();
    Path file = dir.resolve("progress.journal");
    try (Applier applier = Applier.begin(file, OracleRedoRelocation.OPERATION, relocation.journalParameters(), NO_COMMANDS,
        progress::add)) {
      relocation.apply(applier);
    }

    assertThat(progress.stream().filter(OracleRedoRelocationScriptedModelTest::numbered).toList())
        .as("the steps the plan showed, numbered as it showed them").containsExactlyElementsOf(planned);
    assertThat(progress.stream().filter(l -> l.startsWith("        $ ALTER "))
        .map(l -> l.substring("        $ ".length()))).as("every statement shown as it runs, repeats included").containsExactlyElementsOf(model.executed());
    assertThat(progress).containsSubsequence("        $ " + JdbcOracleRedoCatalog.GROUPS_SQL,
        "        left for the operator: rm -- /opt/oracle/oradata/FREE/redo01.log",
        "        left for the operator: rm -- /opt/oracle/oradata/FREE/redo02.log",
        "        $ " + JdbcOracleRedoCatalog.GROUPS_SQL);
    List<JournalEntry> steps = JournalReader.read(file).steps();
    assertThat(steps.get(0).detail()).containsEntry("ran", JdbcOracleRedoCatalog.GROUPS_SQL);
    assertThat(steps.subList(1, steps.size())).as("each statement's line names it as what ran, and only it")
        .allSatisfy(s -> assertThat(s.detail().get("ran")).isEqualTo(s.detail().get("sql")))
        .filteredOn(s -> s.text().equals("checkpoint")).hasSize(2);
    assertThat(JournalReader.read(file).entries())
        .filteredOn(e -> e.text().startsWith("dropped member left for the operator"))
        .allSatisfy(e -> assertThat(e.detail()).as("not run by the agent").doesNotContainKey("ran")).hasSize(2);
  }

  private static boolean numbered(String line) {
    return line.matches(" +\\d+\\. .*");
  }

  @Test
  void checkpointsUntilTheOldGroupsAreInactive() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().checkpointsToInactive(3);
    apply(relocation(model, FIFTY_MB), "slow.journal");
    assertThat(model.executed()).filteredOn(RedoStatements.CHECKPOINT::equals).hasSize(3);
    assertThat(model.raised()).isEmpty();
  }

  @Test
  void archivesInArchivelogModeBeforeDropping() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().archiveLog();
    Plan plan = relocation(model, FIFTY_MB).plan();
    assertThat(plan.steps()).anyMatch(s -> s.actions().contains(RedoStatements.ARCHIVE_CURRENT));
    apply(relocation(model, FIFTY_MB), "arch.journal");
    List<String> executed = model.executed();
    assertThat(executed.indexOf(RedoStatements.ARCHIVE_CURRENT))
        .isGreaterThan(executed.indexOf(RedoStatements.CHECKPOINT))
        .isLessThan(executed.indexOf("ALTER DATABASE DROP LOGFILE GROUP 1"));
    assertThat(model.raised()).isEmpty();
  }

  @Test
  void doesNotArchiveInNoarchivelogMode() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    apply(relocation(model, FIFTY_MB), "noarch.journal");
    assertThat(model.executed()).doesNotContain(RedoStatements.ARCHIVE_CURRENT);
  }

  @Test
  void ora01624OnDropIsAnsweredWithACheckpointAndARetry() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree()
        .failNext("DROP LOGFILE GROUP 1$", 1624, "log 1 needed for crash recovery of instance FREE (thread 1)");
    Path file = apply(relocation(model, FIFTY_MB), "01624.journal");
    assertThat(model.raised()).containsExactly(1624);
    assertThat(model.executed()).containsSubsequence("ALTER DATABASE DROP LOGFILE GROUP 1", RedoStatements.CHECKPOINT,
        "ALTER DATABASE DROP LOGFILE GROUP 1");
    assertThat(JournalReader.read(file).steps()).anyMatch(s -> s.text().equals("checkpoint")
        && s.detail().get("reason").contains("ORA-01624"));
    assertThat(model.groups()).extracting(RedoGroup::group).containsExactly(3, 4, 5);
  }

  @Test
  void ora01623OnDropIsAnsweredWithASwitchAndARetry() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree()
        .failNext("DROP LOGFILE GROUP 2$", 1623, "log 2 is current log for instance FREE (thread 1) - cannot drop");
    apply(relocation(model, FIFTY_MB), "01623.journal");
    assertThat(model.executed()).containsSubsequence("ALTER DATABASE DROP LOGFILE GROUP 2", RedoStatements.SWITCH,
        "ALTER DATABASE DROP LOGFILE GROUP 2");
    assertThat(model.groups()).extracting(RedoGroup::group).containsExactly(3, 4, 5);
  }

  @Test
  void ora01567OnDropAddsAnotherGroupAtTheTargetFirst() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree()
        .failNext("DROP LOGFILE GROUP 1$", 1567, "dropping log 1 would leave less than 2 log files");
    Path file = apply(relocation(model, FIFTY_MB), "01567.journal");
    assertThat(model.executed()).containsSubsequence("ALTER DATABASE DROP LOGFILE GROUP 1",
        "ALTER DATABASE ADD LOGFILE GROUP 6 ('/ssd/redo/redo_g06.log') SIZE 51200K BLOCKSIZE 512",
        "ALTER DATABASE DROP LOGFILE GROUP 1", "ALTER DATABASE DROP LOGFILE GROUP 2");
    assertThat(memberPaths(model)).allMatch(p -> p.startsWith(TARGET + "/")).hasSize(4);
    assertThat(JournalReader.read(file).completed()).isTrue();
  }

  @Test
  void givesUpOnADropThatKeepsFailingAfterBoundedRetries() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    for (int i = 0; i < 20; i++) {
      model.failNext("DROP LOGFILE GROUP 1$", 1624, "log 1 needed for crash recovery");
    }
    Path file = applyExpectingFailure(relocation(model, FIFTY_MB), "stuck.journal", SQLException.class);
    assertThat(model.executed()).filteredOn("ALTER DATABASE DROP LOGFILE GROUP 1"::equals).hasSize(10);
    assertThat(JournalReader.read(file).outcome()).hasValueSatisfying(o -> assertThat(o)
        .startsWith("failed after old groups began to be dropped").contains("undo this journal"));
  }

  @Test
  void removesTheOldFilesWhenTheAgentCanReachThem() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    OracleRedoRelocation relocation = new OracleRedoRelocation(model, RedoRelocationRequest.of(TARGET, FIFTY_MB), FAST,
        Optional.of(model::removeFile));
    Path file = apply(relocation, "rm.journal");
    assertThat(model.files()).noneMatch(p -> p.startsWith(ScriptedOracleRedoModel.FREE_DIR));
    assertThat(relocation.leftForOperator()).isEmpty();
    assertThat(JournalReader.read(file).steps()).filteredOn(s -> s.text().equals("removed member file"))
        .extracting(s -> s.detail().get("path"))
        .containsExactly("/opt/oracle/oradata/FREE/redo01.log", "/opt/oracle/oradata/FREE/redo02.log");
  }

  @Test
  void verificationSwitchesThroughNewMembersThatShowAStatusUntilFirstUsed() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().newMembersInvalidUntilUsed();
    Path file = apply(relocation(model, FIFTY_MB), "invalid.journal");
    assertThat(JournalReader.read(file).completed()).isTrue();
    assertThat(model.groups()).allMatch(g -> g.members().stream().allMatch(m -> m.status().isEmpty()));
  }

  @Test
  void verificationFailsOnAStaleMember() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().memberStatus("/ssd/redo/redo_g04.log", "STALE");
    Path file = applyExpectingFailure(relocation(model, FIFTY_MB), "stale.journal", IllegalStateException.class);
    assertThat(JournalReader.read(file).outcome()).hasValueSatisfying(o -> assertThat(o)
        .contains("verification failed: /ssd/redo/redo_g04.log has V$LOGFILE.STATUS STALE"));
  }

  // ---- refusals: nothing executed ----

  @Test
  void refusesAPluggableDatabaseConnectionNamingTheRootService() {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().inContainer("FREEPDB1");
    assertThatThrownBy(() -> relocation(model, FIFTY_MB).plan()).isInstanceOf(RefusedException.class)
        .hasMessageContaining("connected to container FREEPDB1").hasMessageContaining("CDB$ROOT")
        .hasMessageContaining("/FREE, not …:1521/FREEPDB1");
    assertThat(model.executed()).isEmpty();
  }

  @Test
  void refusesWithoutAlterSystem() {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().withPrivileges("ALTER DATABASE", "CREATE SESSION");
    assertThatThrownBy(() -> relocation(model, FIFTY_MB).plan()).isInstanceOf(RefusedException.class)
        .hasMessageStartingWith("the session lacks ALTER SYSTEM (SESSION_PRIVS)");
  }

  @Test
  void refusesWithoutAccessToTheViews() {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().viewsUnreadable();
    assertThatThrownBy(() -> relocation(model, FIFTY_MB).plan()).isInstanceOf(RefusedException.class)
        .hasMessageContaining("ORA-00942").hasMessageContaining("SELECT_CATALOG_ROLE");
  }

  @Test
  void refusesADatabaseThatIsNotOpen() {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().openMode("MOUNTED");
    assertThatThrownBy(() -> relocation(model, FIFTY_MB).plan()).isInstanceOf(RefusedException.class)
        .hasMessageContaining("the database is MOUNTED, not open READ WRITE");
  }

  @Test
  void refusesASecondRelocationToATargetThatAlreadyHoldsGroups() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    model.execute("ALTER DATABASE ADD LOGFILE GROUP 7 ('/ssd/redo/redo_g07.log') SIZE 51200K");
    Path file = applyExpectingFailure(relocation(model, FIFTY_MB), "second.journal", RefusedException.class);
    assertThat(JournalReader.read(file).outcome()).hasValueSatisfying(o -> assertThat(o)
        .startsWith("refused: group(s) [7] already have members in /ssd/redo"));
    assertThat(model.executed()).hasSize(1);
  }

  @Test
  void refusesAMissingLocalTargetAndAnExistingMemberFile() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    RedoRelocationRequest missing = new RedoRelocationRequest(TARGET, FIFTY_MB, 3, Optional.of(dir.resolve("nope")));
    assertThatThrownBy(() -> new OracleRedoRelocation(model, missing, FAST, Optional.empty()).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("is not an existing directory");
    Files.createFile(dir.resolve("redo_g04.log"));
    RedoRelocationRequest occupied = new RedoRelocationRequest(TARGET, FIFTY_MB, 3, Optional.of(dir));
    assertThatThrownBy(() -> new OracleRedoRelocation(model, occupied, FAST, Optional.empty()).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("already holds redo_g04.log, which new group 4");
    RedoRelocationRequest huge = new RedoRelocationRequest(TARGET, RedoGeometry.ofSize(1L << 50), 3, Optional.of(dir));
    assertThatThrownBy(() -> new OracleRedoRelocation(model, huge, FAST, Optional.empty()).plan())
        .isInstanceOf(RefusedException.class).hasMessageContaining("bytes free, but 3 groups");
    assertThat(model.executed()).isEmpty();
  }

  // ---- rollback and undo ----

  @Test
  void aFailureBeforeTheDropPhaseIsRolledBackByDroppingTheNewGroups() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree()
        .failNext("CHECKPOINT", 257, "archiver error. Connect AS SYSDBA only until resolved.");
    OracleRedoRelocation relocation = new OracleRedoRelocation(model, RedoRelocationRequest.of(TARGET, FIFTY_MB), FAST,
        Optional.of(model::removeFile));
    Path file = applyExpectingFailure(relocation, "rollback.journal", SQLException.class);

    assertThat(model.groups()).extracting(RedoGroup::group).containsExactly(1, 2);
    assertThat(model.files()).containsExactlyInAnyOrder("/opt/oracle/oradata/FREE/redo01.log",
        "/opt/oracle/oradata/FREE/redo02.log");
    assertThat(model.touchedInUse()).isEmpty();
    JournalReader.Contents journal = JournalReader.read(file);
    assertThat(journal.outcome()).hasValueSatisfying(o -> assertThat(o).contains("ORA-00257")
        .contains("rolled back: dropped the new groups [3, 4, 5]"));
    assertThat(journal.steps()).filteredOn(s -> s.text().equals("dropped group")).extracting(s -> s.detail().get("group"))
        .containsExactlyInAnyOrder("3", "4", "5");
  }

  @Test
  void aCheckpointThatNeverFreesTheOldGroupsTimesOutAndSaysSo() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().checkpointsToInactive(1000);
    Path file = applyExpectingFailure(relocation(model, FIFTY_MB), "timeout.journal", TimeoutException.class);
    assertThat(JournalReader.read(file).outcome()).hasValueSatisfying(o -> assertThat(o)
        .contains("gave up waiting for the old groups [1, 2] to become INACTIVE after 10 attempts"));
  }

  @Test
  void undoMovesTheLogsBackWithTheOldSizeAndBlocksize() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    Path forward = apply(new OracleRedoRelocation(model, RedoRelocationRequest.of(TARGET,
        RedoGeometry.of(64 * RedoGeometry.MEGABYTE, 4096)), FAST, Optional.of(model::removeFile)), "forward.journal");

    OracleRedoRelocation back = OracleRedoRelocation.undo(JournalReader.read(forward), model, FAST, Optional.empty());
    assertThat(back.plan().steps()).anyMatch(s -> s.actions().contains(
        "ALTER DATABASE ADD LOGFILE GROUP 1 ('/opt/oracle/oradata/FREE/redo_g01.log') SIZE 20480K BLOCKSIZE 512"));
    apply(back, "back.journal");
    assertThat(memberPaths(model)).hasSize(2).allMatch(p -> p.startsWith(ScriptedOracleRedoModel.FREE_DIR + "/"));
    assertThat(model.groups()).allMatch(g -> g.bytes() == 20 * RedoGeometry.MEGABYTE && g.blocksize() == 512);
    assertThat(back.leftForOperator()).containsExactly("/ssd/redo/redo_g03.log", "/ssd/redo/redo_g04.log",
        "/ssd/redo/redo_g05.log");
  }

  /**
   * A journal in which the relocation wrote its statements' lines itself, without what the
   * applier adds to them (what ran, its exit, its time), as journals on disk may be: the move of
   * {@link #journalOfTheSameMove}, which met ORA-01624 on the first drop. It must still be read
   * and undone.
   */
  private static final String OWN_LINES_JOURNAL = "relocate-log-oracle-own-lines.journal";

  /** The move {@link #OWN_LINES_JOURNAL} records, made through the applier on a model in the same state. */
  private Path journalOfTheSameMove(ScriptedOracleRedoModel model) throws Exception {
    model.checkpointsToInactive(2).failNext("DROP LOGFILE GROUP 1$", 1624,
        "log 1 needed for crash recovery of instance FREE (thread 1)");
    return apply(relocation(model, FIFTY_MB), "applied.journal");
  }

  /** A journal's begin, step and end lines without what the applier adds (what ran, and its time). */
  private static List<String> linesUndoReads(Path journal) throws Exception {
    return JournalReader.read(journal).entries().stream().filter(e -> !e.event().equals("note"))
        .map(e -> e.event() + " " + e.text() + " " + new java.util.TreeMap<>(e.detail()).entrySet().stream()
            .filter(d -> !List.of("ran", "exit", "seconds").contains(d.getKey())).toList()).toList();
  }

  @Test
  void aJournalOfTheRelocationsOwnLinesHoldsTheSameStepsAndIsUndoneTheSameWay() throws Exception {
    Path ownLines = Path.of(getClass().getResource(OWN_LINES_JOURNAL).toURI());
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    Path applied = journalOfTheSameMove(model);

    assertThat(linesUndoReads(applied)).as("the same step lines, texts and facts; what ran is added")
        .containsExactlyElementsOf(linesUndoReads(ownLines));
    assertThat(JournalReader.read(applied).entries()).extracting(JournalEntry::text)
        .containsSubsequence(JournalReader.read(ownLines).entries().stream().filter(e -> e.event().equals("note"))
            .map(JournalEntry::text).toList());
    OracleRedoRelocation fromOwnLines = OracleRedoRelocation.undo(JournalReader.read(ownLines), model, FAST, Optional.empty());
    OracleRedoRelocation fromApplied = OracleRedoRelocation.undo(JournalReader.read(applied), model, FAST, Optional.empty());
    assertThat(fromOwnLines.journalParameters()).isEqualTo(fromApplied.journalParameters());
    assertThat(fromOwnLines.plan()).isEqualTo(fromApplied.plan());
    apply(fromOwnLines, "back.journal");
    assertThat(memberPaths(model)).hasSize(2).allMatch(p -> p.startsWith(ScriptedOracleRedoModel.FREE_DIR + "/"));
    assertThat(model.groups()).allMatch(g -> g.bytes() == 20 * RedoGeometry.MEGABYTE && g.blocksize() == 512);
  }

  @Test
  void undoRefusesAJournalThatWasRolledBack() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().failNext("CHECKPOINT", 257, "archiver error");
    Path file = applyExpectingFailure(relocation(model, FIFTY_MB), "rolledback.journal", SQLException.class);
    assertThatThrownBy(() -> OracleRedoRelocation.undo(JournalReader.read(file), model, FAST, Optional.empty()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("shows no old group dropped")
        .hasMessageContaining("nothing to undo");
  }

  @Test
  void undoRefusesAnotherOperationsJournal() throws Exception {
    Path file = dir.resolve("other.journal");
    try (Journal journal = Journal.begin(file, "relocate-log-postgresql", java.util.Map.of())) {
      journal.completed();
    }
    assertThatThrownBy(() -> OracleRedoRelocation.undo(JournalReader.read(file), ScriptedOracleRedoModel.gvenzlFree(),
        FAST, Optional.empty())).isInstanceOf(RefusedException.class)
        .hasMessageContaining("records 'relocate-log-postgresql', not 'relocate-log-oracle'");
  }

  @Test
  void theModelRefusesRedoStatementsInsideAPluggableDatabaseAsOracleDoes() {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree().inContainer("FREEPDB1");
    assertThatThrownBy(() -> model.execute(RedoStatements.SWITCH)).isInstanceOf(SQLException.class)
        .hasMessageStartingWith("ORA-65040: operation not allowed from within a pluggable database")
        .satisfies(e -> assertThat(OracleErrors.code(e)).isEqualTo(65040));
  }

  @Test
  void requestsAreValidatedWithClearMessages() {
    assertThatThrownBy(() -> RedoRelocationRequest.of("ssd/redo", FIFTY_MB)).hasMessageContaining("is not absolute");
    assertThatThrownBy(() -> new RedoRelocationRequest(TARGET, FIFTY_MB, 1, Optional.empty()))
        .hasMessageContaining("new groups 1 is too few; Oracle needs at least 2");
    assertThat(RedoRelocationRequest.of("/ssd/redo/", FIFTY_MB).targetDirectory()).isEqualTo(TARGET);
  }
}
