package io.commitbench.core.run;

import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.report.Leftover;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
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
    return of(result, leftovers, dbUser, false);
  }

  /**
   * The lines; empty for a clean run.
   *
   * @param serverLost whether the cleanup could not reach the server at all: the lines then end
   *     with the cleanup command that finds the objects by their marks once it answers again
   */
  static List<String> of(RunResult result, List<Leftover> leftovers, String dbUser, boolean serverLost) {
    List<String> lines = new ArrayList<>();
    if (result.outcome() == RunOutcome.COMPLETED) {
      failedStatements(result).ifPresent(lines::add);
    }
    if (!leftovers.isEmpty()) {
      lines.add(String.format(Locale.ROOT, "warning: the cleanup left %d object%s on the server; remove %s as %s with:",
          leftovers.size(), leftovers.size() == 1 ? "" : "s", leftovers.size() == 1 ? "it" : "them", dbUser));
      for (Leftover leftover : leftovers) {
        lines.add("  -- " + leftover.what() + ": " + leftover.reason());
        leftover.removal().forEach(sql -> lines.add("  " + sql + ";"));
      }
    }
    if (!leftovers.isEmpty() && serverLost) {
      // The objects carry the run's mark, by which cleanup finds them once the server answers.
      lines.add("  -- or: commitbench cleanup <the run's parameter file and --set options> --run-id " + result.runId()
          + " --apply");
    }
    return lines;
  }

  /**
   * The failed statements of the whole run, the measured ones and the warm-up's each with their
   * classes, so the total is the sum of what it lists; empty when none failed. The warm-up's count
   * too: they failed on the server all the same (errors.max counts them as well).
   */
  static Optional<String> failedStatements(RunResult result) {
    long measured = result.totals().errors();
    long warmup = result.warmup() == null ? 0 : result.warmup().errors();
    if (measured + warmup == 0) {
      return Optional.empty();
    }
    String parts;
    if (result.warmup() == null) {
      parts = "(" + byClass(result.totals()) + ")";
    } else if (warmup == 0) {
      parts = "in the measured window (" + byClass(result.totals()) + "), none in the warm-up";
    } else if (measured == 0) {
      parts = "in the warm-up (" + byClass(result.warmup()) + "), none in the measured window";
    } else {
      parts = String.format(Locale.ROOT, "in all: %,d in the measured window (%s) and %,d in the warm-up (%s)", measured,
          byClass(result.totals()), warmup, byClass(result.warmup()));
    }
    return Optional.of(String.format(Locale.ROOT, "warning: the run completed with %,d failed statement%s"
        + " %s, within %s", measured + warmup, measured + warmup == 1 ? "" : "s", parts,
        result.config().errorBudget()));
  }

  private static String byClass(RunTotals totals) {
    return totals.errorsByClass().entrySet().stream()
        .map(e -> e.getKey().label() + " " + e.getValue()).collect(Collectors.joining(", "));
  }
}
