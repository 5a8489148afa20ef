package io.commitbench.storage.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.format.FormatterTally;
import io.commitbench.storage.plan.RefusedException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Oracle pre-format arms against {@link ScriptedOracleRedoModel}. The test plays the workload:
 * it switches logs and checkpoints as a running server would, and polls the arm in between.
 */
class OracleFormatterScriptedModelTest {

  private static final String REDO02 = "/opt/oracle/oradata/FREE/redo02.log";

  /** Group 1 CURRENT, 2 and 3 INACTIVE (the first two are ready for an arm). */
  private static ScriptedOracleRedoModel threeGroups() {
    return ScriptedOracleRedoModel.withGroups(3, 20);
  }

  private static Map<String, Long> counts(FormatterTally tally) {
    return tally.totals().stream().collect(Collectors.toMap(FormatterTally.ActionTotal::action,
        FormatterTally.ActionTotal::count));
  }

  private static void workloadSwitch(ScriptedOracleRedoModel model) throws SQLException {
    model.execute(RedoStatements.SWITCH);
  }

  @Test
  void everyArmRefusesFewerThanThreeGroupsSayingHowManyExist() {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    for (OracleLogFormatter arm : List.of(OracleLogFormatter.baseline(model), OracleLogFormatter.clear(model),
        OracleLogFormatter.recreate(model, model::removeFile, Optional.empty(), Optional.empty()))) {
      assertThatThrownBy(arm::prepare).isInstanceOf(RefusedException.class)
          .hasMessageContaining("the database has 2 online redo log group(s); arm " + arm.arm() + " needs at least 3");
    }
    assertThat(model.executed()).isEmpty();
  }

  @Test
  void refusesAPluggableDatabase() {
    ScriptedOracleRedoModel model = threeGroups().inContainer("FREEPDB1");
    assertThatThrownBy(OracleLogFormatter.clear(model)::prepare).isInstanceOf(RefusedException.class)
        .hasMessageContaining("connected to container FREEPDB1");
  }

  @Test
  void pollBeforePrepareIsAProgrammingError() {
    assertThatThrownBy(OracleLogFormatter.clear(threeGroups())::poll).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void baselineChangesNothingAndCountsTheReusesItSees() throws Exception {
    ScriptedOracleRedoModel model = threeGroups();
    OracleLogFormatter arm = OracleLogFormatter.baseline(model);
    arm.prepare();
    for (int i = 0; i < 4; i++) {
      workloadSwitch(model);
      model.execute(RedoStatements.CHECKPOINT);
      arm.poll();
    }
    arm.finish();
    assertThat(model.executed()).containsOnly(RedoStatements.SWITCH, RedoStatements.CHECKPOINT);
    assertThat(counts(arm.tally())).containsExactly(Map.entry(OracleLogFormatter.REUSE, 4L));
  }

  @Test
  void clearClearsInactiveGroupsOnlyAndTimesEachClear() throws Exception {
    ScriptedOracleRedoModel model = threeGroups();
    OracleLogFormatter arm = OracleLogFormatter.clear(model);
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).containsExactly("ALTER DATABASE CLEAR LOGFILE GROUP 2",
        "ALTER DATABASE CLEAR LOGFILE GROUP 3");
    assertThat(model.group(2).status()).isEqualTo(RedoGroup.UNUSED);

    workloadSwitch(model); // 1 ACTIVE, 2 CURRENT
    arm.poll();
    assertThat(model.executed()).hasSize(3).doesNotContain("ALTER DATABASE CLEAR LOGFILE GROUP 1");
    model.execute(RedoStatements.CHECKPOINT); // 1 INACTIVE
    arm.poll();
    assertThat(model.executed()).last().isEqualTo("ALTER DATABASE CLEAR LOGFILE GROUP 1");
    assertThat(counts(arm.tally())).containsEntry(ClearLogfileAction.ACTION, 3L);
    assertThat(model.touchedInUse()).isEmpty();
  }

