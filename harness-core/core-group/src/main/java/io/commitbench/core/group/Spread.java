package io.commitbench.core.group;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How one figure varied over a group's runs: median, min, max, mean, and a 95% confidence interval
 * of its typical value that stays in the figure's domain ({@link LogInterval}: every figure a group
 * summarizes, throughput and latencies, is positive). Values that are NaN (a figure a run did not
 * have) are left out. With fewer than {@link LogInterval#MIN_RUNS} values, or a value of 0 or below,
 * there is no interval (NaN), and {@link #note} says why; with few values it says the interval is rough.
 *
 * @param values the values used, in run order
 * @param geometricMean the centre of the interval: exp of the mean of the logarithms (NaN without one)
 * @param note why there is no interval, or that it is rough; null when there is nothing to say
 */
public record Spread(List<Double> values, double median, double min, double max, double mean, double geometricMean,
    double ciLow, double ciHigh, String note) {

  /** What the interval is, for every output that shows it. */
  public static final String METHOD = LogInterval.METHOD;

  public Spread {
    values = List.copyOf(values);
  }

  public static Spread of(List<Double> all) {
    double[] v = all.stream().filter(d -> !Double.isNaN(d)).mapToDouble(Double::doubleValue).toArray();
    List<Double> used = Arrays.stream(v).boxed().toList();
    if (v.length == 0) {
      return new Spread(used, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
          "no run has this figure");
    }
    double[] sorted = v.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    double mean = Arrays.stream(v).average().orElse(Double.NaN);
    LogInterval interval = LogInterval.of(v);
    return new Spread(used, median, sorted[0], sorted[n - 1], mean, interval.centre(), interval.low(),
        interval.high(), interval.note());
  }

  /** The number of values used. */
  public int n() {
    return values.size();
  }

  /** Whether there is an interval. */
  public boolean hasInterval() {
    return !Double.isNaN(ciLow);
  }

  /** {@code low .. high}, or {@code -} without an interval. */
  public String intervalText() {
    return hasInterval() ? String.format(Locale.ROOT, "%.3f .. %.3f", ciLow, ciHigh) : "-";
  }
}
