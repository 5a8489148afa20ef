package io.commitbench.core.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.sql.Date;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TabSeparatedTextTest {

  private static String rows(Object[]... rows) {
    TabSeparatedText text = new TabSeparatedText(4);
    for (Object[] row : rows) {
      text.row(row);
    }
    return new String(Arrays.copyOf(text.bytes(), text.length()), StandardCharsets.UTF_8);
  }

  @Test
  void valuesAreTabSeparatedAndRowsEndWithANewline() {
    assertThat(rows(new Object[] {1, 42L, "abc"}, new Object[] {0, -7L, ""})).isEqualTo("1\t42\tabc\n0\t-7\t\n");
  }

  @Test
  void integersOfEverySizeAreWrittenAsJavaWritesThem() {
    assertThat(rows(new Object[] {Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE}))
        .isEqualTo(Integer.MAX_VALUE + "\t" + Integer.MIN_VALUE + "\t" + Long.MAX_VALUE + "\t" + Long.MIN_VALUE + "\n");
  }

  @Test
  void nullIsTheNullMarkerOfCopyAndLoadData() {
    assertThat(rows(new Object[] {null, "\\N", 3})).isEqualTo("\\N\t\\\\N\t3\n");
  }

  @Test
  void decimalsAreWrittenWithoutAnExponent() {
    assertThat(rows(new Object[] {new java.math.BigDecimal("1E+3"), new java.math.BigDecimal("-0.50")}))
        .isEqualTo("1000\t-0.50\n");
  }

  @Test
  void backslashTabNewlineAndCarriageReturnAreEscaped() {
    assertThat(rows(new Object[] {"a\\b\tc\nd\re"})).isEqualTo("a\\\\b\\tc\\nd\\re\n");
  }

  @Test
  void textBeyondAsciiIsUtf8AndStillEscaped() {
    assertThat(rows(new Object[] {"x\tçé€\n😀"})).isEqualTo("x\\tçé€\\n😀\n");
  }

  @Test
  void otherValuesAreWrittenAsTheirText() {
    assertThat(rows(new Object[] {Date.valueOf("2026-11-26")})).isEqualTo("2026-11-26\n");
  }

  @Test
  void theBufferGrowsAndClears() {
    TabSeparatedText text = new TabSeparatedText(1);
    text.row(new Object[] {"x".repeat(10_000)});
    assertThat(text.length()).isEqualTo(10_001);
    text.clear();
    text.row(new Object[] {5});
    assertThat(new String(text.bytes(), 0, text.length(), StandardCharsets.US_ASCII)).isEqualTo("5\n");
  }
}
