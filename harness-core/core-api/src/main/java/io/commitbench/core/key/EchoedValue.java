package io.commitbench.core.key;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A value as an error message repeats it: in full up to {@link #MAX_SHOWN} characters, else its
 * start and its length ({@code xxxx… (200000 characters)}), so that a pasted file or a runaway
 * variable does not bury the message that names it.
 */
public final class EchoedValue {

  /** The longest value shown in full: long enough for any real URL, path or name. */
  public static final int MAX_SHOWN = 200;
  /** How much of a longer value is shown. */
  static final int START_SHOWN = 60;

  /** A run of characters without a space longer than a value is shown: a value a message repeats. */
  private static final Pattern LONG_WORD = Pattern.compile("[^\\s'\"]{" + (MAX_SHOWN + 1) + ",}");

  private EchoedValue() {}

  /** {@code value}, shortened when longer than {@link #MAX_SHOWN}; null stays null. */
  public static String of(String value) {
    if (value == null || value.length() <= MAX_SHOWN) {
      return value;
    }
    return value.substring(0, START_SHOWN) + "… (" + value.length() + " characters)";
  }

  /**
   * {@code message} with every value in it shortened as {@link #of} does, for a message another
   * library wrote around a value (picocli's {@code Invalid value for option '--writes': 'xxx...'}).
   */
  public static String within(String message) {
    if (message == null) {
      return null;
    }
    Matcher word = LONG_WORD.matcher(message);
    return word.find() ? word.replaceAll(m -> Matcher.quoteReplacement(of(m.group()))) : message;
  }
}
