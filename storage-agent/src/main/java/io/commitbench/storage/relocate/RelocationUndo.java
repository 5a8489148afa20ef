package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * Reverses a completed {@code relocate-log}: a new relocation, with its own journal, that moves
 * the log of the same instance back to the directory the journal recorded as its origin. Refuses
 * a journal that is not a completed relocation of a known instance, or an instance whose log has
 * moved since.
 */
public final class RelocationUndo {

  private RelocationUndo() {}

  /** The relocation that moves the log back; check it with {@code plan()} and run it with {@code apply}. */
  public static ManagedLogRelocation of(Path journal, CommandRunner runner, Clock clock) throws RefusedException {
    JournalReader.Contents contents;
    try {
      contents = JournalReader.read(journal);
    } catch (IOException e) {
      throw new RefusedException("cannot undo " + journal + ": " + e.getMessage());
    }
    return of(contents, runner, clock);
  }

  /** The same for a journal already read (by a caller that dispatched on its operation). */
  public static ManagedLogRelocation of(JournalReader.Contents contents, CommandRunner runner, Clock clock)
      throws RefusedException {
    Path journal = contents.file();
    if (!ManagedLogRelocation.OPERATION.equals(contents.operation())) {
      throw new RefusedException("cannot undo " + journal + ": it records '" + contents.operation()
          + "'; this undoes " + ManagedLogRelocation.OPERATION + " journals");
    }
    if (!contents.completed()) {
      throw new RefusedException("cannot undo " + journal + ": the relocation did not complete (outcome: "
          + contents.outcome().orElse("none, it never ended") + "); a failed one was rolled back already,"
          + " an unfinished one needs a look at the instance first");
    }
    Map<String, String> p = contents.parameters();
    for (String key : List.of("instance", "from", "to", "kind")) {
      if (!p.containsKey(key)) {
        throw new RefusedException("cannot undo " + journal + ": its begin line has no '" + key + "'");
      }
    }
    ManagedInstance instance;
    try {
      instance = ManagedInstance.open(Path.of(p.get("instance")), runner);
    } catch (IOException e) {
      throw new RefusedException("cannot undo " + journal + ": the instance " + p.get("instance")
          + " is not known: " + e.getMessage());
    }
    if (!instance.descriptor().kind().equals(p.get("kind"))) {
      throw new RefusedException("cannot undo " + journal + ": " + p.get("instance") + " is a "
          + instance.descriptor().kind() + " instance now, the journal's was " + p.get("kind"));
    }
    Path to = Path.of(p.get("to"));
    if (!instance.descriptor().logDir().equals(to)) {
      throw new RefusedException("cannot undo " + journal + ": the log of " + p.get("instance") + " is in "
          + instance.descriptor().logDir() + " now, not in " + to + " where this relocation put it");
    }
    Path origin = Path.of(p.get("from"));
    return ManagedRelocations.forInstance(instance, origin, List.of(origin), runner, clock);
  }
}
