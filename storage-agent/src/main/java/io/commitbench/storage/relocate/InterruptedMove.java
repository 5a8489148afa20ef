package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * What the recovery of an interrupted relocation starts from, read from its journal and checked
 * against the instance: the move rebuilt between the recorded directories, whether the server ran
 * before it, and whether it is to be finished rather than rolled back.
 *
 * @param recorded the journal and the instance it names
 * @param move the interrupted move, from the recorded origin to the recorded target
 * @param wasRunning whether the server ran before the move (and is to run after the recovery)
 * @param finish the server may have run on the copy (the new log directory was recorded and no
 *     failure was being rolled back): the copy is the log, so the move is finished
 */
record InterruptedMove(RecordedRelocation recorded, ManagedLogRelocation move, boolean wasRunning, boolean finish) {

  /** Refuses an instance whose log is neither where the move took it from nor where to. */
  static InterruptedMove of(RecordedRelocation recorded, CommandRunner runner, Clock clock) throws RefusedException {
    Path logDir = recorded.instance().descriptor().logDir();
    if (!logDir.equals(recorded.from()) && !logDir.equals(recorded.to())) {
      throw recorded.refusal("the instance's log is in " + logDir + " now, neither where the interrupted relocation"
          + " took it from (" + recorded.from() + ") nor to (" + recorded.to() + "); look at the instance first");
    }
    ManagedLogRelocation move = ManagedRelocations.between(recorded.instance(), recorded.from(), recorded.to(),
        List.of(recorded.from(), recorded.to()), runner, clock);
    List<JournalEntry> steps = recorded.journal().steps();
    boolean failing = recorded.journal().entries().stream()
        .anyMatch(e -> e.event().equals("note") && e.text().startsWith(ManagedLogRelocation.FAILED));
    boolean ranOnCopy = steps.stream().anyMatch(e -> e.text().equals(ManagedLogRelocation.RECORDED_NEW))
        || logDir.equals(recorded.to());
    return new InterruptedMove(recorded, move, wasRunning(steps, recorded.instance()), ranOnCopy && !failing);
  }

  ManagedInstance instance() {
    return recorded.instance();
  }

  /** As the journal's first step says; else (an older journal) whether it stopped the server; else as it is now. */
  private static boolean wasRunning(List<JournalEntry> steps, ManagedInstance instance) throws RefusedException {
    for (JournalEntry e : steps) {
      if (e.text().equals(ManagedLogRelocation.LOCKED)) {
        return ManagedLogRelocation.RUNNING.equals(e.detail().get("server"));
      }
      if (e.text().equals(ManagedLogRelocation.STOPPED)) {
        return true;
      }
    }
    try {
      return instance.running();
    } catch (IOException e) {
      throw new RefusedException("cannot tell whether the server of " + instance.descriptor().instanceDir()
          + " runs, nor so how it was before the move: " + e.getMessage());
    }
  }
}
