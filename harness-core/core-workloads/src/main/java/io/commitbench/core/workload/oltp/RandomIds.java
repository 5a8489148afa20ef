package io.commitbench.core.workload.oltp;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * sysbench's random numbers in {@code [a, b]} ({@code sysbench.rand.default}), as {@code
 * src/sb_rand.c} of sysbench 1.0.20 computes them from uniform doubles in {@code [0, 1)}:
 * uniform, gaussian (mean of {@code rand_spec_iter} uniforms), special (a share {@code
 * rand_spec_res} of the draws fall uniformly on the {@code rand_spec_pct} percent of values in the
 * middle of the range, the rest gaussian), pareto; and zipfian as sysbench 1.1 adds it (Hörmann
 * and Derflinger's rejection-inversion). The arithmetic, including sysbench's truncations to
 * unsigned 32-bit integers, is kept so the same uniforms give the same numbers. Confined to one
 * thread (its source is).
 */
final class RandomIds {

  /** The distributions of {@code --rand-type}. */
  enum Type {
    UNIFORM,
    GAUSSIAN,
    SPECIAL,
    PARETO,
    ZIPFIAN;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    static List<String> labels() {
      return Arrays.stream(values()).map(Type::label).toList();
    }

    static Type parse(String label) {
      return valueOf(label.toUpperCase(Locale.ROOT));
    }
  }

  /**
   * The parameters, as sysbench's options name them.
   *
   * @param iter {@code --rand-spec-iter}
   * @param pct {@code --rand-spec-pct}
   * @param res {@code --rand-spec-res}
   * @param paretoH {@code --rand-pareto-h}, in (0, 1)
   * @param zipfianExp {@code --rand-zipfian-exp}, ≥ 0
   */
  record Parameters(Type type, int iter, int pct, int res, double paretoH, double zipfianExp) {}

  private final Parameters p;
  private final DoubleSupplier uniform;
  // sb_rand_init's precomputed constants.
  private final double iterMult;
  private final double pctMult;
  private final double pct2Mult;
  private final double resMult;
  private final double paretoPower;
  private final double zipfS;
  private final double zipfHIntegralX1;

  /** @param uniform doubles in [0, 1), sysbench's {@code sb_rand_uniform_double} */
  RandomIds(Parameters parameters, DoubleSupplier uniform) {
    this.p = parameters;
    this.uniform = uniform;
    this.iterMult = 1.0 / p.iter();
    this.pctMult = p.pct() / 100.0;
    this.pct2Mult = p.pct() / 200.0;
    this.resMult = 100.0 / (100.0 - p.res());
    this.paretoPower = Math.log(p.paretoH()) / Math.log(1.0 - p.paretoH());
    double e = p.zipfianExp();
    this.zipfS = 2 - hIntegralInverse(hIntegral(2.5, e) - h(2, e), e);
    this.zipfHIntegralX1 = hIntegral(1.5, e) - 1;
  }

  /** {@code sb_rand_default(a, b)}: the configured distribution. */
  long next(long a, long b) {
    return switch (p.type()) {
      case UNIFORM -> uniform(a, b);
      case GAUSSIAN -> gaussian(a, b);
      case SPECIAL -> special(a, b);
      case PARETO -> pareto(a, b);
      case ZIPFIAN -> zipfian(a, b);
    };
  }

  /** {@code sb_rand_uniform}: {@code a + u * (b - a + 1)}, truncated. */
  long uniform(long a, long b) {
    return u32(a + uniform.getAsDouble() * (b - a + 1));
  }

  private long gaussian(long a, long b) {
    double t = b - a + 1;
    double sum = 0;
    for (int i = 0; i < p.iter(); i++) {
      sum += uniform.getAsDouble() * t;
    }
    return a + u32(sum * iterMult);
  }

  private long special(long a, long b) {
    double t = b - a;
    double rangeSize = t * resMult;
    double rnd = uniform.getAsDouble();
    double res = rnd * rangeSize;
    if (res < t) {
      // The gaussian part: (100 - rand_spec_res) percent of the draws.
      double sum = 0;
      for (int i = 0; i < p.iter(); i++) {
        sum += uniform.getAsDouble();
      }
      return u32(a + sum * t * iterMult);
    }
    // The rest fall uniformly on rand_spec_pct percent of the range, moved to its middle.
    double d = t * pctMult;
    res = rnd * (d + 1);
    res += t / 2 - t * pct2Mult;
    return a + u32(res);
  }

  private long pareto(long a, long b) {
    return a + u32((b - a + 1) * Math.pow(uniform.getAsDouble(), paretoPower));
  }

  /** sysbench 1.1's {@code sb_rand_zipfian}: a number in [1, n] shifted to [a, b]. */
  private long zipfian(long a, long b) {
    long n = b - a + 1;
    double e = p.zipfianExp();
    double hIntegralN = hIntegral(n + 0.5, e);
    while (true) {
      double u = hIntegralN + uniform.getAsDouble() * (zipfHIntegralX1 - hIntegralN);
      double x = hIntegralInverse(u, e);
      long k = u32(x + 0.5);
      k = Math.max(1, Math.min(n, k));
      if (k - x <= zipfS || u >= hIntegral(k + 0.5, e) - h(k, e)) {
        return a + k - 1;
      }
    }
  }

  private static double hIntegral(double x, double e) {
    double logX = Math.log(x);
    return helper2((1 - e) * logX) * logX;
  }

  private static double h(double x, double e) {
    return Math.exp(-e * Math.log(x));
  }

  private static double hIntegralInverse(double x, double e) {
    double t = Math.max(-1, x * (1 - e));
    return Math.exp(helper1(t) * x);
  }

  /** log(1 + x) / x, by its Taylor series near 0. */
  private static double helper1(double x) {
    return Math.abs(x) > 1e-8 ? Math.log1p(x) / x : 1 - x * (0.5 - x * (0.33333333333333333 - 0.25 * x));
  }

  /** (exp(x) - 1) / x, by its Taylor series near 0. */
  private static double helper2(double x) {
    return Math.abs(x) > 1e-8 ? Math.expm1(x) / x : 1 + x * 0.5 * (1 + x * 0.33333333333333333 * (1 + 0.25 * x));
  }

  /** C's conversion of a non-negative double to uint32_t: truncation toward zero. */
  private static long u32(double value) {
    return (long) value;
  }
}
