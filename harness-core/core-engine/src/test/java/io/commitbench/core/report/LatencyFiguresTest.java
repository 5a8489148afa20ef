package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyFiguresTest {

  private static final double[] PERCENTILES = {1.0, 50.0, 90.0, 99.0, 99.9, 99.99, 100.0};

  @Test
  void givesHdrHistogramsOwnMeanAndPercentilesForManyShapes() {
    Random random = new Random(20261123);
    for (int trial = 0; trial < 300; trial++) {
      Histogram h = new Histogram(3);
      int values = 1 + random.nextInt(trial % 3 == 0 ? 5 : 20_000);
      for (int i = 0; i < values; i++) {
        // Log-normal-ish latencies from microseconds to seconds, with the odd outlier.
        long nanos = (long) Math.exp(8 + random.nextGaussian() * (1 + trial % 4));
        h.recordValueWithCount(Math.max(1, nanos), 1 + random.nextInt(trial % 2 == 0 ? 1 : 50));
      }
      double[] figures = LatencyFigures.of(h, PERCENTILES);
      assertThat(figures[0]).as("mean of trial %d", trial).isEqualTo(h.getMean());
      for (int p = 0; p < PERCENTILES.length; p++) {
        assertThat((long) figures[1 + p]).as("p%s of trial %d", PERCENTILES[p], trial)
            .isEqualTo(h.getValueAtPercentile(PERCENTILES[p]));
      }
    }
  }

  @Test
  void anEmptyHistogramGivesZerosAsHdrHistogramDoes() {
    Histogram h = new Histogram(3);
    assertThat(LatencyFigures.of(h, 50.0, 99.0)).containsExactly(h.getMean(), h.getValueAtPercentile(50.0),
        h.getValueAtPercentile(99.0));
  }

  @Test
  void aSingleValueIsEveryPercentile() {
    Histogram h = new Histogram(3);
    h.recordValue(123_456);
    double[] figures = LatencyFigures.of(h, 50.0, 99.9);
    assertThat(figures[1]).isEqualTo(figures[2]).isEqualTo(h.highestEquivalentValue(123_456));
  }
}
