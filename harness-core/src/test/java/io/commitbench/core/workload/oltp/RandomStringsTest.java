package io.commitbench.core.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** sysbench's c and pad templates and its {@code sb_rand_str}: # a digit, @ a letter, the rest kept. */
class RandomStringsTest {

  @Test
  void theTemplatesAreElevenDigitGroupsSeparatedByDashes() {
    assertThat(RandomStrings.C_TEMPLATE).hasSize(119).matches("(#{11}-){9}#{11}");
    assertThat(RandomStrings.PAD_TEMPLATE).hasSize(59).matches("(#{11}-){4}#{11}");
  }

  @Test
  void valuesFollowTheTemplatesAndFitTheirColumns() {
    RandomStrings strings = RandomStrings.of(new SplittableRandom(3)::nextDouble);
    for (int i = 0; i < 1_000; i++) {
      assertThat(strings.c()).matches("([0-9]{11}-){9}[0-9]{11}").hasSizeLessThanOrEqualTo(OltpTableSql.C_LENGTH);
      assertThat(strings.pad()).matches("([0-9]{11}-){4}[0-9]{11}")
          .hasSizeLessThanOrEqualTo(OltpTableSql.PAD_LENGTH);
    }
  }

  @Test
  void hashIsADigitAtIsALetterAndEverythingElseStays() {
    // uniform('0','9') with u = 0.5: '0' + 0.5 × 10 = '5'; uniform('a','z'): 'a' + 0.5 × 26 = 'n'
    RandomStrings strings = RandomStrings.of(() -> 0.5);
    assertThat(strings.fill("#@-x#")).isEqualTo("5n-x5");
  }

  @Test
  void everyDigitTurnsUp() {
    RandomStrings strings = RandomStrings.of(new SplittableRandom(4)::nextDouble);
    String many = strings.fill("#".repeat(1_000));
    for (char d = '0'; d <= '9'; d++) {
      assertThat(many).contains(String.valueOf(d));
    }
  }
}
