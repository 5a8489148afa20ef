package io.commitbench.core.workload.script.expr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/**
 * The random functions' distributions over 100,000 draws from a fixed seed, against the definitions
 * of the pgbench 15 documentation ("Random Functions"): the mean and a few probabilities, each
 * computed from the definition, within 2 % of it.
 */
class RandomFunctionsTest {
  private static final int DRAWS = 100_000;
  private static final long MIN = 1;
  private static final long MAX = 100;
  private static final int N = (int) (MAX - MIN + 1);
  private static final double TOLERANCE = 0.02;

  /** Frequencies of 1..100 from {@code DRAWS} evaluations; every draw must be in range. */
  private static double[] frequencies(String expression) throws Exception {
    Expression parsed = Expression.parse(expression);
    MapContext context = new MapContext(20240101L);
    double[] frequency = new double[N + 1];
    for (int i = 0; i < DRAWS; i++) {
      long value = parsed.evaluate(context).asInt();
      assertThat(value).as(expression).isBetween(MIN, MAX);
      frequency[(int) value] += 1.0 / DRAWS;
    }
    return frequency;
  }

  private static double mean(double[] probability) {
    double mean = 0;
    for (int i = 1; i <= N; i++) {
      mean += i * probability[i];
    }
    return mean;
  }

  private static double sum(double[] probability, int from, int to) {
    double total = 0;
    for (int i = from; i <= to; i++) {
      total += probability[i];
    }
    return total;
  }

  private static void assertClose(double actual, double expected, String what) {
    assertThat(actual).as(what).isCloseTo(expected, within(Math.abs(expected) * TOLERANCE));
  }

  @Test
  void uniform() throws Exception {
    double[] drawn = frequencies("random(1, 100)");
    assertClose(mean(drawn), 50.5, "mean");
    assertClose(sum(drawn, 1, 25), 0.25, "P(x <= 25)");
    assertClose(sum(drawn, 76, 100), 0.25, "P(x > 75)");
    assertThat(drawn[1]).as("the lower bound is drawn").isPositive();
    assertThat(drawn[100]).as("the upper bound is drawn").isPositive();
  }

  /** P(i) = f(i) - f(i + 1), f(x) = exp(-parameter * (x - min) / (max - min + 1)) / (1 - exp(-parameter)). */
  @Test
  void exponential() throws Exception {
    double parameter = 3.0;
    double[] defined = new double[N + 1];
    for (int i = 1; i <= N; i++) {
      defined[i] = exponentialF(i, parameter) - exponentialF(i + 1, parameter);
    }
    double[] drawn = frequencies("random_exponential(1, 100, 3.0)");
    assertClose(mean(drawn), mean(defined), "mean");
    assertClose(sum(drawn, 1, 25), sum(defined, 1, 25), "P(x <= 25)");
    assertClose(sum(drawn, 1, 50), sum(defined, 1, 50), "P(x <= 50)");
    assertClose(drawn[1], defined[1], "P(1)");
  }

  private static double exponentialF(double x, double parameter) {
    return Math.exp(-parameter * (x - MIN) / N) / (1 - Math.exp(-parameter));
  }

  /**
   * P(i) = f(i + 0.5) - f(i - 0.5), f(x) = PHI(2 * parameter * (x - mu) / (max - min + 1)) /
   * (2 * PHI(parameter) - 1), mu = (max + min) / 2: one standard deviation is n / (2 * parameter).
   */
  @Test
  void gaussian() throws Exception {
    double parameter = 2.5;
    double mu = (MAX + MIN) / 2.0;
    double[] defined = new double[N + 1];
    for (int i = 1; i <= N; i++) {
      defined[i] = gaussianF(i + 0.5, mu, parameter) - gaussianF(i - 0.5, mu, parameter);
    }
    assertThat(sum(defined, 1, N)).isCloseTo(1.0, within(1e-6));
    double[] drawn = frequencies("random_gaussian(1, 100, 2.5)");
    assertClose(mean(drawn), mu, "mean");
    assertClose(sum(drawn, 31, 70), sum(defined, 31, 70), "P(within one standard deviation)");
    assertClose(sum(drawn, 26, 75), sum(defined, 26, 75), "P(middle half)");
    assertClose(sum(drawn, 1, 50), 0.5, "P(lower half)");
  }

  private static double gaussianF(double x, double mu, double parameter) {
    return phi(2.0 * parameter * (x - mu) / N) / (2.0 * phi(parameter) - 1);
  }

  /** The standard normal CDF, by Abramowitz and Stegun 7.1.26 (error below 1.5e-7). */
  private static double phi(double x) {
    double z = Math.abs(x) / Math.sqrt(2);
    double t = 1 / (1 + 0.3275911 * z);
    double erf = 1 - t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027
        + t * 1.061405429)))) * Math.exp(-z * z);
    return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
  }

  /** P(k) = k^-s / H(n, s) for k in 1..n: the ratio of k to k + 1 is ((k + 1) / k)^s. */
  @Test
  void zipfian() throws Exception {
    double s = 1.5;
    double harmonic = 0;
    for (int k = 1; k <= N; k++) {
      harmonic += Math.pow(k, -s);
    }
    double[] defined = new double[N + 1];
    for (int k = 1; k <= N; k++) {
      defined[k] = Math.pow(k, -s) / harmonic;
    }
    double[] drawn = frequencies("random_zipfian(1, 100, 1.5)");
    assertClose(mean(drawn), mean(defined), "mean");
    assertClose(drawn[1], defined[1], "P(1)");
    assertClose(drawn[2], defined[2], "P(2)");
    assertClose(sum(drawn, 1, 10), sum(defined, 1, 10), "P(x <= 10)");
  }

  @Test
  void permuteHitsEveryValueOnce() throws Exception {
    MapContext context = new MapContext();
    Expression permute = Expression.parse("permute(:i, :size, :seed)");
    for (long size : new long[] {1, 2, 3, 7, 10, 64, 100, 1000, 4097}) {
      for (long seed : new long[] {0, 42, -5432}) {
        boolean[] hit = new boolean[(int) size];
        context.with("size", Value.ofInt(size)).with("seed", Value.ofInt(seed));
        for (long i = 0; i < size; i++) {
          long position = permute.evaluate(context.with("i", Value.ofInt(i))).asInt();
          assertThat(position).as("permute(%d, %d, %d)", i, size, seed).isBetween(0L, size - 1);
          assertThat(hit[(int) position]).as("permute(%d, %d, %d) hit twice", i, size, seed).isFalse();
          hit[(int) position] = true;
        }
        long shifted = permute.evaluate(context.with("i", Value.ofInt(size + 3))).asInt();
        long wrapped = permute.evaluate(context.with("i", Value.ofInt(3 % size))).asInt();
        assertThat(shifted).as("inputs are taken modulo the size").isEqualTo(wrapped);
      }
    }
  }
}
