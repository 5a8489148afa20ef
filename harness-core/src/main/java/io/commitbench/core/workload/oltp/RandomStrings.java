package io.commitbench.core.workload.oltp;

import java.util.function.DoubleSupplier;

/**
 * sysbench's random strings ({@code sysbench.rand.string}, {@code sb_rand_str} in {@code
 * src/sb_rand.c}): each {@code #} of a template becomes a random digit, each {@code @} a random
 * lower-case letter, anything else stays. The templates of the {@code c} and {@code pad} columns
 * are those of {@code oltp_common.lua}: groups of 11 digits separated by dashes, 10 groups (119
 * characters) and 5 groups (59 characters). Confined to one thread.
 */
final class RandomStrings {

  /** {@code c_value_template}. */
  static final String C_TEMPLATE = groups(10);
  /** {@code pad_value_template}. */
  static final String PAD_TEMPLATE = groups(5);

  private static final int GROUP_DIGITS = 11;

  private final RandomIds random;

  RandomStrings(RandomIds random) {
    this.random = random;
  }

  static RandomStrings of(DoubleSupplier uniform) {
    return new RandomStrings(new RandomIds(new RandomIds.Parameters(RandomIds.Type.UNIFORM, 1, 0, 0, 0.5, 0),
        uniform));
  }

  String fill(String template) {
    char[] out = template.toCharArray();
    for (int i = 0; i < out.length; i++) {
      if (out[i] == '#') {
        out[i] = (char) random.uniform('0', '9');
      } else if (out[i] == '@') {
        out[i] = (char) random.uniform('a', 'z');
      }
    }
    return new String(out);
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
