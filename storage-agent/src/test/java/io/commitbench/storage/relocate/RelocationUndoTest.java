package io.commitbench.storage.relocate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Undo of a completed relocation, on an instance of the fake kind: the move back to the recorded
 * origin, a target the move made removed only when empty, and the refusals (another operation, no
 * end, no instance, a log moved since, no journal).
 */
class RelocationUndoTest {

  @TempDir Path base;

  private Path journal(String operation, Map<String, String> params, boolean complete) throws Exception {
    Path file = base.resolve("j-" + System.nanoTime() + ".jsonl");
    try (Journal j = Journal.begin(file, operation, params)) {
      j.step("stopped the server");
      if (complete) {
        j.completed();
      }
    }
    return file;
  }

  private Map<String, String> params(Path inst, String to) {
    return Map.of("instance", inst.toString(), "kind", FakeKindEngine.KIND, "from", inst.resolve("log").toString(), "to", to);
  }

  @Test
  void movesTheLogBackToTheRecordedOrigin() throws Exception {
    FakeKindServer runner = new FakeKindServer(false);
    Path inst = FakeKindInstance.create(base, runner).descriptor().instanceDir();
    // the instance's log is in log/ (as the fake is made); the journal says a relocation put it there from "old"
    Path old = Files.createDirectories(base.resolve("old"));
    Path file = journal("relocate-log", Map.of("instance", inst.toString(), "kind", FakeKindEngine.KIND,
        "from", old.toString(), "to", inst.resolve("log").toString()), true);
    ManagedLogRelocation back = RelocationUndo.of(file, runner, Clock.systemUTC());
    assertThat(back.journalParameters()).containsEntry("to", old.toString())
        .containsEntry("from", inst.resolve("log").toString());
    assertThat(back.plan().title()).contains("to " + old);
  }

  @Test
  void theUndoOfAMoveThatMadeItsTargetRemovesItIfEmpty() throws Exception {
    FakeKindServer runner = new FakeKindServer(false);
    Path inst = FakeKindInstance.create(base, runner).descriptor().instanceDir();
    Path old = Files.createDirectories(base.resolve("old"));
    Path made = inst.resolve("log");
    Path file = base.resolve("made.jsonl");
    try (Journal j = Journal.begin(file, "relocate-log", Map.of("instance", inst.toString(), "kind", FakeKindEngine.KIND,
        "from", old.toString(), "to", made.toString()))) {
      j.step("made the target directory", Map.of("path", made.toString()));
      j.completed();
    }
    ManagedLogRelocation back = RelocationUndo.of(file, runner, Clock.systemUTC());
    assertThat(back.plan().steps()).last().satisfies(s -> {
      assertThat(s.actions()).containsExactly("rmdir " + made);
      assertThat(s.description()).contains("if it is empty");
    });
  }

  @Test
  void theUndoOfAMoveIntoAnExistingTargetLeavesItAlone() throws Exception {
    FakeKindServer runner = new FakeKindServer(false);
    Path inst = FakeKindInstance.create(base, runner).descriptor().instanceDir();
    Path old = Files.createDirectories(base.resolve("old"));
    Path file = journal("relocate-log", Map.of("instance", inst.toString(), "kind", FakeKindEngine.KIND,
        "from", old.toString(), "to", inst.resolve("log").toString()), true);
    assertThat(RelocationUndo.of(file, runner, Clock.systemUTC()).plan().steps())
        .noneSatisfy(s -> assertThat(s.actions()).anySatisfy(a -> assertThat(a).startsWith("rmdir")));
  }

  @Test
  void refusesAnotherOperation() throws Exception {
    Path file = journal("lab-create", Map.of(), true);
    assertThatThrownBy(() -> RelocationUndo.of(file, new FakeKindServer(false), Clock.systemUTC()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("records 'lab-create'");
  }

  @Test
  void refusesAnUnfinishedRelocation() throws Exception {
    Path file = journal("relocate-log", params(base.resolve("fk"), "/x"), false);
    assertThatThrownBy(() -> RelocationUndo.of(file, new FakeKindServer(false), Clock.systemUTC()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("did not complete");
  }

  @Test
  void refusesAnUnknownInstance() throws Exception {
    Path file = journal("relocate-log", params(base.resolve("gone"), "/x"), true);
    assertThatThrownBy(() -> RelocationUndo.of(file, new FakeKindServer(false), Clock.systemUTC()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("is not known");
  }

  @Test
  void refusesWhenTheLogMovedSince() throws Exception {
    FakeKindServer runner = new FakeKindServer(false);
    Path inst = FakeKindInstance.create(base, runner).descriptor().instanceDir();
    Path file = journal("relocate-log", params(inst, "/elsewhere"), true);
    assertThatThrownBy(() -> RelocationUndo.of(file, runner, Clock.systemUTC()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("not in /elsewhere");
  }

  @Test
  void refusesAFileThatIsNoJournal() throws Exception {
    Path file = Files.writeString(base.resolve("x.txt"), "hello\n");
    assertThatThrownBy(() -> RelocationUndo.of(file, new FakeKindServer(false), Clock.systemUTC()))
        .isInstanceOf(RefusedException.class).hasMessageContaining("cannot undo");
  }
}
