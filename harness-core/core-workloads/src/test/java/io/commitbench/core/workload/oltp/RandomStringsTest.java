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
    // Digits come nine from one draw, the lowest first: uniform(0, 999,999,999) with u = 0.5 is
    // 500,000,000, so the first eight # are '0' and the ninth '5'; uniform('a','z'): 'a' + 0.5 × 26 = 'n'
    RandomStrings strings = RandomStrings.of(() -> 0.5);
    assertThat(strings.fill("#@-x########")).isEqualTo("0n-x00000005");
  }

  /** Every digit at every position of c about equally often: nine digits of one draw are as good as nine draws. */
  @Test
  void digitsAreUniformAtEveryPosition() {
    RandomStrings strings = RandomStrings.of(new SplittableRandom(7)::nextDouble);
    int rows = 20_000;
    int[][] counts = new int[RandomStrings.C_TEMPLATE.length()][10];
    for (int r = 0; r < rows; r++) {
      String c = strings.c();
      for (int i = 0; i < c.length(); i++) {
        if (c.charAt(i) != '-') {
          counts[i][c.charAt(i) - '0']++;
        }
      }
    }
    for (int i = 0; i < counts.length; i++) {
      if (RandomStrings.C_TEMPLATE.charAt(i) == '#') {
        for (int d = 0; d < 10; d++) {
          // expected 2,000; 5 standard deviations (about 42 each) either side
          assertThat(counts[i][d]).as("digit %d at position %d", d, i).isBetween(1_790, 2_210);
        }
      }
    }
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
