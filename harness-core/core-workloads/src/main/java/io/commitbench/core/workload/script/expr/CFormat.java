package io.commitbench.core.workload.script.expr;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * The two C formats pgbench prints doubles with, as PostgreSQL's own {@code snprintf}
 * (src/port/snprintf.c) renders them: {@code "%.15g"} for a variable's text and {@code debug()},
 * {@code "%f"} in error messages. Finite values are rounded exactly, half to even, as glibc does;
 * non-finite ones are {@code NaN}, {@code Infinity} and {@code -Infinity}.
 */
final class CFormat {
  /** C's {@code DBL_DIG}, the precision pgbench gives {@code %g}. */
  private static final int DBL_DIG = 15;
  private static final MathContext DIGITS = new MathContext(DBL_DIG, RoundingMode.HALF_EVEN);

  private CFormat() {}

  /** {@code "%.15g"}: 15 significant digits, trailing zeros removed, an exponent beyond 1e15 or below 1e-4. */
  static String shortest15(double value) {
    String special = special(value);
    if (special != null) {
      return special;
    }
    if (value == 0.0) {
      return Double.doubleToRawLongBits(value) < 0 ? "-0" : "0";
    }
    BigDecimal rounded = new BigDecimal(value).round(DIGITS);
    int exponent = rounded.precision() - rounded.scale() - 1;
    BigDecimal stripped = rounded.stripTrailingZeros();
    if (exponent >= -4 && exponent < DBL_DIG) {
      return stripped.toPlainString();
    }
    String digits = stripped.unscaledValue().abs().toString();
    StringBuilder out = new StringBuilder(24);
    if (value < 0) {
      out.append('-');
    }
    out.append(digits.charAt(0));
    if (digits.length() > 1) {
      out.append('.').append(digits, 1, digits.length());
    }
    out.append('e').append(exponent < 0 ? '-' : '+');
    int magnitude = Math.abs(exponent);
    if (magnitude < 10) {
      out.append('0');
    }
    return out.append(magnitude).toString();
  }

  /** {@code "%f"}: six decimals, the exact value rounded half to even. */
  static String fixed6(double value) {
    String special = special(value);
    if (special != null) {
      return special;
    }
    String plain = new BigDecimal(value).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
    if (Double.doubleToRawLongBits(value) < 0 && !plain.startsWith("-")) {
      return "-" + plain;
    }
    return plain;
  }

  private static String special(double value) {
    if (Double.isNaN(value)) {
      return "NaN";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "Infinity" : "-Infinity";
    }
    return null;
  }
}
