package io.commitbench.cli;

import io.commitbench.storage.plan.Plan;
import java.io.PrintWriter;
import java.util.function.Consumer;

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

  /**
   * What the storage commands that remove or add to what exists share: shows the plan, makes the
   * checks (a dry run, too, says whether it would be refused), and with {@code --apply} applies it
   * and prints the line {@code apply} returns, saying what is there now.
   */
  static int showCheckApply(Plan plan, boolean apply, PrintWriter out, Check check, Apply act) throws Exception {
    show(plan, apply, out);
    check.run();
    if (apply) {
      out.println(act.apply());
      out.flush();
    }
    return ExitCodes.OK;
  }

  /** The checks of a command, refusing with exit 2 before anything changes. */
  @FunctionalInterface
  interface Check {
    void run() throws Exception;
  }

  /** The applying of a shown plan; returns what the output's last line says. */
  @FunctionalInterface
  interface Apply {
    String apply() throws Exception;
  }

  /** Where an applying plan shows its steps and actions as they run: {@code out}, a line at a time. */
  static Consumer<String> progress(PrintWriter out) {
    return line -> {
      out.println(line);
      out.flush();
    };
  }
}
