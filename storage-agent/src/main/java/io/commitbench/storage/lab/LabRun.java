package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** Runs a list of lab steps in order, numbered on the progress stream; renders them as a plan. */
final class LabRun {

  private LabRun() {}

  static Plan plan(String title, List<LabStep> steps, LabState state, List<String> notes) {
    Plan.Builder plan = new Plan.Builder(title);
    // The same method builds what apply runs: given the state before up, it shows placeholders
    // (SSD_LOOP) for what losetup decides; given the state at run time, the devices themselves.
    steps.forEach(s -> plan.step(new PlannedStep(s.description(), s.actions(state))));
    notes.forEach(plan::note);
    return plan.build();
  }

  /** Applies the steps; on a failure the context's state holds what exists, and the failure is thrown. */
  static void apply(List<LabStep> steps, StepContext context, PrintStream progress) throws IOException {
    for (int i = 0; i < steps.size(); i++) {
      LabStep step = steps.get(i);
      progress.printf("  %2d. %s%n", i + 1, step.description());
      step.apply(context);
      context.applier().endOfStep();
    }
  }

  /** {@code ROOT/journal/lab-OPERATION-yyyyMMdd-HHmmss-SSS.journal}. */
  static Path journalFile(Path root, String operation) {
    return Journal.timestampedFile(root.resolve("journal"), "lab-" + operation);
  }
}
