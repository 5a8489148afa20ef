package io.commitbench.core.workload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether a run loads tables of its own or runs on a prepared data set ({@code load}); the keys
 * and checks a loading workload shares are in {@link LoadKeys}.
 */
public enum LoadMode {
  FRESH,
  REUSE;

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static List<String> labels() {
    return Arrays.stream(values()).map(LoadMode::label).toList();
  }

  public static LoadMode parse(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }
}
