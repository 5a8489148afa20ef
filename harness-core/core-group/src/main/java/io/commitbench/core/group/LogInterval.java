package io.commitbench.core.group;

import java.util.Locale;

/**
 * A 95% confidence interval for a positive quantity (a latency, a rate) over a few runs: Student's
 * t on the logarithms of the values, mapped back, {@code exp(m ± t·s/√n)} with m and s the mean
 * and standard deviation of {@code ln x}. Its centre is the geometric mean.
 *
 * <p>Why on the logarithm: a latency or a rate cannot be 0 or below, and its run-to-run noise is
 * multiplicative and skewed to the right (one slow run is far slower, never far faster). A
 * t-interval on the values themselves ignores both and, on 3 runs with one outlier, reaches below
 * zero; mapped back from the logarithm it stays above zero and is wider on the slow side, like the
 * data. A bootstrap percentile interval also stays in the domain, but on the 3 to 5 runs a group
 * has it has only 10 to 126 distinct resamples and never reaches beyond the slowest and fastest
 * run, so it claims more certainty than a handful of runs gives.
 *
 * @param centre the geometric mean, NaN when there is no interval
 * @param note why there is no interval or that it is rough, null when there is nothing to say
 */
record LogInterval(double centre, double low, double high, String note) {

  static final String METHOD = "95% interval of the geometric mean: Student's t on the logarithms of the values"
      + " (n-1 degrees of freedom), mapped back, so it stays above zero";
  /** Fewer runs than this give no interval: with 2, t has one degree of freedom and the interval is meaningless. */
  static final int MIN_RUNS = 3;
  /** Below this many runs the interval is given, but said to be rough. */
  static final int ROUGH_BELOW = 6;

  /** Two-sided 97.5% quantiles of Student's t for 1..30 degrees of freedom. */
  private static final double[] T975 = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
      2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052,
      2.048, 2.045, 2.042};
  private static final double Z975 = 1.959964;

  /** The interval of {@code values} (no NaN among them). */
  static LogInterval of(double[] values) {
    int n = values.length;
    if (n < MIN_RUNS) {
      return none(String.format(Locale.ROOT, "n = %d: too few runs for an interval (%d or more give one)", n,
          MIN_RUNS));
    }
    for (double v : values) {
      if (!(v > 0) || Double.isInfinite(v)) {
        return none("a run's value is " + v + ": no interval on the logarithm");
      }
    }
    double sum = 0;
    for (double v : values) {
      sum += Math.log(v);
    }
    double m = sum / n;
    double squares = 0;
    for (double v : values) {
      squares += (Math.log(v) - m) * (Math.log(v) - m);
    }
    double half = t975(n - 1) * Math.sqrt(squares / (n - 1)) / Math.sqrt(n);
    String note = n < ROUGH_BELOW ? String.format(Locale.ROOT, "rough: only %d runs", n) : null;
    return new LogInterval(Math.exp(m), Math.exp(m - half), Math.exp(m + half), note);
  }

  private static LogInterval none(String note) {
    return new LogInterval(Double.NaN, Double.NaN, Double.NaN, note);
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
