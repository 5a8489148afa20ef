package io.commitbench.core.workload.script.expr;

/**
 * pgbench's per-client pseudo-random generator (the random functions' source), one per actor,
 * seeded from the run's seed and the actor's number; confined to the actor's thread.
 *
 * <p>This is PostgreSQL 15's {@code pg_prng} (src/common/pg_prng.c): Blackman and Vigna's
 * xoroshiro128** 1.0, its two 64-bit words filled from the seed by splitmix64, with pg_prng's
 * uniform range (bitmask rejection) and double (52 random bits) on top. {@code permute()} seeds one of
 * these from its seed argument, so its results equal pgbench's bit for bit.
 *
 * <pre>
 *   ScriptRandom random = new ScriptRandom(seed);
 *   long dice = random.nextLong(1, 6);
 * </pre>
 */
public final class ScriptRandom {
  private long s0;
  private long s1;

  /** As {@code pg_prng_seed}: the state from two splitmix64 steps of {@code seed}. */
  public ScriptRandom(long seed) {
    long state = seed + 0x9E3779B97F4A7C15L;
    s0 = splitmix64(state);
    state += 0x9E3779B97F4A7C15L;
    s1 = splitmix64(state);
    if (s0 == 0 && s1 == 0) {
      // pg_prng_seed_check: an all-zero state is a fixed point; pg_prng uses Knuth's LCG constants
      s0 = 0x5851F42D4C957F2DL;
      s1 = 0x14057B7EF767814FL;
    }
  }

  private static long splitmix64(long state) {
    long value = state;
    value = (value ^ (value >>> 30)) * 0xBF58476D1CE4E5B9L;
    value = (value ^ (value >>> 27)) * 0x94D049BB133111EBL;
    return value ^ (value >>> 31);
  }

  /** 64 uniform bits ({@code pg_prng_uint64}): one xoroshiro128** step. */
  public long nextLong() {
    long first = s0;
    long mixed = s1 ^ first;
    long result = Long.rotateLeft(first * 5, 7) * 9;
    s0 = Long.rotateLeft(first, 24) ^ mixed ^ (mixed << 16);
    s1 = Long.rotateLeft(mixed, 37);
    return result;
  }

  /**
   * Uniform in {@code [min, max]}, as pgbench's {@code getrand}: {@code min} plus
   * {@code pg_prng_uint64_range(0, max - min)}; the difference must not overflow.
   */
  public long nextLong(long min, long max) {
    return min + unsignedInRange(max - min);
  }

  /** Uniform in {@code [0, range]}, {@code range} unsigned ({@code pg_prng_uint64_range}). */
  long unsignedInRange(long range) {
    if (range == 0) {
      return 0;
    }
    int shift = Long.numberOfLeadingZeros(range);
    long value;
    do {
      value = nextLong() >>> shift;
    } while (Long.compareUnsigned(value, range) > 0);
    return value;
  }

  /** Uniform in [0, 1), the source of every random function ({@code pg_prng_double}: 52 bits). */
  public double nextDouble() {
    return (nextLong() >>> 12) * 0x1p-52;
  }

  /**
   * A standard normal variate by the basic Box-Muller transform, as PostgreSQL's
   * {@code pg_prng_double_normal} and pgbench 15's {@code getGaussianRand} compute it.
   */
  double nextNormal() {
    double u1 = 1.0 - nextDouble();
    double u2 = 1.0 - nextDouble();
    return Math.sqrt(-2.0 * Math.log(u1)) * Math.sin(2.0 * Math.PI * u2);
  }
}
