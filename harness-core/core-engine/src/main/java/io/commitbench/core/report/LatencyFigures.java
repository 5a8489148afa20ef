package io.commitbench.core.report;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The mean and several percentiles of a histogram in one walk over its counts, with exactly the
 * values of {@link Histogram#getMean()} and {@link Histogram#getValueAtPercentile(double)}: each of
 * those walks the whole counts array again (some 20,000 slots), and the summary kept on disk while
 * a run measures asks for five figures of some twenty histograms every interval.
 *
 * <p>Stateless and thread-safe; the histogram must not change while it is read.
 */
final class LatencyFigures {

  private static final double HUNDRED = 100.0;

  private LatencyFigures() {}

  /**
   * {@code figures[0]} is the mean, {@code figures[1 + i]} the value at {@code percentiles[i]};
   * the percentiles must be ascending and above 0. All zero for an empty histogram, as
   * HdrHistogram gives them.
   */
  static double[] of(Histogram histogram, double... percentiles) {
    double[] figures = new double[1 + percentiles.length];
    long total = histogram.getTotalCount();
    if (total == 0) {
      return figures;
    }
    long[] countAt = new long[percentiles.length];
    for (int i = 0; i < percentiles.length; i++) {
      countAt[i] = countAtPercentile(percentiles[i], total);
    }
    int next = 0;
    double sum = 0;
    for (HistogramIterationValue v : histogram.recordedValues()) {
      // The same sum, in the same order, as Histogram#getMean.
      sum += histogram.medianEquivalentValue(v.getValueIteratedTo()) * (double) v.getCountAtValueIteratedTo();
      while (next < countAt.length && v.getTotalCountToThisValue() >= countAt[next]) {
        figures[1 + next++] = v.getValueIteratedTo();
      }
    }
    figures[0] = sum / total;
    return figures;
  }

  /** How many values lie at or below a percentile, rounded as HdrHistogram rounds it. */
  private static long countAtPercentile(double percentile, long total) {
    double requested = Math.min(Math.max(Math.nextAfter(percentile, Double.NEGATIVE_INFINITY), 0.0), HUNDRED);
    return Math.max((long) Math.ceil(requested * total / HUNDRED), 1);
  }
}
