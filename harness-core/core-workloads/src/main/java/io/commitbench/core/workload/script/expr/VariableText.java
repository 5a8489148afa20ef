package io.commitbench.core.workload.script.expr;

import java.util.regex.Pattern;

/**
 * Reads a variable's text as a value the way pgbench 15's {@code makeVariableValue} does
 * (src/bin/pgbench/pgbench.c): {@code null}; prefixes of {@code true}/{@code yes} and {@code on};
 * prefixes of {@code false}/{@code no} and {@code off}/{@code of}; an integer
 * ({@code ^\s*[-+]?[0-9]+$}, which must fit in 64 bits); else a double as C's {@code strtod} reads
 * it, the whole text, with no overflow or underflow.
 */
final class VariableText {
  /** C's {@code strtod} decimal form: digits with an optional point and exponent. */
  private static final Pattern DECIMAL = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");
  /** C's {@code strtod} hexadecimal form, whose binary exponent may be left out. */
  private static final Pattern HEX =
      Pattern.compile("[-+]?0[xX]([0-9a-fA-F]+\\.?[0-9a-fA-F]*|\\.[0-9a-fA-F]+)([pP][-+]?\\d+)?");
  private static final Pattern INFINITY = Pattern.compile("[-+]?(?i:inf|infinity)");
  private static final Pattern NAN = Pattern.compile("[-+]?(?i:nan)(\\([0-9A-Za-z_]*\\))?");

  private VariableText() {}

  static Value read(String variable, String text) throws EvaluationException {
    int length = text.length();
    if (length == 0) {
      throw malformed(variable, text);
    }
    if (text.equalsIgnoreCase("null")) {
      return Value.nullValue();
    }
    if (isPrefixOf(text, "true") || isPrefixOf(text, "yes") || text.equalsIgnoreCase("on")) {
      return Value.ofBoolean(true);
    }
    if (isPrefixOf(text, "false") || isPrefixOf(text, "no") || text.equalsIgnoreCase("off")
        || text.equalsIgnoreCase("of")) {
      return Value.ofBoolean(false);
    }
    if (looksLikeInt(text)) {
      return Value.ofInt(parseInt(text));
    }
    double parsed = parseDouble(text);
    if (Double.isNaN(parsed) && !NAN.matcher(text.stripLeading()).matches()) {
      throw malformed(variable, text);
    }
    return Value.ofDouble(parsed);
  }

  private static EvaluationException malformed(String variable, String text) {
    String name = variable == null ? "" : " \"" + variable + "\"";
    return new EvaluationException("malformed variable" + name + " value: \"" + text + "\"");
  }

  private static boolean isPrefixOf(String text, String word) {
    return text.length() <= word.length() && word.regionMatches(true, 0, text, 0, text.length());
  }

  /** pgbench's {@code is_an_int}, quirks included: a lone sign passes, and then fails to parse. */
  private static boolean looksLikeInt(String text) {
    int i = skipSpace(text, 0);
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      i++;
    }
    if (i < text.length() && !isDigit(text.charAt(i))) {
      return false;
    }
    while (i < text.length() && isDigit(text.charAt(i))) {
      i++;
    }
    return i == text.length();
  }

  /** pgbench's {@code strtoint64} with its messages. */
  static long parseInt(String text) throws EvaluationException {
    int i = skipSpace(text, 0);
    boolean negative = false;
    if (i < text.length() && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
      negative = text.charAt(i) == '-';
      i++;
    }
    if (i >= text.length() || !isDigit(text.charAt(i))) {
      throw new EvaluationException("invalid input syntax for type bigint: \"" + text + "\"");
    }
    long accumulated = 0; // kept negative so that the minimum fits
    while (i < text.length() && isDigit(text.charAt(i))) {
      int digit = text.charAt(i++) - '0';
      if (accumulated < (Long.MIN_VALUE + digit) / 10) {
        throw new EvaluationException("value \"" + text + "\" is out of range for type bigint");
      }
      accumulated = accumulated * 10 - digit;
    }
    i = skipSpace(text, i);
    if (i != text.length()) {
      throw new EvaluationException("invalid input syntax for type bigint: \"" + text + "\"");
    }
    if (!negative) {
      if (accumulated == Long.MIN_VALUE) {
        throw new EvaluationException("value \"" + text + "\" is out of range for type bigint");
      }
      return -accumulated;
    }
    return accumulated;
  }

  /**
   * C's {@code strtod} on the whole text, as pgbench's {@code strtodouble}: NaN when it does not
   * read or is out of range (except for a text that spells NaN, which callers tell apart).
   */
  static double parseDouble(String text) {
    String s = text.substring(skipSpace(text, 0));
    if (DECIMAL.matcher(s).matches()) {
      return checkRange(Double.parseDouble(s), s);
    }
    if (HEX.matcher(s).matches()) {
      String withExponent = s.indexOf('p') < 0 && s.indexOf('P') < 0 ? s + "p0" : s;
      return checkRange(Double.parseDouble(withExponent), s);
    }
    if (INFINITY.matcher(s).matches()) {
      return s.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    return Double.NaN;
  }

  /** {@code strtod} sets ERANGE on overflow and on underflow below the normal range. */
  private static double checkRange(double value, String s) {
    if (Double.isInfinite(value)) {
      return Double.NaN;
    }
    if (Math.abs(value) < Double.MIN_NORMAL && hasNonZeroDigit(s)) {
      return Double.NaN;
    }
    return value;
  }

  private static boolean hasNonZeroDigit(String s) {
    int x = Math.max(s.indexOf('x'), s.indexOf('X'));
    boolean hex = x >= 0;
    for (int i = hex ? x + 1 : 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (hex ? c == 'p' || c == 'P' : c == 'e' || c == 'E') {
        return false;
      }
      if (hex ? Character.digit(c, 16) > 0 : c >= '1' && c <= '9') {
        return true;
      }
    }
    return false;
  }

  private static int skipSpace(String text, int from) {
    int i = from;
    while (i < text.length() && isSpace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /** C's {@code isspace} in the C locale. */
  static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\u000b' || c == '\f' || c == '\r';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }
}
