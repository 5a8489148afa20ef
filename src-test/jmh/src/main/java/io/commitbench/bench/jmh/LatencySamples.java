package io.commitbench.bench.jmh;

import java.util.Random;

/**
 * Latencies like those of a database statement, for filling histograms to their real size:
 * log-normal around a median of 200 µs (σ = 1, so p99 ≈ 2 ms), kept between 10 µs and 100 ms.
 * Drawn once from a fixed seed and then replayed in turn, so taking one costs an array read.
 *
 * <p>Not thread-safe: one instance per thread.
 */
final class LatencySamples {

  private static final int COUNT = 4096;
  private static final double MEDIAN_NANOS = 200_000;
  private static final long MIN_NANOS = 10_000;
  private static final long MAX_NANOS = 100_000_000;

  private final long[] nanos = new long[COUNT];
  private int next;

  LatencySamples(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < COUNT; i++) {
      long value = Math.round(MEDIAN_NANOS * Math.exp(random.nextGaussian()));
      nanos[i] = Math.max(MIN_NANOS, Math.min(MAX_NANOS, value));
    }
  }

  /** The next latency in nanoseconds. */
  long next() {
    next = (next + 1) & (COUNT - 1);
    return nanos[next];
  }
}
