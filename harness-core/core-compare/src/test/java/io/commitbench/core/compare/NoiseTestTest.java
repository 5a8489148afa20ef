package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class NoiseTestTest {

  @Test
  void aDoublingFarBeyondTheSpreadExceedsTheNoise() {
    NoiseTest.Verdict v = NoiseTest.ratio(List.of(100.0, 101.0, 99.0), List.of(200.0, 202.0, 198.0));
    assertThat(v.exceedsNoise()).isTrue();
    assertThat(v.low()).isGreaterThan(1.9);
    assertThat(v.high()).isLessThan(2.1);
    assertThat(v.label()).isEqualTo("exceeds noise");
  }

  @Test
  void aShiftSmallerThanTheSpreadIsWithinTheNoise() {
    NoiseTest.Verdict v = NoiseTest.ratio(List.of(100.0, 130.0, 70.0), List.of(102.0, 132.0, 72.0));
    assertThat(v.exceedsNoise()).isFalse();
    assertThat(v.low()).isLessThan(1.0);
    assertThat(v.high()).isGreaterThan(1.0);
  }

  @Test
  void fewerThanTwoRunsOnASideGiveNoVerdict() {
    assertThat(NoiseTest.ratio(List.of(1.0), List.of(2.0, 2.1)).label()).isEqualTo("n/a");
  }

  @Test
  void theSameRunsAlwaysGiveTheSameInterval() {
    List<Double> a = List.of(10.0, 11.0, 12.0);
    List<Double> b = List.of(12.0, 13.0, 11.0);
    assertThat(NoiseTest.ratio(a, b)).isEqualTo(NoiseTest.ratio(a, b));
  }
}
