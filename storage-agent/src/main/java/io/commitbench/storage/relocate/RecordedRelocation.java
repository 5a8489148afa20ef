package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A managed relocation as its journal's {@code begin} line records it, with the instance it names
 * opened: what both undo of a completed move and recovery of an interrupted one start from.
 *
 * @param journal the journal's lines
 * @param instance the instance the journal names, as it is now
 * @param from the log directory the move started from
 * @param to the log directory it moved to
 */
record RecordedRelocation(JournalReader.Contents journal, ManagedInstance instance, Path from, Path to) {

  /** Refuses a journal that records another operation than a managed {@code relocate-log}. */
  static void requireOperation(JournalReader.Contents contents) throws RefusedException {
    if (!ManagedLogRelocation.OPERATION.equals(contents.operation())) {
      throw refusal(contents, "it records '" + contents.operation() + "'; this undoes "
          + ManagedLogRelocation.OPERATION + " journals");
    }
  }

  /**
   * Reads the begin line and opens the instance; refuses a begin line without what undo needs, an
   * instance that is gone, or one that is of another kind now.
   */
  static RecordedRelocation open(JournalReader.Contents contents, CommandRunner runner) throws RefusedException {
    requireOperation(contents);
    Map<String, String> p = contents.parameters();
    for (String key : List.of("instance", "from", "to", "kind")) {
      if (!p.containsKey(key)) {
        throw refusal(contents, "its begin line has no '" + key + "'");
      }
    }
    ManagedInstance instance;
    try {
      instance = ManagedInstance.open(Path.of(p.get("instance")), runner);
    } catch (IOException e) {
      throw refusal(contents, "the instance " + p.get("instance") + " is not known: " + e.getMessage());
    }
    if (!instance.descriptor().kind().equals(p.get("kind"))) {
      throw refusal(contents, p.get("instance") + " is a " + instance.descriptor().kind()
          + " instance now, the journal's was " + p.get("kind"));
    }
    return new RecordedRelocation(contents, instance, Path.of(p.get("from")), Path.of(p.get("to")));
  }

  /** Whether the move made its target directory ({@code --create-target}): its journal has that step for {@link #to}. */
  boolean madeTarget() {
    return journal.steps().stream().anyMatch(e -> e.text().equals(ManagedLogRelocation.MADE_TARGET)
        && to.toString().equals(e.detail().get("path")));
  }

  /** {@code cannot undo JOURNAL: WHY}. */
  static RefusedException refusal(JournalReader.Contents contents, String why) {
    return new RefusedException("cannot undo " + contents.file() + ": " + why);
  }

  RefusedException refusal(String why) {
    return refusal(journal, why);
  }
}
