package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.journal.JournalEntry;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.util.List;

/**
 * The plan of a {@link RelocationRecovery}: the steps it takes for the instance as it is now (only
 * what finds something to do), and notes that say what the interrupted journal shows and why the
 * move is rolled back or finished.
 */
final class RecoveryPlan {

  private final RecordedRelocation recorded;
  private final ManagedLogRelocation move;
  private final ManagedInstance instance;
  private final boolean wasRunning;
  private final boolean finish;
  private final boolean runningNow;

  /** @param runningNow whether the server runs now */
  RecoveryPlan(InterruptedMove interrupted, boolean runningNow) {
    this.recorded = interrupted.recorded();
    this.move = interrupted.move();
    this.instance = interrupted.instance();
    this.wasRunning = interrupted.wasRunning();
    this.finish = interrupted.finish();
    this.runningNow = runningNow;
  }

  Plan build() {
    InstanceDescriptor d = instance.descriptor();
    Plan.Builder plan = new Plan.Builder("recover the interrupted move of the " + move.logName() + " of " + d.kind()
        + " instance " + d.instanceDir() + " from " + recorded.from() + " to " + recorded.to() + ": "
        + (finish ? "finish it" : "roll back"));
    plan.step(RelocationRecovery.inProcess("take over the relocation lock " + move.lock().file()));
    (finish ? finishSteps() : rollBackSteps()).forEach(plan::step);
    plan.step(PlannedStep.of("release the relocation lock", Command.of("rm", move.lock().file().toString())));
    plan.step(RelocationRecovery.inProcess("end the interrupted journal " + recorded.journal().file() + ": "
        + (finish ? "completed" : "rolled back") + ", naming this recovery's journal"));
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

  private List<PlannedStep> rollBackSteps() {
    InstanceDescriptor d = instance.descriptor();
    List<PlannedStep> restore = move.restoreSteps();
    boolean descriptorMoved = !d.logDir().equals(recorded.from());
    List<PlannedStep> steps = ManagedLogRelocation.steps();
    if (runningNow && (!restore.isEmpty() || descriptorMoved || !wasRunning)) {
      steps.add(PlannedStep.of("stop the server (" + move.stopKind() + ")", RelocationRecovery.stopCommands(instance)));
    }
    steps.addAll(restore);
    if (recorded.madeTarget()) {
      steps.add(ManagedLogRelocation.removeMadeStep(recorded.to()));
    }
    if (descriptorMoved) {
      steps.add(RelocationRecovery.inProcess("record the old log directory " + recorded.from() + " in "
          + d.instanceDir().resolve(InstanceDescriptor.FILE)));
    }
    if (wasRunning) {
      steps.add(PlannedStep.of("start the server with its log in " + recorded.from() + ", as it was",
          instance.engine().startCommand(d.withLogDir(recorded.from()))));
    }
    return steps;
  }

  private List<PlannedStep> finishSteps() {
    InstanceDescriptor d = instance.descriptor();
    List<PlannedStep> steps = ManagedLogRelocation.steps();
    if (runningNow) {
      steps.add(PlannedStep.of("stop the server (" + move.stopKind() + "), to verify a fresh start",
          RelocationRecovery.stopCommands(instance)));
    }
    steps.add(PlannedStep.of("start the server with its log in " + recorded.to(),
        instance.engine().startCommand(d.withLogDir(recorded.to()))));
    steps.addAll(move.verifySteps());
    if (Files.exists(move.oldLog(), LinkOption.NOFOLLOW_LINKS)) {
      steps.addAll(move.finishSteps());
    }
    if (!wasRunning) {
      steps.add(PlannedStep.of("stop the server again, as it was before the move",
          RelocationRecovery.stopCommands(instance)));
    }
    return steps;
  }
}
