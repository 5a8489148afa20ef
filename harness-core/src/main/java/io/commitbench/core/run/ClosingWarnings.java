package io.commitbench.core.run;

import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The report's last lines when a run was not clean: a completed run that had failed statements,
 * and whatever its cleanup left on the server with the statements that remove it. They come
 * last so that they are what a user sees when the run ends, and a completed run that has them
 * exits with its own code.
 */
final class ClosingWarnings {

  private ClosingWarnings() {}

  /** The lines; empty for a clean run. */
  static List<String> of(RunResult result, List<Leftover> leftovers, String dbUser) {
    List<String> lines = new ArrayList<>();
    long errors = result.totals().errors() + (result.warmup() == null ? 0 : result.warmup().errors());
    if (result.outcome() == RunOutcome.COMPLETED && errors > 0) {
      lines.add(String.format(Locale.ROOT, "warning: the run completed with %,d failed statements (%s, within %s);"
          + " see the errors by class above", errors, byClass(result), result.config().errorBudget()));
    }
    if (!leftovers.isEmpty()) {
      lines.add(String.format(Locale.ROOT, "warning: the cleanup left %d object%s on the server; remove %s as %s with:",
          leftovers.size(), leftovers.size() == 1 ? "" : "s", leftovers.size() == 1 ? "it" : "them", dbUser));
      for (Leftover leftover : leftovers) {
        lines.add("  -- " + leftover.what() + ": " + leftover.reason());
        leftover.removal().forEach(sql -> lines.add("  " + sql + ";"));
      }
    }
    return lines;
  }

  private static String byClass(RunResult result) {
    return result.totals().errorsByClass().entrySet().stream()
        .map(e -> e.getKey().label() + " " + e.getValue()).collect(Collectors.joining(", "));
  }
}
