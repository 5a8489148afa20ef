package io.commitbench.core.key;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Sizes as people write them: {@code 4096}, {@code 64K}, {@code 512M}, {@code 1G}, {@code 2T} (powers of 1024). */
public final class ByteSize {

  /** What {@link #parse} accepts, for error messages. */
  public static final String ALLOWED = "bytes or a number with K, M, G or T (powers of 1024), e.g. 512M";

  private static final Pattern SIZE = Pattern.compile("(\\d+)([KMGT]?)(I?B)?");

  private ByteSize() {}

  /**
   * The number of bytes {@code text} stands for.
   *
   * @throws IllegalArgumentException naming what is allowed, when the text is not a size or is too large
   */
  public static long parse(String text) {
    Matcher m = SIZE.matcher(text.strip().toUpperCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a size; give " + ALLOWED);
    }
    int shift = switch (m.group(2)) {
      case "K" -> 10;
      case "M" -> 20;
      case "G" -> 30;
      case "T" -> 40;
      default -> 0;
    };
    long value;
    try {
      value = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + text + "' is too large a size");
    }
    if (value > (Long.MAX_VALUE >> shift)) {
      throw new IllegalArgumentException("'" + text + "' is too large a size");
    }
    return value << shift;
  }
}
