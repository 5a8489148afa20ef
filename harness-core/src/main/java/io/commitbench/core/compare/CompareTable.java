package io.commitbench.core.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison as rows of cells, the same for the text, Markdown and HTML outputs: per figure
 * each subject's value, and for every subject after the first its ratio to the first and, when
 * groups are compared, the noise verdict with its interval.
 */
final class CompareTable {

  private CompareTable() {}

  static List<String> header(Comparison c) {
    List<String> header = new ArrayList<>();
    header.add("figure");
    for (int i = 0; i < c.subjects().size(); i++) {
      Subject s = c.subjects().get(i);
      String name = s.name() + (s.group() ? " (median of " + s.counted().size() + ")" : "");
      header.add(name);
      if (i > 0) {
        header.add("ratio");
        if (c.anyGroup()) {
          header.add("vs noise");
        }
      }
    }
    return header;
  }

  static List<List<String>> rows(Comparison c, List<Comparison.Row> rows) {
    List<List<String>> cells = new ArrayList<>();
    for (Comparison.Row row : rows) {
      List<String> line = new ArrayList<>();
      line.add(row.name());
      for (int i = 0; i < row.values().size(); i++) {
        line.add(number(row.values().get(i)));
        if (i > 0) {
          line.add(Double.isFinite(row.ratios().get(i)) ? String.format(Locale.ROOT, "%.3f", row.ratios().get(i)) : "-");
          if (c.anyGroup()) {
            NoiseTest.Verdict v = row.verdicts().get(i);
            line.add(v.known() ? String.format(Locale.ROOT, "%s [%.3f, %.3f]", v.label(), v.low(), v.high()) : v.label());
          }
        }
      }
      cells.add(line);
    }
    return cells;
  }

  /** The rows with a value in at least one subject: a row that every run lacks is only dashes. */
  static List<Comparison.Row> present(List<Comparison.Row> rows) {
    return rows.stream().filter(CompareTable::recordedByAny).toList();
  }

  /**
   * The line that names the server's figures no subject has (an H2 run records no log counters),
   * without their "server " prefix; an empty string when there are none.
   */
  static String absentServerNote(List<Comparison.Row> serverRows) {
    List<String> absent = serverRows.stream().filter(r -> !recordedByAny(r))
        .map(r -> r.name().replaceFirst("^server ", "")).toList();
    return absent.isEmpty() ? ""
        : "Server's log figures recorded by none of these runs' databases: " + String.join(", ", absent) + ".";
  }

  private static boolean recordedByAny(Comparison.Row row) {
    return row.values().stream().anyMatch(v -> !Double.isNaN(v));
  }

  static List<List<String>> facts(Comparison c) {
    List<List<String>> cells = new ArrayList<>();
    for (Comparison.FactRow row : c.environment()) {
      List<String> line = new ArrayList<>();
      line.add(row.fact());
      line.addAll(row.values());
      cells.add(line);
    }
    return cells;
  }

  static List<String> factHeader(Comparison c) {
    List<String> header = new ArrayList<>();
    header.add("environment fact that differs");
    c.subjects().forEach(s -> header.add(s.name()));
    return header;
  }

  static String number(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return v == Math.rint(v) && Math.abs(v) < 1e15 && Math.abs(v) >= 1000 ? String.valueOf((long) v)
        : String.format(Locale.ROOT, "%.3f", v);
  }

  /** What the verdict means and how it was found, for the line under the table. */
  static String noiseNote(Comparison c) {
    return c.anyGroup() ? "vs noise: " + NoiseTest.METHOD + "; exceeds noise when the interval excludes 1 (only"
        + " between groups of at least 2 completed runs each)."
        : "Single runs: no run-to-run noise was measured; repeat them with runs=N to learn whether a difference is noise.";
  }
}
