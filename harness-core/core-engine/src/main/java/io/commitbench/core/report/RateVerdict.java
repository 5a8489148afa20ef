package io.commitbench.core.report;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.measure.RunTotals;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a run at a target rate achieved it: the successful transactions per second of the
 * measured window against {@code rate}. It missed its target when it fell short by more than
 * {@code rate.tolerance} percent and by more transactions than its actors may have had in flight
 * as the window closed (one each), so a short run is not judged by the transactions cut off at
 * its end. A device that saturates below the rate shows here, where the figures alone would pass
 * for a clean run.
 *
 * @param target {@code rate}, transactions per second
 * @param achieved successful transactions per second of the measured window
 * @param tolerancePercent {@code rate.tolerance}
 * @param shortfallPercent how far {@code achieved} falls short of {@code target}, in percent of it;
 *     0 when it reached it
 * @param missed whether the run missed its target
 * @param fails {@code rate.miss.fail}: a missed target fails the run
 */
public record RateVerdict(long target, double achieved, int tolerancePercent, double shortfallPercent, boolean missed,
    boolean fails) {

  /** The verdict of a run at a rate that measured something; empty for a closed loop or an empty window. */
  public static Optional<RateVerdict> of(RunControl control, int users, RunTotals totals) {
    if (!control.rated() || totals.measuredNanos() <= 0) {
      return Optional.empty();
    }
    double seconds = totals.measuredNanos() / 1e9;
    double achieved = totals.transactionsPerSecond();
    double shortfall = Math.max(0, control.rate() - achieved);
    double shortfallPercent = shortfall * 100.0 / control.rate();
    boolean missed = shortfallPercent > control.rateTolerancePercent() && shortfall * seconds > users;
    return Optional.of(new RateVerdict(control.rate(), achieved, control.rateTolerancePercent(), shortfallPercent,
        missed, control.rateMissFails()));
  }

  /** What the run's last lines say of a missed target (a warning, or why the run failed). */
  public String message() {
    return String.format(Locale.ROOT, "the run missed its target rate: %.3f tx/s achieved of %d tx/s, %.1f%% short,"
        + " more than %s=%d%% allows", achieved, target, shortfallPercent, ParameterKeys.RATE_TOLERANCE,
        tolerancePercent);
  }
}
