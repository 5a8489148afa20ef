package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Keying times (clause 5.2.5.7) and think times (clause 5.2.5.4) over many draws. */
class TpccPausesTest {

  private static final TpccConstants C = TpccConstants.forRun(TpccConstants.forLoad(1), 1);
  private static final int DRAWS = 200_000;
  private static final long S = TpccPauses.NANOS_PER_SECOND;

  @Test
  void keyingTimesAreTheSpecsFixedOnes() {
    assertThat(TpccPauses.keyingNanos(TpccTransaction.NEW_ORDER)).isEqualTo(18 * S);
    assertThat(TpccPauses.keyingNanos(TpccTransaction.PAYMENT)).isEqualTo(3 * S);
    assertThat(TpccPauses.keyingNanos(TpccTransaction.ORDER_STATUS)).isEqualTo(2 * S);
    assertThat(TpccPauses.keyingNanos(TpccTransaction.DELIVERY)).isEqualTo(2 * S);
    assertThat(TpccPauses.keyingNanos(TpccTransaction.STOCK_LEVEL)).isEqualTo(2 * S);
  }

  @Test
  void thinkTimesAverageTheCutExponentialsMeanWithin2PercentAndNeverExceedTenMeans() {
    TpccPauses pauses = new TpccPauses(new TpccRandom(11, C));
    for (TpccTransaction type : TpccTransaction.TYPES) {
      long mean = type.thinkMeanSeconds * S;
      double sum = 0;
      long max = 0;
      long aboveMean = 0;
      for (int i = 0; i < DRAWS; i++) {
        long think = pauses.thinkNanos(type);
        assertThat(think).isNotNegative();
        sum += think;
        max = Math.max(max, think);
        aboveMean += think > mean ? 1 : 0;
      }
      // E[min(X, 10 m)] = m (1 - e^-10) for X exponential of mean m.
      double expected = mean * (1 - Math.exp(-10));
      assertThat(sum / DRAWS).as(type.label).isCloseTo(expected, within(0.02 * expected));
      assertThat(TpccPauses.truncatedMeanSeconds(type) * S).isCloseTo(expected, within(1.0));
      assertThat(max).as(type.label).isLessThanOrEqualTo(10 * mean);
      // P(X > m) = e^-1: the draws are exponential, not merely of the right mean.
      assertThat(aboveMean / (double) DRAWS).as(type.label).isCloseTo(Math.exp(-1), within(0.01));
    }
  }

  @Test
  void aDrawOfOneThinksNotAtAllAndAVerySmallOneIsCutAtTenMeans() {
    long mean = 12 * S;
    assertThat(TpccPauses.think(mean, 1.0)).isZero();
    assertThat(TpccPauses.think(mean, 1e-300)).isEqualTo(10 * mean);
    assertThat(TpccPauses.think(mean, Math.exp(-2))).isCloseTo(2 * mean, within(1L));
  }
}
