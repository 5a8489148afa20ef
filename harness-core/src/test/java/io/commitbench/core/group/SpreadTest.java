package io.commitbench.core.group;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {

  @Test
  void threeRunsGiveMedianMinMaxAndTheStudentTInterval() {
    Spread s = Spread.of(List.of(3.0, 1.0, 2.0));
    assertThat(s.median()).isEqualTo(2.0);
    assertThat(s.min()).isEqualTo(1.0);
    assertThat(s.max()).isEqualTo(3.0);
    assertThat(s.mean()).isEqualTo(2.0);
    // s = 1, t(0.975, 2) = 4.303: 2 ± 4.303 / sqrt(3)
    assertThat(s.ciLow()).isCloseTo(2 - 4.303 / Math.sqrt(3), within(1e-9));
    assertThat(s.ciHigh()).isCloseTo(2 + 4.303 / Math.sqrt(3), within(1e-9));
  }

  @Test
  void anEvenCountTakesTheMiddleTwoAndNaNIsLeftOut() {
    Spread s = Spread.of(List.of(10.0, Double.NaN, 40.0, 20.0, 30.0));
    assertThat(s.values()).containsExactly(10.0, 40.0, 20.0, 30.0);
    assertThat(s.median()).isEqualTo(25.0);
  }

  @Test
  void oneRunHasNoInterval() {
    Spread s = Spread.of(List.of(5.0));
    assertThat(s.median()).isEqualTo(5.0);
    assertThat(s.ciLow()).isNaN();
    assertThat(Spread.of(List.of()).median()).isNaN();
  }

  @Test
  void tQuantilesApproachTheNormalsBeyondTheTable() {
    assertThat(Spread.t975(1)).isEqualTo(12.706);
    assertThat(Spread.t975(30)).isEqualTo(2.042);
    assertThat(Spread.t975(60)).isCloseTo(2.000, within(0.002));
    assertThat(Spread.t975(1000)).isCloseTo(1.962, within(0.001));
  }
}
