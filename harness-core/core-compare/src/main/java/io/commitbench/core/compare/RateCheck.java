package io.commitbench.core.compare;

import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.TypeFigures;
import java.util.Locale;

/**
 * Whether a run with a target {@code rate} held it, from its summary alone.
 *
 * <p><b>Missed target</b>: the achieved rate (transactions per second over the measured time) is
 * below the target by more than the tolerance: the run's {@value #TOLERANCE_KEY} when its
 * configuration has one (a percentage, {@code 5} or {@code 5%}, or a fraction below 1, {@code
 * 0.05}), else {@value #DEFAULT_TOLERANCE_PERCENT} %.
 *
 * <p><b>Latency dominated by the backlog</b>: the run shed arrivals (it fell further behind its
 * schedule than {@code rate.backlog} allows), or a transaction type's response p50 reached half
 * of {@code rate.backlog}. Its response times then measure the queue of late arrivals, up to the
 * backlog's cap, rather than the database: the service times are the database's.
 *
 * @param target the target rate (tx/s), NaN without one
 * @param achieved the achieved rate (tx/s)
 * @param tolerance the share the achieved rate may fall short of the target
 * @param toleranceFromRun whether the tolerance is the run's own key (else the default)
 * @param shed arrivals shed because of the backlog
 * @param backlogMillis the backlog's cap in ms, NaN when unknown
 * @param slowestResponseP50 the highest response p50 of the run's transaction types (ms), NaN without one
 * @param runVerdict the run's own verdict ({@code rate.missed}), which also allows for the
 *     transactions in flight when the window closed; null for a summary without one
 */
public record RateCheck(double target, double achieved, double tolerance, boolean toleranceFromRun, long shed,
    double backlogMillis, double slowestResponseP50, Boolean runVerdict) {

  /** The key of a run's own tolerance, when its configuration has one. */
  public static final String TOLERANCE_KEY = "rate.tolerance";

  public static final int DEFAULT_TOLERANCE_PERCENT = 5;

  /** The share of the backlog's cap at which a response p50 means the queue, not the database. */
  private static final double BACKLOG_SHARE = 0.5;

  public static RateCheck of(RunSummary s) {
    String configured = s.config().get(TOLERANCE_KEY);
    double own = share(configured);
    double backlog = number(s.config().get(ParameterKeys.RATE_BACKLOG)) * 1000;
    double slowest = s.types().stream().map(TypeFigures::response).filter(l -> l != null)
        .mapToDouble(l -> l.p50()).filter(Double::isFinite).max().orElse(Double.NaN);
    return new RateCheck(s.targetRate(), s.transactionsPerSecond(), Double.isNaN(own) ? DEFAULT_TOLERANCE_PERCENT / 100.0 : own,
        !Double.isNaN(own), s.shedArrivals(), backlog, slowest, s.rateMissed());
  }

  public boolean rated() {
    return Double.isFinite(target) && target > 0;
  }

  /** Achieved over target, NaN without a target. */
  public double fraction() {
    return rated() ? achieved / target : Double.NaN;
  }

  /**
   * Whether the run fell short of its target rate by more than the tolerance: the run's own
   * verdict where its summary has one, else decided here from its figures.
   */
  public boolean missed() {
    if (runVerdict != null) {
      return rated() && runVerdict;
    }
    return rated() && Double.isFinite(achieved) && achieved < target * (1 - tolerance);
  }

  /** Whether the run's response times are those of its backlog, not of the database. */
  public boolean backlogged() {
    return rated() && (shed > 0 || Double.isFinite(backlogMillis) && slowestResponseP50 >= BACKLOG_SHARE * backlogMillis);
  }

  /** {@code achieved 130.2 tx/s of 200 (65.1 %; tolerance 5 %, the default)}. */
  public String missedText() {
    return String.format(Locale.ROOT, "missed its target rate: achieved %.1f tx/s of %s (%.1f %%; tolerance %s %%%s)",
        achieved, compact(target), 100 * fraction(), compact(100 * tolerance),
        toleranceFromRun ? ", its " + TOLERANCE_KEY : ", the default");
  }

  /** Why the run's response times are its backlog's. */
  public String backlogText() {
    StringBuilder b = new StringBuilder("latency dominated by the backlog: ");
    if (shed > 0) {
      b.append(String.format(Locale.ROOT, "%,d arrivals shed", shed));
    }
    if (Double.isFinite(backlogMillis) && slowestResponseP50 >= BACKLOG_SHARE * backlogMillis) {
      b.append(shed > 0 ? ", " : "").append(String.format(Locale.ROOT, "response p50 %.0f ms against a backlog cap of %.0f ms",
          slowestResponseP50, backlogMillis));
    }
    return b.append(": its response times measure the queue of late arrivals, not the database"
        + " (its service times are the database's)").toString();
  }

  private static String compact(double v) {
    return Math.abs(v - Math.rint(v)) < 1e-9 ? String.valueOf((long) Math.rint(v)) : String.format(Locale.ROOT, "%.1f", v);
  }

  /** A tolerance as a share: {@code 5} and {@code 5%} are 0.05, and so is {@code 0.05}; NaN when absent or unreadable. */
  static double share(String value) {
    if (value == null || value.isBlank()) {
      return Double.NaN;
    }
    String v = value.trim();
    boolean percent = v.endsWith("%");
    double n = number(percent ? v.substring(0, v.length() - 1) : v);
    if (!Double.isFinite(n) || n < 0) {
      return Double.NaN;
    }
    return percent || n >= 1 ? n / 100 : n;
  }

  private static double number(String value) {
    if (value == null || value.isBlank()) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(value.trim());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
