package io.commitbench.storage.cow;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Turns an option's word into one of an enum's constants, or an error that lists the allowed words. */
final class OptionLabels {

  private OptionLabels() {}

  static <E extends Enum<E>> E parse(E[] values, Function<E, String> label, String text, String option) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values).filter(v -> label.apply(v).equals(wanted)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("Invalid value '" + text + "' for option '" + option
            + "': give " + Arrays.stream(values).map(label).collect(Collectors.joining(", "))));
  }
}
