package io.commitbench.core.group;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {

  @Test
  void threeRunsGiveMedianMinMaxAndTheIntervalOnTheLogarithm() {
    Spread s = Spread.of(List.of(4.0, 1.0, 2.0));
    assertThat(s.n()).isEqualTo(3);
    assertThat(s.median()).isEqualTo(2.0);
    assertThat(s.min()).isEqualTo(1.0);
    assertThat(s.max()).isEqualTo(4.0);
    assertThat(s.mean()).isCloseTo(7.0 / 3, within(1e-12));
    // ln 1, ln 2, ln 4 = 0, ln 2, 2 ln 2: mean ln 2, standard deviation ln 2, t(0.975, 2) = 4.303
    double half = 4.303 * Math.log(2) / Math.sqrt(3);
    assertThat(s.geometricMean()).isCloseTo(2.0, within(1e-12));
    assertThat(s.ciLow()).isCloseTo(2 * Math.exp(-half), within(1e-9));
    assertThat(s.ciHigh()).isCloseTo(2 * Math.exp(half), within(1e-9));
  }

  @Test
  void aSkewedLatencyNeverGetsAnIntervalBelowZeroWhereTheTIntervalOfTheMeanWould() {
    List<Double> p50 = List.of(0.275, 0.375, 0.856);
    double mean = (0.275 + 0.375 + 0.856) / 3;
    double sd = Math.sqrt((Math.pow(0.275 - mean, 2) + Math.pow(0.375 - mean, 2) + Math.pow(0.856 - mean, 2)) / 2);
    assertThat(mean - 4.303 * sd / Math.sqrt(3)).as("the t-interval of the mean").isNegative();
    Spread s = Spread.of(p50);
    assertThat(s.ciLow()).isPositive();
    assertThat(s.ciHigh() / s.geometricMean()).as("wider on the slow side, like the data")
        .isCloseTo(s.geometricMean() / s.ciLow(), within(1e-9));
    assertThat(s.ciHigh() - s.geometricMean()).isGreaterThan(s.geometricMean() - s.ciLow());
  }

  @Test
  void extremeSkewStaysAboveZero() {
    Spread s = Spread.of(List.of(0.01, 0.02, 10_000.0, 0.015));
    assertThat(s.ciLow()).isPositive();
    assertThat(s.ciLow()).isLessThan(s.ciHigh());
  }

  @Test
  void fewerThanThreeRunsGiveNoIntervalAndSaySo() {
    Spread two = Spread.of(List.of(5.0, 6.0));
    assertThat(two.hasInterval()).isFalse();
    assertThat(two.ciLow()).isNaN();
    assertThat(two.intervalText()).isEqualTo("-");
    assertThat(two.note()).contains("n = 2", "too few runs", "3 or more");
    Spread one = Spread.of(List.of(5.0));
    assertThat(one.median()).isEqualTo(5.0);
    assertThat(one.note()).contains("n = 1");
    assertThat(Spread.of(List.of()).median()).isNaN();
    assertThat(Spread.of(List.of()).note()).contains("no run");
  }

  @Test
  void aFewRunsGiveARoughIntervalAndManyASilentOne() {
    assertThat(Spread.of(List.of(1.0, 1.1, 1.2)).note()).isEqualTo("rough: only 3 runs");
    assertThat(Spread.of(List.of(1.0, 1.1, 1.2, 1.0, 1.1)).note()).isEqualTo("rough: only 5 runs");
    Spread six = Spread.of(List.of(1.0, 1.1, 1.2, 1.0, 1.1, 1.3));
    assertThat(six.hasInterval()).isTrue();
    assertThat(six.note()).isNull();
  }

  @Test
  void aValueOfZeroGivesNoIntervalOnTheLogarithm() {
    Spread s = Spread.of(List.of(0.0, 2.0, 3.0));
    assertThat(s.hasInterval()).isFalse();
    assertThat(s.note()).contains("0.0", "logarithm");
  }

  @Test
  void anEvenCountTakesTheMiddleTwoAndNaNIsLeftOut() {
    Spread s = Spread.of(List.of(10.0, Double.NaN, 40.0, 20.0, 30.0));
    assertThat(s.values()).containsExactly(10.0, 40.0, 20.0, 30.0);
    assertThat(s.n()).isEqualTo(4);
    assertThat(s.median()).isEqualTo(25.0);
  }

  @Test
  void tQuantilesApproachTheNormalsBeyondTheTable() {
    assertThat(LogInterval.t975(1)).isEqualTo(12.706);
    assertThat(LogInterval.t975(30)).isEqualTo(2.042);
    assertThat(LogInterval.t975(60)).isCloseTo(2.000, within(0.002));
    assertThat(LogInterval.t975(1000)).isCloseTo(1.962, within(0.001));
  }
}
