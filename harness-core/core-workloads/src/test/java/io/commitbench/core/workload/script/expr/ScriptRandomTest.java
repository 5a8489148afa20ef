package io.commitbench.core.workload.script.expr;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * pg_prng's xoroshiro128** as ScriptRandom computes it. Bit-for-bit agreement with PostgreSQL's own
 * is checked through permute(), whose results the recorded pgbench file holds; here its contract.
 */
class ScriptRandomTest {

  @Test
  void theSameSeedGivesTheSameSequenceAndAnotherSeedAnother() {
    ScriptRandom first = new ScriptRandom(7);
    ScriptRandom again = new ScriptRandom(7);
    ScriptRandom other = new ScriptRandom(8);
    boolean differs = false;
    for (int i = 0; i < 100; i++) {
      long value = first.nextLong();
      assertThat(again.nextLong()).isEqualTo(value);
      differs |= other.nextLong() != value;
    }
    assertThat(differs).isTrue();
  }

  @Test
  void doublesAreInTheUnitIntervalAndUseTheirRange() {
    ScriptRandom random = new ScriptRandom(0);
    double min = 1;
    double max = 0;
    for (int i = 0; i < 10_000; i++) {
      double value = random.nextDouble();
      assertThat(value).isGreaterThanOrEqualTo(0.0).isLessThan(1.0);
      min = Math.min(min, value);
      max = Math.max(max, value);
    }
    assertThat(min).isLessThan(0.001);
    assertThat(max).isGreaterThan(0.999);
  }

  @Test
  void rangesIncludeBothBounds() {
    ScriptRandom random = new ScriptRandom(-1);
    boolean sawMin = false;
    boolean sawMax = false;
    for (int i = 0; i < 1000; i++) {
      long value = random.nextLong(-2, 2);
      assertThat(value).isBetween(-2L, 2L);
      sawMin |= value == -2;
      sawMax |= value == 2;
    }
    assertThat(sawMin).isTrue();
    assertThat(sawMax).isTrue();
    assertThat(random.nextLong(5, 5)).isEqualTo(5);
  }
}
