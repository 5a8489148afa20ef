package io.commitbench.core.workload.oltp;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** Whether a run loads tables of its own or runs on a prepared data set ({@code load}). */
enum LoadMode {
  FRESH,
  REUSE;

  String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  static List<String> labels() {
    return Arrays.stream(values()).map(LoadMode::label).toList();
  }

  static LoadMode parse(String label) {
    return valueOf(label.toUpperCase(Locale.ROOT));
  }
}
