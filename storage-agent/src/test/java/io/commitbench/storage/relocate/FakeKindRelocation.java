package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.plan.Action;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.plan.Step;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;

/**
 * The move of a {@code fake} instance's log file: copied to the target, the new directory recorded
 * by the generic steps, verified by its presence, the old file kept renamed. Just enough of a kind
 * for the generic relocation, undo and recovery to be tested without any real one.
 */
final class FakeKindRelocation extends ManagedLogRelocation {

  FakeKindRelocation(ManagedInstance instance, Path origin, Path target, List<Path> allowedRoots,
      CommandRunner runner, Clock clock) {
    super(instance, origin, target, allowedRoots, runner, clock);
  }

  @Override
  protected String logName() {
    return "fake log";
  }

  @Override
  protected String stopKind() {
    return "clean stop";
  }

  @Override
  protected void refuseIfOccupied() throws RefusedException {
    if (exists(copy())) {
      throw new RefusedException(copy() + " exists already");
    }
  }

  @Override
  protected List<Step> moveSteps() {
    return steps(Step.recordedByActions("copy the fake log (in-process)", Action.recorded(
        Command.of("cp", "-a", oldLog().toString(), copy().toString()).display(), () -> {
          long bytes = DurableCopy.copy(oldLog(), copy());
          return Action.Outcome.step("copied the fake log", Map.of("bytes", Long.toString(bytes)));
        })));
  }

  @Override
  protected List<Step> verifySteps() {
    return steps(Step.recordedByActions("verify: the copy is there", Action.recorded("test -f " + copy(), () -> {
      if (!Files.isRegularFile(copy())) {
        throw new IOException("no copy at " + copy());
      }
      return verified("the copy is there");
    })));
  }

  @Override
  protected List<Step> finishSteps() {
    return steps(keepOldLogStep("keep the old fake log, renamed", "kept the old fake log"));
  }

  @Override
  protected List<String> notes() {
    return List.of(keptNote());
  }

  @Override
  protected List<Step> restoreSteps() {
    if (!exists(copy())) {
      return steps();
    }
    return steps(Step.of("remove the copy " + copy() + " (the old fake log stays the log)", "removed the copy",
        Action.local("rm " + copy(), () -> Files.delete(copy()))));
  }
}
