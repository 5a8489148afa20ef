package io.commitbench.core.results;

import java.util.Optional;

/**
 * What a reader must know first of a run that did not complete, the same words in every output
 * of {@code report} and {@code compare}: its outcome and what its figures are. {@code running} in a
 * summary read later is a run that was killed (or still measures): the summary is the one it
 * kept up to date while it measured.
 */
public final class Incompleteness {

  private Incompleteness() {}

  /** Whether the run completed: every outcome but {@code completed} (none recorded included) is incomplete. */
  public static boolean completed(RunSummary s) {
    return "completed".equals(s.outcome());
  }

  /** {@code outcome running: the run did not end (...)}, or empty for a completed run. */
  public static Optional<String> of(RunSummary s) {
    if (completed(s)) {
      return Optional.empty();
    }
    String outcome = s.outcome() == null ? "(none recorded)" : s.outcome();
    String nothing = Double.isNaN(s.transactionsPerSecond())
        ? "; it measured nothing before it ended, so it has no throughput" : "";
    String why = switch (outcome) {
      case "running" -> "the run did not end (killed, or still measuring): its figures are those its summary held"
          + " last, written while it measured" + nothing;
      case "interrupted" -> "the run was interrupted: its figures are those of the time it measured" + nothing;
      case "failed" -> "the run failed" + (s.failure() == null ? "" : ": " + s.failure()) + nothing;
      default -> "the run's outcome is unknown" + nothing;
    };
    return Optional.of("outcome " + outcome + ": " + why);
  }
}
