package io.commitbench.core.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import java.util.function.DoubleSupplier;
import org.junit.jupiter.api.Test;

/**
 * sysbench's distributions, fed with known uniform doubles and compared with sysbench's formulas
 * (src/sb_rand.c of 1.0.20, zipfian of 1.1) worked out by hand here; and over many draws, their
 * shapes (special's hot spot in the middle, pareto's and zipfian's at the start).
 */
class RandomIdsTest {

  private static RandomIds of(RandomIds.Type type, double... uniforms) {
    int[] next = {0};
    DoubleSupplier source = () -> uniforms[next[0]++ % uniforms.length];
    return new RandomIds(new RandomIds.Parameters(type, 12, 1, 75, 0.2, 0.8), source);
  }

  @Test
  void uniformIsAPlusUTimesTheRangeTruncated() {
    // a + u * (b - a + 1) = 1 + 0.5 * 10000 = 5001
    assertThat(of(RandomIds.Type.UNIFORM, 0.5).next(1, 10_000)).isEqualTo(5_001);
    assertThat(of(RandomIds.Type.UNIFORM, 0.0).next(1, 10_000)).isEqualTo(1);
    assertThat(of(RandomIds.Type.UNIFORM, 0.99999999).next(1, 10_000)).isEqualTo(10_000);
  }

  @Test
  void gaussianIsTheMeanOfTwelveUniformsOverTheRange() {
    // sum of 12 × (0.25 × 10000) = 30000; × 1/12 = 2500; a + 2500 = 2501
    assertThat(of(RandomIds.Type.GAUSSIAN, 0.25).next(1, 10_000)).isEqualTo(2_501);
  }

  @Test
  void specialSendsMostDrawsToTheMiddlePercentAndTheRestGaussian() {
    // t = 9999, range_size = t × 100/25 = 39996. rnd 0.9 → res 35996.4 ≥ t: the special part.
    // d = t × 0.01 = 99.99; res = 0.9 × 100.99 = 90.891; + t/2 − t × 0.005 = 4999.5 − 49.995 → 5040.396
    assertThat(of(RandomIds.Type.SPECIAL, 0.9).next(1, 10_000)).isEqualTo(1 + 5_040);
    // rnd 0.1 → res 3999.6 < t: gaussian, 12 more uniforms of 0.1: a + 1.2 × t / 12 = 1 + 999.9
    assertThat(of(RandomIds.Type.SPECIAL, 0.1).next(1, 10_000)).isEqualTo(1_000);
  }

  @Test
  void paretoIsTheRangeTimesUToThePowerLogHOverLogOneMinusH() {
    double power = Math.log(0.2) / Math.log(0.8);
    long expected = 1 + (long) (10_000 * Math.pow(0.5, power));
    assertThat(of(RandomIds.Type.PARETO, 0.5).next(1, 10_000)).isEqualTo(expected);
  }

  @Test
  void specialPutsThreeQuartersOfTheDrawsOnTheMiddlePercent() {
    RandomIds random = new RandomIds(new RandomIds.Parameters(RandomIds.Type.SPECIAL, 12, 1, 75, 0.2, 0.8),
        new SplittableRandom(1)::nextDouble);
    int draws = 200_000;
    int middle = 0;
    for (int i = 0; i < draws; i++) {
      long v = random.next(1, 10_000);
      assertThat(v).isBetween(1L, 10_000L);
      if (v >= 4_951 && v <= 5_051) {
        middle++;
      }
    }
    // 75 % land there by design, plus the gaussian part's own share of that narrow middle
    assertThat((double) middle / draws).isCloseTo(0.75 + 0.25 * 0.04, within(0.02));
  }

  @Test
  void zipfianFavoursTheFirstValuesAsItsExponentSays() {
    RandomIds random = new RandomIds(new RandomIds.Parameters(RandomIds.Type.ZIPFIAN, 12, 1, 75, 0.2, 0.8),
        new SplittableRandom(2)::nextDouble);
    int n = 1_000;
    int draws = 200_000;
    int[] hits = new int[n + 1];
    for (int i = 0; i < draws; i++) {
      long v = random.next(1, n);
      assertThat(v).isBetween(1L, (long) n);
      hits[(int) v]++;
    }
    // P(k) ∝ k^-0.8: the first value twice as often as the 2^(1/0.8) ≈ 2.38th
    double ratio = (double) hits[1] / hits[2];
    assertThat(ratio).isCloseTo(Math.pow(2, 0.8), within(0.1));
    double harmonic = 0;
    for (int k = 1; k <= n; k++) {
      harmonic += Math.pow(k, -0.8);
    }
    assertThat((double) hits[1] / draws).isCloseTo(1 / harmonic, within(0.01));
  }

  @Test
  void theSameSeedGivesTheSameNumbers() {
    RandomIds a = new RandomIds(new RandomIds.Parameters(RandomIds.Type.SPECIAL, 12, 1, 75, 0.2, 0.8),
        new SplittableRandom(7)::nextDouble);
    RandomIds b = new RandomIds(new RandomIds.Parameters(RandomIds.Type.SPECIAL, 12, 1, 75, 0.2, 0.8),
        new SplittableRandom(7)::nextDouble);
    for (int i = 0; i < 100; i++) {
      assertThat(a.next(1, 1_000_000)).isEqualTo(b.next(1, 1_000_000));
    }
  }
}
