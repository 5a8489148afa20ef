package io.commitbench.core.compare;

import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.ServerFigure;
import io.commitbench.core.server.LogCounterNames;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether other clients worked on the server while a run measured, judged from its summary: the
 * server's counters are server-wide, so their traffic is in them.
 *
 * <p>The run's own commits are at most its transactions: each commits once or rolls back (an
 * autocommitted statement is a transaction of its own, a read-only transaction commits too), and
 * the warm-up's transactions are counted as the run's whether or not the counters cover the
 * warm-up. Beside them the run's sessions commit a little of their own: the admin session's
 * setup and readings, each session's opening and closing. So the server was shared when it
 * counted more commits than
 *
 * <pre>
 *   1.1 × (transactions + warm-up transactions) + 50 + 20 × users
 * </pre>
 *
 * <p>A run alone on its server stays well under that line (the sessions' own commits are a few
 * per user); a third client that commits a tenth as much as the run on top crosses it. A run whose
 * server counts no commits (H2) or whose counters were not read is never judged shared.
 *
 * @param serverCommits what the server counted over the run
 * @param ownTransactions the run's transactions, warm-up included
 * @param limit the most the run alone may have made the server count
 */
public record SharedServer(double serverCommits, long ownTransactions, double limit) {

  static final double OWN_SHARE = 1.1;
  static final int SESSIONS_BASE = 50;
  static final int PER_USER = 20;

  /** The evidence that the server was shared during the run, or empty when it was not (or cannot be told). */
  public static Optional<SharedServer> of(RunSummary s) {
    ServerFigure commits = s.serverCounter(LogCounterNames.COMMITS);
    if (commits == null || !commits.present() || !Double.isFinite(commits.value())) {
      return Optional.empty();
    }
    long own = s.transactions() + s.warmupTransactions();
    double limit = OWN_SHARE * own + SESSIONS_BASE + PER_USER * users(s);
    return commits.value() > limit ? Optional.of(new SharedServer(commits.value(), own, limit)) : Optional.empty();
  }

  /** {@code the server counted 52,275 commits, the run made 20,026 transactions (warm-up included)}. */
  public String text() {
    return String.format(Locale.ROOT, "shared server: not the run's own: the server counted %,.0f commits while the run"
        + " made %,d transactions (warm-up included; at most %,.0f would be its own): other clients' work is in its"
        + " server-wide counters", serverCommits, ownTransactions, limit);
  }

  private static int users(RunSummary s) {
    try {
      return Math.max(1, Integer.parseInt(s.config().getOrDefault("users", "1").trim()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }
}
