package io.commitbench.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoundRatiosTest {

  @Test
  void aCellIsTheMedianOfItsRoundsRatiosWithTheirRange() {
    RoundRatios r = RoundRatios.of(List.of("1020/1000", "990/1000", "1010/1000"));

    assertThat(r.median()).isEqualTo(1.01);
    assertThat(r.summary()).isEqualTo("1.010 (0.990 .. 1.020)");
  }

  @Test
  void anEvenNumberOfRoundsTakesTheMeanOfTheMiddleTwo() {
    RoundRatios r = new RoundRatios();
    r.add(4, 1);
    r.add(1, 1);
    r.add(2, 1);
    r.add(100, 1);

    assertThat(r.median()).isEqualTo(3.0);
    assertThat(r.min()).isEqualTo(1.0);
    assertThat(r.max()).isEqualTo(100.0);
  }

  @Test
  void aRoundThatIsNotAPairIsRefusedWithAnExample() {
    assertThatThrownBy(() -> RoundRatios.of(List.of("1.02")))
        .hasMessageContaining("'1.02' is not a round's FIRST/SECOND");
  }
}
