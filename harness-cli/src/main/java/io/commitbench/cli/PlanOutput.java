package io.commitbench.cli;

import io.commitbench.storage.plan.Plan;
import java.io.PrintWriter;

/**
 * How every storage command that plans before it acts shows its plan: headed "applying" with
 * {@code --apply}, else as a dry run that says how to act, and flushed at once, so the plan is on
 * the screen before the checks or the first step run.
 */
final class PlanOutput {

  private PlanOutput() {}

  static void show(Plan plan, boolean apply, PrintWriter out) {
    plan.render(apply ? Plan.Mode.APPLYING : Plan.Mode.DRY_RUN).forEach(out::println);
    out.flush();
  }
}
