package io.commitbench.core.workload.oltp;

import java.nio.charset.StandardCharsets;
import java.util.function.DoubleSupplier;

/**
 * sysbench's random strings ({@code sysbench.rand.string}, {@code sb_rand_str} in {@code
 * src/sb_rand.c}): each {@code #} of a template becomes a uniformly random digit, each {@code @} a
 * random lower-case letter, anything else stays. The templates of the {@code c} and {@code pad} columns
 * are those of {@code oltp_common.lua}: groups of 11 digits separated by dashes, 10 groups (119
 * characters) and 5 groups (59 characters). Confined to one thread.
 */
final class RandomStrings {

  /** {@code c_value_template}. */
  static final String C_TEMPLATE = groups(10);
  /** {@code pad_value_template}. */
  static final String PAD_TEMPLATE = groups(5);

  private static final int GROUP_DIGITS = 11;
  private static final int DIGITS_PER_DRAW = 9;
  private static final long DIGITS_PER_DRAW_RANGE = 1_000_000_000L;

  private final RandomIds random;
  /** The digits of the last draw not handed out yet, the next one lowest. */
  private int digits;
  private int digitsLeft;

  RandomStrings(RandomIds random) {
    this.random = random;
  }

  static RandomStrings of(DoubleSupplier uniform) {
    return new RandomStrings(new RandomIds(new RandomIds.Parameters(RandomIds.Type.UNIFORM, 1, 0, 0, 0.5, 0),
        uniform));
  }

  String fill(String template) {
    // Templates are ASCII: bytes of ISO-8859-1 make the string without a compression pass.
    byte[] out = template.getBytes(StandardCharsets.ISO_8859_1);
    for (int i = 0; i < out.length; i++) {
      if (out[i] == '#') {
        out[i] = nextDigit();
      } else if (out[i] == '@') {
        out[i] = (byte) random.uniform('a', 'z');
      }
    }
    return new String(out, StandardCharsets.ISO_8859_1);
  }

  /**
   * A uniformly random digit, nine at a time from one draw of {@code uniform(0, 999,999,999)}:
   * the same distribution as a draw per digit (each of the 10^9 values equally likely makes every
   * digit uniform and independent of the others), at a ninth of the draws. A data set's c and pad
   * take 176 digits a row, and drawing each on its own would be the largest part of the loader's CPU.
   */
  private byte nextDigit() {
    if (digitsLeft == 0) {
      digits = (int) random.uniform(0, DIGITS_PER_DRAW_RANGE - 1);
      digitsLeft = DIGITS_PER_DRAW;
    }
    // The lowest digit first: a division by the constant 10 compiles to a multiplication.
    int digit = digits % 10;
    digits /= 10;
    digitsLeft--;
    return (byte) ('0' + digit);
  }

  String c() {
    return fill(C_TEMPLATE);
  }

  String pad() {
    return fill(PAD_TEMPLATE);
  }

  private static String groups(int count) {
    String group = "#".repeat(GROUP_DIGITS);
    StringBuilder template = new StringBuilder(group);
    for (int i = 1; i < count; i++) {
      template.append('-').append(group);
    }
    return template.toString();
  }
}
