package io.commitbench.storage.undo;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.relocate.FakeKindInstance;
import io.commitbench.storage.relocate.FakeKindServer;
import io.commitbench.storage.relocate.JournaledRelocation;
import io.commitbench.storage.relocate.ManagedLogRelocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link LogRelocationUndo} on a managed instance's journal, with an instance of the fake kind. */
class LogRelocationUndoTest {

  @TempDir Path dir;

  @Test
  void aManagedInstancesJournalIsReversedOnTheInstanceWithoutAConnection() throws Exception {
    FakeKindServer runner = new FakeKindServer(false);
    ManagedInstance instance = FakeKindInstance.create(dir, runner);
    Path origin = Files.createDirectories(dir.resolve("origin"));
    Path logDir = instance.descriptor().logDir();
    Path file = dir.resolve("managed.journal");
    try (Journal journal = Journal.begin(file, ManagedLogRelocation.OPERATION, Map.of(
        "instance", instance.descriptor().instanceDir().toString(), "kind", instance.descriptor().kind(),
        "from", origin.toString(), "to", logDir.toString()))) {
      journal.completed();
    }

    LogRelocationUndo undo = LogRelocationUndo.read(file);
    assertThat(undo.needsConnection()).isFalse();
    JournaledRelocation back = undo.reverse(Optional.empty(), runner, Clock.systemUTC());
    assertThat(back).isInstanceOf(ManagedLogRelocation.class);
    assertThat(back.journalParameters()).containsEntry("from", logDir.toString()).containsEntry("to", origin.toString());
    assertThat(back.defaultJournal().getParent()).isEqualTo(instance.descriptor().instanceDir().resolve("journals"));
  }
}
