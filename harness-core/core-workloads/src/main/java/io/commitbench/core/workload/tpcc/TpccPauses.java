package io.commitbench.core.workload.tpcc;

/**
 * A spec terminal's user times (clause 5.2.5): the keying time before each transaction, fixed
 * per type (clause 5.2.5.7), and the think time after each, drawn from a negative exponential
 * with the type's mean, -ln(r) x mean for r uniform in (0, 1], cut at ten times the mean (clause
 * 5.2.5.4). Confined to the terminal's thread.
 */
final class TpccPauses {

  static final long NANOS_PER_SECOND = 1_000_000_000L;
  /** The think time's cut, in multiples of its mean. */
  static final int THINK_CUT = 10;

  private final TpccRandom random;

  TpccPauses(TpccRandom random) {
    this.random = random;
  }

  /** The keying time before a transaction of {@code type}. */
  static long keyingNanos(TpccTransaction type) {
    return type.keyingSeconds * NANOS_PER_SECOND;
  }

  /** A think time after a transaction of {@code type}. */
  long thinkNanos(TpccTransaction type) {
    return think(type.thinkMeanSeconds * NANOS_PER_SECOND, 1.0 - random.fraction());
  }

  /** The think time of mean {@code meanNanos} for {@code r} in (0, 1]: -ln(r) x mean, at most ten means. */
  static long think(long meanNanos, double r) {
    return (long) Math.min(-Math.log(r) * meanNanos, (double) THINK_CUT * meanNanos);
  }

  /** The mean of the cut distribution: mean x (1 - e^-10), what the think times applied average out at. */
  static double truncatedMeanSeconds(TpccTransaction type) {
    return type.thinkMeanSeconds * (1 - Math.exp(-THINK_CUT));
  }
}
