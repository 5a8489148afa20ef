package io.commitbench.storage.oracle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.relocate.JournaledRelocation;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import io.commitbench.storage.undo.LogRelocationUndo;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link LogRelocationUndo} picks the reversal by the operation a journal records: an Oracle
 * relocation's journal is reversed over SQL (here on {@link ScriptedOracleRedoModel}, since no
 * Oracle server runs here; OracleRelocateCliIT does it on a real one); another operation is
 * refused naming both that undo reverses.
 */
class LogRelocationUndoScriptedModelTest {

  /** Oracle is moved over SQL: the applier runs no command. */
  private static final CommandRunner NO_COMMANDS = c -> {
    throw new AssertionError("no command expected: " + c.display());
  };

  private static final String TARGET = "/ssd/redo";
  private static final RedoPolling FAST = new RedoPolling(Duration.ZERO, Duration.ofMinutes(1), 10, Clock.systemUTC());

  @TempDir Path dir;

  private static Path journaled(JournaledRelocation relocation, Path file) throws Exception {
    try (Applier journal = Applier.begin(file, relocation.operation(), relocation.journalParameters(), NO_COMMANDS,
        line -> { })) {
      relocation.apply(journal);
    }
    return file;
  }

  /**
   * What {@code storage undo} does with the undo it read, over a scripted Oracle catalog instead
   * of a connection: the Oracle reversal over the model, any other as it is.
   */
  private static JournaledRelocation reverseOver(LogRelocationUndo undo, Optional<OracleRedoCatalog> oracle,
      RedoPolling polling, CommandRunner runner, Clock clock) throws RefusedException {
    return undo.reversal() instanceof OracleJournalReversal overSql
        ? overSql.reverseOver(undo.journal(), oracle, polling)
        : undo.reverse(Optional.empty(), runner, clock);
  }

  @Test
  void anOracleJournalIsReversedOverSqlBackToTheOldGroups() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    Path forward = journaled(new OracleRedoRelocation(model, RedoRelocationRequest.of(TARGET,
        RedoGeometry.ofSize(50 * RedoGeometry.MEGABYTE)), FAST, Optional.empty()), dir.resolve("forward.journal"));

    LogRelocationUndo undo = LogRelocationUndo.read(forward);
    assertThat(undo.operation()).isEqualTo(OracleRedoRelocation.OPERATION);
    assertThat(undo.needsConnection()).isTrue();
    JournaledRelocation back = reverseOver(undo, Optional.of(model), FAST, ProcessCommandRunner.standard(),
        Clock.systemUTC());
    assertThat(back).isInstanceOf(OracleRedoRelocation.class);
    assertThat(back.operation()).isEqualTo(OracleRedoRelocation.OPERATION);
    assertThat(back.journalParameters()).containsEntry("target", ScriptedOracleRedoModel.FREE_DIR);

    journaled(back, dir.resolve("back.journal"));
    assertThat(model.groups()).flatExtracting(RedoGroup::paths)
        .allMatch(p -> p.startsWith(ScriptedOracleRedoModel.FREE_DIR + "/"));
    assertThat(back.leftForOperator()).isNotEmpty().allMatch(p -> p.startsWith(TARGET + "/"));
  }

  @Test
  void anOracleJournalWithoutAConnectionIsRefusedNamingTheRootContainer() throws Exception {
    ScriptedOracleRedoModel model = ScriptedOracleRedoModel.gvenzlFree();
    Path forward = journaled(new OracleRedoRelocation(model, RedoRelocationRequest.of(TARGET,
        RedoGeometry.ofSize(50 * RedoGeometry.MEGABYTE)), FAST, Optional.empty()), dir.resolve("forward.journal"));

    assertThatThrownBy(() -> reverseOver(LogRelocationUndo.read(forward), Optional.empty(), FAST, ProcessCommandRunner.standard(),
        Clock.systemUTC())).isInstanceOf(RefusedException.class).hasMessageContaining("CDB$ROOT");
  }

  @Test
  void anotherOperationIsRefusedNamingWhatUndoReverses() throws Exception {
    Path file = dir.resolve("lab.journal");
    try (Journal journal = Journal.begin(file, "lab-up", Map.of())) {
      journal.completed();
    }
    assertThatThrownBy(() -> LogRelocationUndo.read(file)).isInstanceOf(RefusedException.class)
        .hasMessageContaining("records 'lab-up'")
        .hasMessageContaining(ManagedLogRelocation.OPERATION + " and " + OracleRedoRelocation.OPERATION);
  }
}
