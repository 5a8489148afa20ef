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

  /** The hand-made formatting reads as %.3f does, for the values a row holds and around them. */
  @Test
  void decimalsAreWhatPercentThreeFWouldWrite() {
    for (double value : new double[] {0, 0.0004, 0.0005, 0.0015, 0.25, 1.5, 9.9995, 12.345678, 999.9999, 1_000,
        4_321.0625, 86_400.125, 1e8 + 0.5, 1e9, 1e15, 1e300, Double.NaN, Double.POSITIVE_INFINITY}) {
      assertThat(Decimals.threePlaces(new StringBuilder(), value).toString()).as("%s", value)
          .isEqualTo(String.format(Locale.ROOT, "%.3f", value));
    }
    java.util.Random random = new java.util.Random(12);
    for (int i = 0; i < 100_000; i++) {
      double value = random.nextDouble() * Math.pow(10, random.nextInt(8));
      String fast = Decimals.threePlaces(new StringBuilder(), value).toString();
      assertThat(Double.parseDouble(fast)).as("%s", value)
          .isCloseTo(Double.parseDouble(String.format(Locale.ROOT, "%.3f", value)), org.assertj.core.data.Offset.offset(0.0011));
      assertThat(fast).as("%s", value).matches("[0-9]+\\.[0-9]{3}");
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
