package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.LockHolder;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Recovers a relocation of a managed instance's log whose process died before its journal ended
 * (killed, the host went down): afterwards the server runs (or not) as before the move, nothing
 * half-made is left and the lock is gone. What it does follows from the journal, checked against
 * what it finds:
 *
 * <ul>
 *   <li><b>roll back</b> while the server never ran on the copy (the journal has no {@link
 *       ManagedLogRelocation#RECORDED_NEW} step): the old log is complete and still the log, so the
 *       copy, partial or not, is removed, the link or descriptor put back, and the server started
 *       again if it ran before;
 *   <li><b>finish</b> once it may have (the new directory was recorded, and the server was started
 *       on it and written to): the copy is the log now and the old one stale, so the move is
 *       finished as it would have been (restart on the copy, verify, keep or delete the old log,
 *       stop again if it was stopped); {@code undo} of the same journal then moves it back.
 * </ul>
 *
 * A move that had failed and was rolling back when it died ({@code failed:} noted) is rolled back.
 * The recovery writes its own journal; the interrupted one gets an end line naming it, so it reads
 * as ended and is not recovered twice. A recovery that is itself interrupted is run again the
 * same way: every action is decided by what is found. Not thread-safe.
 */
public final class RelocationRecovery implements JournaledRelocation {

  /** The operation name on the recovery's own journal. */
  public static final String OPERATION = "relocate-log-recovery";

  private final InterruptedMove interrupted;
  private final RecordedRelocation recorded;
  private final ManagedLogRelocation move;
  private final ManagedInstance instance;
  private final boolean finish;
  /** The journal this recovery writes, once it applies. */
  private Path journal;

  private RelocationRecovery(InterruptedMove interrupted) {
    this.interrupted = interrupted;
    this.recorded = interrupted.recorded();
    this.move = interrupted.move();
    this.instance = interrupted.instance();
    this.finish = interrupted.finish();
  }

  /** The recovery of the interrupted relocation its journal records; refuses while the relocation still runs. */
  static RelocationRecovery of(RecordedRelocation recorded, CommandRunner runner, Clock clock)
      throws RefusedException {
    InterruptedMove interrupted = InterruptedMove.of(recorded, runner, clock);
    requireDeadHolder(recorded, interrupted.move());
    return new RelocationRecovery(interrupted);
  }

  /** Refuses while the lock's process still runs, or when the lock is another relocation's. */
  private static void requireDeadHolder(RecordedRelocation recorded, ManagedLogRelocation move)
      throws RefusedException {
    Optional<LockHolder> holder;
    try {
      holder = move.lock().holder();
    } catch (IOException e) {
      throw recorded.refusal("its lock " + move.lock().file() + " cannot be read: " + e.getMessage());
    }
    if (holder.isPresent() && holder.get().alive()) {
      throw recorded.refusal("the relocation is still running: " + move.lock().file() + " is held by "
          + holder.get().describe() + "; wait until it ends");
    }
    Path journal = recorded.journal().file().toAbsolutePath().normalize();
    if (holder.isPresent() && !Path.of(holder.get().journal()).toAbsolutePath().normalize().equals(journal)) {
      throw recorded.refusal("the lock " + move.lock().file() + " is for another relocation, journal "
          + holder.get().journal() + "; recover that one");
    }
  }

  @Override
  public String operation() {
    return OPERATION;
  }

  @Override
  public Map<String, String> journalParameters() {
    return Map.of("journal", recorded.journal().file().toAbsolutePath().toString(), "instance",
        instance.descriptor().instanceDir().toString(), "kind", instance.descriptor().kind(), "from",
        recorded.from().toString(), "to", recorded.to().toString(), "action", finish ? "finish" : "roll back");
  }

  /** {@code INSTANCE/journals/relocate-log-recovery-<time>.journal}, next to the journal it recovers. */
  @Override
  public Path defaultJournal() {
    return Journal.timestampedFile(instance.descriptor().instanceDir().resolve(InstanceDescriptor.JOURNALS),
        OPERATION);
  }

  @Override
  public List<String> remarks() {
    return move.remarks();
  }

  @Override
  public String done() {
    return finish ? "finished the interrupted move" : "rolled the interrupted move back";
  }

  @Override
  public Plan plan() throws RefusedException {
    return recoveryPlan().build();
  }

  /** Checks again that the relocation's process is gone, and plans for the instance as it is now. */
  private RecoveryPlan recoveryPlan() throws RefusedException {
    requireDeadHolder(recorded, move);
    boolean runningNow;
    try {
      runningNow = instance.running();
    } catch (IOException e) {
      throw recorded.refusal("cannot tell whether the server of " + instance.descriptor().instanceDir() + " runs: "
          + e.getMessage());
    }
    return new RecoveryPlan(interrupted, runningNow, () -> journal);
  }

  /**
   * Plans again and applies that plan's steps: the lock taken over first; a failure after that
   * ends this journal saying the lock stays for the next recovery.
   */
  @Override
  public void apply(Applier applier) throws Exception {
    RecoveryPlan plan = recoveryPlan();
    journal = applier.journal().file();
    move.journaledIn(journal);
    applier.apply(List.of(plan.takeOver()));
    try {
      applier.apply(plan.steps());
    } catch (Exception failure) {
      applier.end(ManagedLogRelocation.FAILED + failure.getMessage() + "; the lock " + move.lock().file()
          + " stays; fix the cause and run 'commitbench storage undo " + recorded.journal().file()
          + " --apply' again");
      throw failure;
    }
    applier.completed();
  }
}
