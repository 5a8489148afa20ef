package io.commitbench.core.compare;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Whether a group's figure differs from the first group's by more than the run-to-run noise: a
 * percentile bootstrap 95% interval of the ratio of the means (each group's runs resampled with
 * replacement, 10,000 times, fixed seed so the same runs always give the same answer). The
 * difference exceeds the noise when the interval does not contain 1. With 3 runs a side the
 * interval is coarse (10 distinct resamples each) but honest about what 3 runs can show; fewer
 * than 2 runs on a side give no interval.
 */
public final class NoiseTest {

  public static final String METHOD = "bootstrap 95% interval of the ratio of means (10,000 resamples of the runs)";
  private static final int RESAMPLES = 10_000;
  private static final long SEED = 17;

  /**
   * @param low lower end of the interval of the ratio (NaN when there is none)
   * @param high upper end
   */
  public record Verdict(double low, double high) {

    public boolean known() {
      return !Double.isNaN(low);
    }

    /** Whether the difference is larger than the noise: the interval excludes 1. */
    public boolean exceedsNoise() {
      return known() && (low > 1.0 || high < 1.0);
    }

    public String label() {
      return !known() ? "n/a" : exceedsNoise() ? "exceeds noise" : "within noise";
    }
  }

  private NoiseTest() {}

  public static Verdict ratio(List<Double> first, List<Double> other) {
    double[] a = finite(first);
    double[] b = finite(other);
    if (a.length < 2 || b.length < 2) {
      return new Verdict(Double.NaN, Double.NaN);
    }
    SplittableRandom random = new SplittableRandom(SEED);
    double[] ratios = new double[RESAMPLES];
    int n = 0;
    for (int r = 0; r < RESAMPLES; r++) {
      double meanA = resampledMean(a, random);
      double meanB = resampledMean(b, random);
      if (meanA != 0) {
        ratios[n++] = meanB / meanA;
      }
    }
    if (n == 0) {
      return new Verdict(Double.NaN, Double.NaN);
    }
    double[] sorted = Arrays.copyOf(ratios, n);
    Arrays.sort(sorted);
    return new Verdict(sorted[(int) Math.floor(0.025 * (n - 1))], sorted[(int) Math.ceil(0.975 * (n - 1))]);
  }

  private static double resampledMean(double[] values, SplittableRandom random) {
    double sum = 0;
    for (int i = 0; i < values.length; i++) {
      sum += values[random.nextInt(values.length)];
    }
    return sum / values.length;
  }

  private static double[] finite(List<Double> values) {
    return values.stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).toArray();
  }
}
