package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DecimalsTest {

  /** Negative zero is left out: String.format writes "-0", these write "0". */
  private static final double[] VALUES = {0, 0.04, 0.05, 0.4999, 0.5, 1.5, 9.95, 12.345678, 999.5, 1_000,
      -1_234.5678, 86_400.125, 999_999.4, 1e6, 123_456_789.25, 1e9, 1e15, Double.NaN, Double.NEGATIVE_INFINITY};

  @Test
  void fixedPlacesReadAsStringFormatDoes() {
    for (int places = 0; places <= 3; places++) {
      for (double value : VALUES) {
        assertThat(Decimals.fixed(new StringBuilder(), value, places).toString()).as("%s with %d places", value, places)
            .isEqualTo(String.format(Locale.ROOT, "%." + places + "f", value));
      }
    }
    Random random = new Random(7);
    for (int i = 0; i < 50_000; i++) {
      double value = random.nextDouble() * Math.pow(10, random.nextInt(9));
      int places = random.nextInt(4);
      String fast = Decimals.fixed(new StringBuilder(), value, places).toString();
      assertThat(Double.parseDouble(fast)).as("%s with %d places", value, places).isCloseTo(
          Double.parseDouble(String.format(Locale.ROOT, "%." + places + "f", value)),
          org.assertj.core.data.Offset.offset(1.01 / Math.pow(10, places)));
    }
  }

  @Test
  void groupedReadsAsPercentCommaZeroFDoes() {
    for (double value : VALUES) {
      assertThat(Decimals.grouped(new StringBuilder(), value).toString()).as("%s", value)
          .isEqualTo(String.format(Locale.ROOT, "%,.0f", value));
    }
    for (double value : new double[] {7, 12, 123, 1_234, 12_345, 123_456, 1_234_567, 999_999_999.4}) {
      assertThat(Decimals.grouped(new StringBuilder(), value).toString())
          .isEqualTo(String.format(Locale.ROOT, "%,.0f", value));
    }
  }

  @Test
  void moreThanThreePlacesAreRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> Decimals.fixed(new StringBuilder(), 1, 4))
        .withMessage("places must be 0 to 3, got 4");
  }
}