  @Test
  void clearWaitsForArchivingInArchivelogMode() throws Exception {
    ScriptedOracleRedoModel model = threeGroups().archiveLog().archived(2, false);
    OracleLogFormatter arm = OracleLogFormatter.clear(model);
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).containsExactly("ALTER DATABASE CLEAR LOGFILE GROUP 3");
    model.archived(2, true);
    arm.poll();
    assertThat(model.executed()).last().isEqualTo("ALTER DATABASE CLEAR LOGFILE GROUP 2");
    assertThat(model.raised()).isEmpty();
  }

  @Test
  void aGroupStillClearingIsLeftUntilItShowsUnused() throws Exception {
    ScriptedOracleRedoModel model = threeGroups().clearingReads(2);
    OracleLogFormatter arm = OracleLogFormatter.clear(model);
    arm.prepare();
    arm.poll();
    assertThat(model.group(2).status()).isEqualTo(RedoGroup.CLEARING);
    arm.poll();
    arm.poll();
    assertThat(model.executed()).hasSize(2);
    assertThat(model.group(2).status()).isEqualTo(RedoGroup.UNUSED);
  }

  @Test
  void ora00392OnClearIsAnsweredByReissuingTheClear() throws Exception {
    ScriptedOracleRedoModel model = threeGroups()
        .failNext("CLEAR LOGFILE GROUP 2$", 392, "log 2 of thread 1 is being cleared, operation not allowed")
        .failNext("CLEAR LOGFILE GROUP 2$", 390, "log 2 of thread 1 is being cleared, cannot become current log");
    OracleLogFormatter arm = OracleLogFormatter.clear(model);
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).filteredOn("ALTER DATABASE CLEAR LOGFILE GROUP 2"::equals).hasSize(3);
    assertThat(model.group(2).status()).isEqualTo(RedoGroup.UNUSED);
    assertThat(arm.tally().notes()).anyMatch(n -> n.contains("ORA-00392") && n.endsWith("CLEAR reissued"));
    assertThat(counts(arm.tally())).containsEntry(ClearLogfileAction.ACTION, 2L);
  }

  @Test
  void ora01624OnClearLeavesTheGroupAloneWithoutRetrying() throws Exception {
    ScriptedOracleRedoModel model = threeGroups()
        .failNext("CLEAR LOGFILE GROUP 2$", 1624, "log 2 needed for crash recovery of instance FREE (thread 1)");
    OracleLogFormatter arm = OracleLogFormatter.clear(model);
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).containsExactly("ALTER DATABASE CLEAR LOGFILE GROUP 2",
        "ALTER DATABASE CLEAR LOGFILE GROUP 3");
    assertThat(arm.tally().notes()).anyMatch(n -> n.startsWith("group 2 became needed") && n.contains("ORA-01624"));
  }

  @Test
  void recreateDropsDeletesTrimsAndAddsTheSameFileAgain() throws Exception {
    ScriptedOracleRedoModel model = threeGroups();
    List<String> trimmed = new ArrayList<>();
    List<Boolean> presentAfterRemoval = new ArrayList<>();
    OracleLogFormatter arm = OracleLogFormatter.recreate(model, path -> {
      model.removeFile(path);
      presentAfterRemoval.add(model.files().contains(path));
    }, Optional.of(trimmed::add), Optional.empty());
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).containsExactly("ALTER DATABASE DROP LOGFILE GROUP 2",
        "ALTER DATABASE ADD LOGFILE GROUP 2 ('/opt/oracle/oradata/FREE/redo02.log') SIZE 20480K BLOCKSIZE 512",
        "ALTER DATABASE DROP LOGFILE GROUP 3",
        "ALTER DATABASE ADD LOGFILE GROUP 3 ('/opt/oracle/oradata/FREE/redo03.log') SIZE 20480K BLOCKSIZE 512");
    assertThat(presentAfterRemoval).containsExactly(false, false);
    assertThat(trimmed).containsExactly(REDO02, "/opt/oracle/oradata/FREE/redo03.log");
    assertThat(model.group(2).status()).isEqualTo(RedoGroup.UNUSED);
    assertThat(model.files()).contains(REDO02);
    assertThat(counts(arm.tally())).containsEntry("drop logfile", 2L).containsEntry("remove member", 2L)
        .containsEntry("fstrim", 2L).containsEntry("add logfile", 2L);
    assertThat(model.raised()).isEmpty();
  }

  @Test
  void recreateUsesTheSweptSizeAndBlocksize4096() throws Exception {
    ScriptedOracleRedoModel model = threeGroups();
    OracleLogFormatter arm = OracleLogFormatter.recreate(model, model::removeFile, Optional.empty(),
        Optional.of(RedoGeometry.of(64 * RedoGeometry.MEGABYTE, 4096)));
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).contains(
        "ALTER DATABASE ADD LOGFILE GROUP 2 ('/opt/oracle/oradata/FREE/redo02.log') SIZE 65536K BLOCKSIZE 4096");
    assertThat(model.group(3).blocksize()).isEqualTo(4096);
    assertThat(arm.tally().notes()).anyMatch(n -> n.startsWith("no fstrim for group 2"));
  }

  @Test
  void recreateReusesAFileItCouldNotDeleteAndSaysSo() throws Exception {
    ScriptedOracleRedoModel model = threeGroups();
    OracleLogFormatter arm = OracleLogFormatter.recreate(model, path -> {
      throw new java.io.IOException("Permission denied");
    }, Optional.empty(), Optional.empty());
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).contains(
        "ALTER DATABASE ADD LOGFILE GROUP 2 ('/opt/oracle/oradata/FREE/redo02.log') SIZE 20480K BLOCKSIZE 512 REUSE");
    assertThat(arm.tally().notes()).anyMatch(n -> n.contains("could not remove " + REDO02 + " (Permission denied)"));
    assertThat(model.raised()).isEmpty();
  }

  @Test
  void recreateAnswersOra00301ByReaddingWithReuse() throws Exception {
    ScriptedOracleRedoModel model = threeGroups();
    // The remover reports success but the file is still there (another process re-created it).
    OracleLogFormatter arm = OracleLogFormatter.recreate(model, path -> { }, Optional.empty(), Optional.empty());
    arm.prepare();
    arm.poll();
    assertThat(model.raised()).containsExactly(301, 301);
    assertThat(model.executed()).contains(
        "ALTER DATABASE ADD LOGFILE GROUP 2 ('/opt/oracle/oradata/FREE/redo02.log') SIZE 20480K BLOCKSIZE 512 REUSE");
    assertThat(model.groups()).extracting(RedoGroup::group).containsExactly(1, 2, 3);
  }

  @Test
  void recreateLeavesAGroupThatBecameNeededAndNeverAddsWithoutADrop() throws Exception {
    ScriptedOracleRedoModel model = threeGroups()
        .failNext("DROP LOGFILE GROUP 2$", 1624, "log 2 needed for crash recovery of instance FREE (thread 1)");
    OracleLogFormatter arm = OracleLogFormatter.recreate(model, model::removeFile, Optional.empty(), Optional.empty());
    arm.prepare();
    arm.poll();
    assertThat(model.executed()).filteredOn(s -> s.contains("GROUP 2")).containsExactly(
        "ALTER DATABASE DROP LOGFILE GROUP 2");
    assertThat(model.files()).contains(REDO02);
    assertThat(arm.tally().notes()).anyMatch(n -> n.startsWith("group 2 not dropped (ORA-01624"));
  }

  @Test
  void aFailedReaddNamesTheStatementThatRestoresTheGroup() throws Exception {
    ScriptedOracleRedoModel model = threeGroups()
        .failNext("ADD LOGFILE GROUP 2 ", 1119, "error in creating database file '" + REDO02 + "'");
    OracleLogFormatter arm = OracleLogFormatter.recreate(model, model::removeFile, Optional.empty(), Optional.empty());
    arm.prepare();
    assertThatThrownBy(arm::poll).isInstanceOf(SQLException.class)
        .hasMessageContaining("group 2 was dropped but could not be added back (ORA-01119")
        .hasMessageContaining("restore it with: ALTER DATABASE ADD LOGFILE GROUP 2 ('" + REDO02 + "') SIZE 20480K");
  }

  /** A long run of switches and checkpoints: the arms never DROP or CLEAR a CURRENT or ACTIVE group. */
  @Test
  void armsNeverTouchCurrentOrActiveGroupsInARandomRun() throws Exception {
    for (String armName : List.of("clear", "recreate")) {
      for (boolean archiveLog : List.of(false, true)) {
        ScriptedOracleRedoModel model = ScriptedOracleRedoModel.withGroups(4, 20).checkpointsToInactive(2);
        if (archiveLog) {
          model.archiveLog();
        }
        OracleLogFormatter arm = armName.equals("clear") ? OracleLogFormatter.clear(model)
            : OracleLogFormatter.recreate(model, model::removeFile, Optional.empty(), Optional.empty());
        arm.prepare();
        Random random = new Random(42);
        for (int step = 0; step < 300; step++) {
          switch (random.nextInt(archiveLog ? 4 : 3)) {
            case 0 -> model.execute(RedoStatements.SWITCH);
            case 1 -> model.execute(RedoStatements.CHECKPOINT);
            case 2 -> arm.poll();
            default -> model.execute(RedoStatements.ARCHIVE_CURRENT);
          }
        }
        assertThat(model.touchedInUse()).as(armName + (archiveLog ? " ARCHIVELOG" : "")).isEmpty();
        assertThat(model.raised()).as(armName + " errors").isEmpty();
        assertThat(counts(arm.tally()).get(armName.equals("clear") ? ClearLogfileAction.ACTION : "add logfile"))
            .as(armName + " actions").isGreaterThan(10);
        assertThat(model.groups()).hasSize(4);
      }
    }
  }

  @Test
  void geometryIsValidatedWithClearMessages() {
    assertThatThrownBy(() -> RedoGeometry.ofSize(3 * RedoGeometry.MEGABYTE))
        .hasMessageContaining("below Oracle's minimum of 4 MB");
    assertThatThrownBy(() -> RedoGeometry.ofSize(4 * RedoGeometry.MEGABYTE + 1))
        .hasMessageContaining("not a whole number of kilobytes");
    assertThatThrownBy(() -> RedoGeometry.of(50 * RedoGeometry.MEGABYTE, 2048))
        .hasMessageContaining("block size 2048 is not one Oracle accepts; give 512, 1024 or 4096");
    assertThat(RedoGeometry.of(50 * RedoGeometry.MEGABYTE, 4096).clause()).isEqualTo("SIZE 51200K BLOCKSIZE 4096");
    assertThat(RedoGeometry.ofSize(RedoGeometry.MINIMUM_BYTES).clause()).isEqualTo("SIZE 4096K");
    assertThat(RedoGeometry.ofSize(64 * RedoGeometry.MEGABYTE).withDefaultBlocksize(1024).clause())
        .isEqualTo("SIZE 65536K BLOCKSIZE 1024");
  }
}
