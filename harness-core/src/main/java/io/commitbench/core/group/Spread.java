package io.commitbench.core.group;

import java.util.Arrays;
import java.util.List;

/**
 * How one figure varied over a group's runs: median, min, max, mean and a 95% confidence
 * interval of the mean, t-based (Student's t with n-1 degrees of freedom: mean ± t·s/√n). The
 * t-interval suits the few runs a group has (a bootstrap over 3 values has only 10 distinct
 * resamples); it assumes the runs' values are roughly normal around their mean. Values that are
 * NaN (a figure a run did not have) are left out; with fewer than 2 values there is no interval
 * (NaN).
 *
 * @param values the values used, in run order
 */
public record Spread(List<Double> values, double median, double min, double max, double mean, double ciLow,
    double ciHigh) {

  /** What the interval is, for every output that shows it. */
  public static final String METHOD = "95% t-interval of the mean (Student's t, n-1 degrees of freedom)";

  /** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom. */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
      2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052,
      2.048, 2.045, 2.042};
  private static final double Z975 = 1.959964;

  public static Spread of(List<Double> all) {
    double[] v = all.stream().filter(d -> !Double.isNaN(d)).mapToDouble(Double::doubleValue).toArray();
    List<Double> used = Arrays.stream(v).boxed().toList();
    if (v.length == 0) {
      return new Spread(used, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
    }
    double[] sorted = v.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    double mean = Arrays.stream(v).average().orElse(Double.NaN);
    if (n < 2) {
      return new Spread(used, median, sorted[0], sorted[n - 1], mean, Double.NaN, Double.NaN);
    }
    double squares = 0;
    for (double x : v) {
      squares += (x - mean) * (x - mean);
    }
    double half = t975(n - 1) * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
    return new Spread(used, median, sorted[0], sorted[n - 1], mean, mean - half, mean + half);
  }

  /** Student's t 97.5% quantile; beyond 30 degrees of freedom the Cornish-Fisher expansion around the normal's. */
  static double t975(int degreesOfFreedom) {
    if (degreesOfFreedom <= T975.length) {
      return T975[degreesOfFreedom - 1];
    }
    double z = Z975;
    return z + (z * z * z + z) / (4.0 * degreesOfFreedom);
  }
}
