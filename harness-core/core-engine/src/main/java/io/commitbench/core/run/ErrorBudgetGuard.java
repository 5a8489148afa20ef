package io.commitbench.core.run;

import io.commitbench.core.key.ErrorBudget;
import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import java.util.Locale;

/**
 * Stops the run once its failed statements exceed {@code errors.max}, checked at every interval
 * over the whole run (warm-up included: errors on a shared server count whenever they happen).
 * Called on the reporter's thread; {@link #exceeded} is read by the run after its actors ended.
 */
final class ErrorBudgetGuard implements IntervalSink {

  private final ErrorBudget budget;
  private final StopSignal stop;
  private long errors;
  private long attempts;
  private volatile String exceeded;

  ErrorBudgetGuard(ErrorBudget budget, StopSignal stop) {
    this.budget = budget;
    this.stop = stop;
  }

  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) {
    errors += stats.errors();
    for (IntervalStats.KindInterval kind : stats.kinds().values()) {
      attempts += kind.count() + kind.errors();
    }
    if (exceeded == null && budget.exceeded(errors, attempts)) {
      exceeded = String.format(Locale.ROOT, "too many errors: %,d of %,d statements failed, more than %s allows%s;"
          + " the run was stopped", errors, attempts, budget, budget.count() >= 0 ? ""
          : " (a share of at least " + ErrorBudget.MIN_BASE + " statements)");
      stop.request(exceeded);
    }
  }

  /** Why the run was stopped for its errors; null while within the budget. */
  String exceeded() {
    return exceeded;
  }

  @Override
  public void close() {
    // Holds no resources.
  }
}
