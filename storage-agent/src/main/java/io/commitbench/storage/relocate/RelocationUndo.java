package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.journal.JournalReader;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * Reverses a completed {@code relocate-log}: a new relocation, with its own journal, that moves
 * the log of the same instance back to the directory the journal recorded as its origin. Refuses
 * a journal that is not a completed relocation of a known instance, or an instance whose log has
 * moved since. {@link #reverse} also takes a relocation that never ended, and recovers it.
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
    RecordedRelocation.requireOperation(contents);
    if (!contents.completed()) {
      throw RecordedRelocation.refusal(contents, "the relocation did not complete (outcome: "
          + contents.outcome().orElse("none, it never ended") + "); a failed one was rolled back already, an"
          + " interrupted one (never ended) is recovered by 'commitbench storage undo " + contents.file() + " --apply'");
    }
    RecordedRelocation recorded = RecordedRelocation.open(contents, runner);
    if (!recorded.instance().descriptor().logDir().equals(recorded.to())) {
      throw recorded.refusal("the log of " + recorded.instance().descriptor().instanceDir() + " is in "
          + recorded.instance().descriptor().logDir() + " now, not in " + recorded.to()
          + " where this relocation put it");
    }
    Path origin = recorded.from();
    ManagedLogRelocation back = ManagedRelocations.forInstance(recorded.instance(), origin, List.of(origin), runner,
        clock);
    // A target the move made goes again with its undo, but only empty: what is in it stays.
    return recorded.madeTarget() ? back.removingOriginIfEmpty(recorded.to()) : back;
  }

  /**
   * What {@code storage undo} does with a managed relocation's journal: a completed move is moved
   * back ({@link #of}); one that never ended, because its process died, is recovered ({@link
   * RelocationRecovery}); a failed one was rolled back when it failed and is refused.
   */
  public static JournaledRelocation reverse(JournalReader.Contents contents, CommandRunner runner, Clock clock)
      throws RefusedException {
    RecordedRelocation.requireOperation(contents);
    if (contents.outcome().isEmpty()) {
      return RelocationRecovery.of(RecordedRelocation.open(contents, runner), runner, clock);
    }
    return of(contents, runner, clock);
  }
}
