package io.commitbench.core.report.html;

import java.util.ArrayList;
import java.util.List;

/**
 * The {@code " | Label            : value"} lines of a run header ({@code ReportText.header}, with
 * the environment's lines of {@code EnvironmentText}) as label and value; a line with an empty
 * label continues the value before it (the durability settings wrap).
 */
final class HeaderLines {

  private static final String PREFIX = " | ";
  private static final String COLON = ": ";

  private HeaderLines() {}

  /** Label and value of each header line, in order; other lines are skipped. */
  static List<String[]> parse(List<String> lines) {
    List<String[]> pairs = new ArrayList<>();
    for (String line : lines) {
      int colon = line.indexOf(COLON, PREFIX.length());
      if (!line.startsWith(PREFIX) || colon < 0) {
        continue;
      }
      String label = line.substring(PREFIX.length(), colon).strip();
      String value = line.substring(colon + COLON.length()).strip();
      if (label.isEmpty() && !pairs.isEmpty()) {
        String[] last = pairs.get(pairs.size() - 1);
        last[1] = last[1] + " " + value;
      } else {
        pairs.add(new String[] {label, value});
      }
    }
    return pairs;
  }

  /** The value of the first line labelled {@code label}, or null. */
  static String value(List<String[]> pairs, String label) {
    for (String[] pair : pairs) {
      if (pair[0].equals(label)) {
        return pair[1];
      }
    }
    return null;
  }
}
