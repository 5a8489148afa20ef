package io.commitbench.core.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A workload figure's dotted path in {@code summary.json} as a row name: camel case split into
 * words and a trailing unit word moved to the end in brackets, so {@code averageActorUpdateMillis}
 * reads {@code average actor update (ms)} and {@code latencyMillis.p95} reads {@code latency p95
 * (ms)}. Any workload's figures read this way; nothing is named by hand.
 */
final class FigureNames {

  private static final Map<String, String> UNITS = Map.of("millis", "ms", "seconds", "s", "micros", "µs",
      "nanos", "ns", "bytes", "bytes");

  private FigureNames() {}

  static String of(String path) {
    List<String> words = new ArrayList<>();
    String unit = null;
    for (String segment : path.split("\\.")) {
      List<String> split = words(segment);
      String last = split.get(split.size() - 1).toLowerCase(Locale.ROOT);
      if (UNITS.containsKey(last)) {
        unit = UNITS.get(last);
        split = split.subList(0, split.size() - 1);
      }
      split.forEach(w -> words.add(w.toLowerCase(Locale.ROOT)));
    }
    String name = String.join(" ", words);
    return unit == null ? name : (name.isEmpty() ? "" : name + " ") + "(" + unit + ")";
  }

  /** {@code averageActorMillis} as {@code average, Actor, Millis}; a name without capitals is one word. */
  private static List<String> words(String segment) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (char c : segment.toCharArray()) {
      if (Character.isUpperCase(c) && word.length() > 0) {
        words.add(word.toString());
        word.setLength(0);
      }
      word.append(c);
    }
    words.add(word.toString());
    return words;
  }
}
