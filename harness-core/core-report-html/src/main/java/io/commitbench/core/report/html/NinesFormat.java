package io.commitbench.core.report.html;

import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;

/**
 * Labels of a "nines" axis: a position {@code x = 1 / (1 - p)} on a log axis is labelled with
 * the percentile {@code p}, so 10 reads "90%", 100 "99%", 1000 "99.9%". This spreads the tail of a
 * latency distribution out as HdrHistogram's own percentile plots do.
 */
final class NinesFormat extends NumberFormat {

  private static final long serialVersionUID = 1L;

  /** The axis position of percentile {@code p} (0..100, below 100). */
  static double position(double percentile) {
    return 1.0 / (1.0 - percentile / 100.0);
  }

  static String label(double position) {
    double percentile = 100.0 * (1.0 - 1.0 / position);
    String text = String.format(Locale.ROOT, "%.6f", percentile).replaceAll("0+$", "").replaceAll("\\.$", "");
    return text + "%";
  }

  @Override
  public StringBuffer format(double number, StringBuffer toAppendTo, FieldPosition pos) {
    return toAppendTo.append(label(number));
  }

  @Override
  public StringBuffer format(long number, StringBuffer toAppendTo, FieldPosition pos) {
    return toAppendTo.append(label(number));
  }

  @Override
  public Number parse(String source, ParsePosition parsePosition) {
    throw new UnsupportedOperationException("axis labels are only written");
  }
}
