package io.commitbench.core.report;

import java.util.Locale;

/**
 * Numbers appended to a {@link StringBuilder} as {@code String.format} in {@link Locale#ROOT}
 * would write them, for the lines written every report interval ({@code intervals.csv}, the
 * progress line). Not {@code String.format}: parsing the pattern once per cell, and the
 * formatter's code, which runs too rarely to be compiled early, would be a large part of the
 * interval reporter's CPU, a cost the plain loops a run is compared with do not pay.
 *
 * <p>Rounding is half up; a value exactly between two steps in binary may round the other way
 * than {@code String.format}, one step in the last place at most. Stateless and thread-safe.
 */
public final class Decimals {

  /** Beyond this, the last place of a double is no longer exact: such a value is formatted the slow way. */
  private static final double MAX_FAST = 1e9;

  private static final long[] SCALE = {1, 10, 100, 1000};

  private Decimals() {}

  /** Three decimals, as {@code %.3f}. */
  public static StringBuilder threePlaces(StringBuilder b, double value) {
    return fixed(b, value, 3);
  }

  /**
   * {@code places} decimals (0 to 3), as {@code %.<places>f}.
   *
   * @throws IllegalArgumentException for other numbers of places
   */
  public static StringBuilder fixed(StringBuilder b, double value, int places) {
    if (places < 0 || places >= SCALE.length) {
      throw new IllegalArgumentException("places must be 0 to 3, got " + places);
    }
    if (!Double.isFinite(value) || Math.abs(value) >= MAX_FAST) {
      return b.append(String.format(Locale.ROOT, "%." + places + "f", value));
    }
    long scale = SCALE[places];
    long steps = Math.round(Math.abs(value) * scale);
    if (value < 0 && steps != 0) {
      b.append('-');
    }
    b.append(steps / scale);
    if (places > 0) {
      String fraction = Long.toString(steps % scale + scale);
      b.append('.').append(fraction, 1, fraction.length());
    }
    return b;
  }

  /** A whole number with thousands separators, as {@code %,.0f}. */
  public static StringBuilder grouped(StringBuilder b, double value) {
    if (!Double.isFinite(value) || Math.abs(value) >= MAX_FAST) {
      return b.append(String.format(Locale.ROOT, "%,.0f", value));
    }
    long rounded = Math.round(Math.abs(value));
    if (value < 0 && rounded != 0) {
      b.append('-');
    }
    String digits = Long.toString(rounded);
    int head = digits.length() % 3 == 0 ? 3 : digits.length() % 3;
    b.append(digits, 0, head);
    for (int i = head; i < digits.length(); i += 3) {
      b.append(',').append(digits, i, i + 3);
    }
    return b;
  }
}
