package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.plan.Action;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.Step;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The plan of a {@link RelocationRecovery}: the steps it takes for the instance as it is now (only
 * what finds something to do), which the recovery applies as they are shown, and notes that say
 * what the interrupted journal shows and why the move is rolled back or finished.
 */
final class RecoveryPlan {

  private final RecordedRelocation recorded;
  private final ManagedLogRelocation move;
  private final ManagedInstance instance;
  private final boolean wasRunning;
  private final boolean finish;
  private final boolean runningNow;
  private final Step takeOver;
  private final List<Step> steps;

  /**
   * @param runningNow whether the server runs now
   * @param recovery the journal the recovery writes, which the lock and the interrupted journal then
   *     name; asked only when the steps run
   */
  RecoveryPlan(InterruptedMove interrupted, boolean runningNow, Supplier<Path> recovery) {
    this.recorded = interrupted.recorded();
    this.move = interrupted.move();
    this.instance = interrupted.instance();
    this.wasRunning = interrupted.wasRunning();
    this.finish = interrupted.finish();
    this.runningNow = runningNow;
    this.takeOver = Step.of("take over the relocation lock " + move.lock().file(), "took over the relocation lock",
        Action.inProcess("replace " + move.lock().file() + " atomically, naming this process and its journal",
            () -> move.lock().takeOver(recorded.journal().file(), recovery.get())))
        .withDetail(Map.of("lock", move.lock().file().toString()));
    this.steps = steps(recovery);
  }

  /** The first step, taking over the lock: the recovery's failures after it leave the lock to a next one. */
  Step takeOver() {
    return takeOver;
  }

  /** The steps after {@link #takeOver}, in order. */
  List<Step> steps() {
    return steps;
  }

  Plan build() {
    InstanceDescriptor d = instance.descriptor();
    Plan.Builder plan = new Plan.Builder("recover the interrupted move of the " + move.logName() + " of " + d.kind()
        + " instance " + d.instanceDir() + " from " + recorded.from() + " to " + recorded.to() + ": "
        + (finish ? "finish it" : "roll back"));
    plan.step(takeOver);
    steps.forEach(plan::step);
    plan.note("the interrupted journal's steps: " + String.join("; ", recorded.journal().steps().stream()
        .map(JournalEntry::text).toList()) + " (and nothing after: its process died)");
    plan.note("the server " + (wasRunning ? "was running" : "was stopped") + " before the move, and is left "
        + (wasRunning ? "running" : "stopped"));
    plan.note(finish
        ? "the new log directory was recorded, so the server may have written to the copy: the copy is the log now"
            + " and the move is finished, not rolled back; to move the log back afterwards: commitbench storage undo "
            + recorded.journal().file() + " --apply"
        : "the server never ran on the copy, so the old log is complete: the copy goes, the log stays in "
            + recorded.from());
    return plan.build();
  }

  private List<Step> steps(Supplier<Path> recovery) {
    List<Step> all = new ArrayList<>(finish ? finishSteps() : rollBackSteps());
    all.add(Step.of("release the relocation lock", "released the relocation lock",
        Action.local(Command.of("rm", move.lock().file().toString()).display(), () -> move.lock().release())));
    String outcome = finish ? Journal.COMPLETED : "interrupted; rolled back by recovery, the log is in " + recorded.from();
    all.add(Step.of("end the interrupted journal " + recorded.journal().file() + ": "
        + (finish ? "completed" : "rolled back") + ", naming this recovery's journal", "ended the interrupted journal",
        Action.inProcess("append the outcome to " + recorded.journal().file(), () -> {
          try (Journal old = Journal.reopen(recorded.journal().file())) {
            old.note("interrupted; recovered by " + recovery.get());
            if (finish) {
              old.completed(); // so that undo of it moves the log back, as of any completed move
            } else {
              old.end(outcome);
            }
          }
        })).withDetail(Map.of("journal", recorded.journal().file().toString(), "outcome", outcome)));
    return all;
  }

  private List<Step> rollBackSteps() {
    InstanceDescriptor d = instance.descriptor();
    List<Step> restore = move.restoreSteps();
    boolean descriptorMoved = !d.logDir().equals(recorded.from());
    List<Step> steps = new ArrayList<>();
    if (runningNow && (!restore.isEmpty() || descriptorMoved || !wasRunning)) {
      steps.add(move.stopStep("stop the server (" + move.stopKind() + ")"));
    }
    steps.addAll(restore);
    if (recorded.madeTarget()) {
      steps.add(move.removeMadeStep(recorded.to()));
    }
    if (descriptorMoved) {
      steps.add(Step.of("record the old log directory " + recorded.from() + " in "
          + d.instanceDir().resolve(InstanceDescriptor.FILE), "recorded the old log directory in the instance descriptor",
          Action.local(d.instanceDir().resolve(InstanceDescriptor.FILE) + ": \"logDir\": \"" + recorded.from() + "\"",
              () -> instance.recordLogDir(recorded.from())))
          .withDetail(Map.of("logDir", recorded.from().toString())));
    }
    if (wasRunning) {
      steps.add(Step.recordedByActions("start the server with its log in " + recorded.from() + ", as it was",
          Action.recorded(instance.engine().startCommand(d.withLogDir(recorded.from())).display(),
              () -> instance.start() ? Action.Outcome.step("started the server with its log in " + recorded.from(),
                  Map.of()) : Action.Outcome.none())));
    }
    return steps;
  }

  private List<Step> finishSteps() {
    List<Step> steps = new ArrayList<>();
    if (runningNow) {
      steps.add(move.stopStep("stop the server (" + move.stopKind() + "), to verify a fresh start"));
    }
    steps.add(move.startStep());
    steps.addAll(move.verifySteps());
    if (Files.exists(move.oldLog(), LinkOption.NOFOLLOW_LINKS)) { // finished already when it is gone
      steps.addAll(move.finishSteps());
    }
    if (!wasRunning) {
      steps.add(move.stopAgainStep("stop the server again, as it was before the move"));
    }
    return steps;
  }
}
