package io.commitbench.core.workload.script.expr;

/**
 * The non-uniform random integers of pgbench 15 ({@code getExponentialRand}, {@code getGaussianRand},
 * {@code getZipfianRand} in src/bin/pgbench/pgbench.c), drawn from an actor's {@link ScriptRandom}.
 * Callers check the bounds and the parameter first.
 */
final class RandomDistributions {
  static final double MIN_GAUSSIAN_PARAM = 2.0;
  static final double MIN_ZIPFIAN_PARAM = 1.001;
  static final double MAX_ZIPFIAN_PARAM = 1000.0;

  private RandomDistributions() {}

  /**
   * An exponential distribution cut at {@code parameter} and projected on {@code [min, max]}: value
   * {@code i} has probability {@code f(i) - f(i + 1)} with
   * {@code f(x) = exp(-parameter * (x - min) / (max - min + 1)) / (1 - exp(-parameter))}.
   */
  static long exponential(ScriptRandom random, long min, long max, double parameter) {
    double cut = Math.exp(-parameter);
    double uniform = 1.0 - random.nextDouble();
    double rand = -Math.log(cut + (1.0 - cut) * uniform) / parameter;
    return min + (long) ((max - min + 1) * rand);
  }

  /**
   * A standard normal truncated to {@code [-parameter, parameter)} (drawn again when outside) and
   * mapped linearly on {@code [min, max]}.
   */
  static long gaussian(ScriptRandom random, long min, long max, double parameter) {
    double stdev;
    do {
      stdev = random.nextNormal();
    } while (stdev < -parameter || stdev >= parameter);
    double rand = (stdev + parameter) / (parameter * 2.0);
    return min + (long) ((max - min + 1) * rand);
  }

  /**
   * A bounded Zipfian distribution on {@code [min, max]}, {@code P(k) ~ 1 / k^s} for the k-th value,
   * by the rejection method of Devroye, "Non-Uniform Random Variate Generation", p. 550-551 (pgbench's
   * {@code computeIterativeZipfian}); {@code s} is in [1.001, 1000].
   */
  static long zipfian(ScriptRandom random, long min, long max, double s) {
    long n = max - min + 1;
    return min - 1 + iterativeZipfian(random, n, s);
  }

  private static long iterativeZipfian(ScriptRandom random, long n, double s) {
    if (n <= 1) {
      return 1;
    }
    double b = Math.pow(2.0, s - 1.0);
    while (true) {
      double u = random.nextDouble();
      double v = random.nextDouble();
      double x = Math.floor(Math.pow(u, -1.0 / (s - 1.0)));
      double t = Math.pow(1.0 + 1.0 / x, s - 1.0);
      if (v * x * (t - 1.0) / (b - 1.0) <= t / b && x <= n) {
        return (long) x;
      }
    }
  }
}
