package io.commitbench.core.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A comparison as rows of cells, the same for the text, Markdown and HTML outputs: per figure
 * each subject's value, and for every subject after the first its ratio to the first and, when
 * groups are compared, the noise verdict with its interval. A value a reader must not take at
 * face value carries its mark in brackets ({@code 52275 [shared server]}); in HTML such a cell
 * starts with {@link #FLAG}, which the page draws in red.
 */
final class CompareTable {

  /** The first character of a cell the HTML page marks as bad. */
  static final String FLAG = "\u0001";

  private CompareTable() {}

  static List<String> header(Comparison c) {
    List<String> header = new ArrayList<>();
    header.add("figure");
    for (int i = 0; i < c.subjects().size(); i++) {
      Subject s = c.subjects().get(i);
      header.add(c.labels().get(i) + (s.group() ? " (median of " + s.counted().size() + ")" : ""));
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
    return rows(c, rows, false);
  }

  /** @param flagged whether a marked cell starts with {@link #FLAG} (for HTML) */
  static List<List<String>> rows(Comparison c, List<Comparison.Row> rows, boolean flagged) {
    String flag = flagged ? FLAG : "";
    List<List<String>> cells = new ArrayList<>();
    for (Comparison.Row row : rows) {
      List<String> line = new ArrayList<>();
      line.add(row.name());
      for (int i = 0; i < row.values().size(); i++) {
        String mark = row.marks().get(i);
        String value = number(row.values().get(i), wholeRow(row) || Math.abs(row.values().get(i)) >= 1000);
        line.add(mark.isEmpty() ? value : flag + value + " [" + mark + "]");
        if (i > 0) {
          line.add(ratioCell(row, i, flag));
          if (c.anyGroup()) {
            NoiseTest.Verdict v = row.verdicts().get(i);
            line.add(row.notJudged(i) ? flag + "not judged: " + Comparison.SHARED
                : v.known() ? String.format(Locale.ROOT, "%s [%.3f, %.3f]", v.label(), v.low(), v.high()) : v.label());
          }
        }
      }
      cells.add(line);
    }
    return cells;
  }

  private static String ratioCell(Comparison.Row row, int i, String flag) {
    if (row.notJudged(i)) {
      return flag + "- [" + Comparison.SHARED + "]";
    }
    String ratio = ratio(row.ratios().get(i));
    String mark = !row.marks().get(i).isEmpty() ? row.marks().get(i) : row.marks().get(0);
    return mark.isEmpty() || ratio.equals("-") ? ratio : flag + ratio + " [" + mark + "]";
  }

  /** A ratio with three decimals, or three significant digits when it is smaller than that shows. */
  static String ratio(double r) {
    if (!Double.isFinite(r)) {
      return "-";
    }
    return r == 0 || Math.abs(r) >= 0.001 ? String.format(Locale.ROOT, "%.3f", r) : String.format(Locale.ROOT, "%.3g", r);
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

  /** What the server's figures are, and what a shared server's mark means. */
  static String serverNote(Comparison c) {
    boolean anyShared = c.warnings().stream().anyMatch(w -> w.kind().equals(Warnings.SHARED_SERVER));
    return "Server-wide: the server's counters count every session on the server, not only the run's."
        + (anyShared ? " [" + Comparison.SHARED + "]: other clients worked on the server during the run: the figures"
            + " are not the run's own, so they get no ratio and no noise verdict." : "");
  }

  private static boolean recordedByAny(Comparison.Row row) {
    return row.values().stream().anyMatch(v -> !Double.isNaN(v));
  }

  /** One row per subject: its label, the folder it was read from, its runs and their outcomes. */
  static List<List<String>> subjects(Comparison c) {
    List<List<String>> cells = new ArrayList<>();
    for (int i = 0; i < c.subjects().size(); i++) {
      Subject s = c.subjects().get(i);
      List<String> outcomes = s.summaries().stream().map(r -> r.outcome() == null ? "?" : r.outcome()).toList();
      cells.add(List.of(c.labels().get(i), s.directory().toString(), s.group() ? s.summaries().size()
          + " runs, " + s.counted().size() + " counted" : "run", outcomes.stream().allMatch("completed"::equals)
          ? "completed" : String.join(", ", outcomes)));
    }
    return cells;
  }

  static List<String> subjectHeader() {
    return List.of("subject", "folder", "runs", "outcome");
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
    header.addAll(c.labels());
    return header;
  }

  /** A whole number of 1,000 or more as one, any other with three decimals; NaN as {@code -}. */
  static String number(double v) {
    return number(v, Math.abs(v) >= 1000);
  }

  /** @param whole whether a whole number is written without decimals (all of its row's values are whole) */
  private static String number(double v, boolean whole) {
    if (Double.isNaN(v)) {
      return "-";
    }
    return whole && whole(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3f", v);
  }

  private static boolean whole(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15;
  }

  /** Whether a row's values are all whole numbers (counts, set rates): then they are written as such. */
  private static boolean wholeRow(Comparison.Row row) {
    return row.values().stream().filter(Double::isFinite).allMatch(CompareTable::whole);
  }

  /** What the verdict means and how it was found, for the line under the table. */
  static String noiseNote(Comparison c) {
    return c.anyGroup() ? "vs noise: " + NoiseTest.METHOD + "; exceeds noise when the interval excludes 1 (only"
        + " between groups of at least 2 completed runs each)."
        : "Single runs: no run-to-run noise was measured; repeat them with runs=N to learn whether a difference is noise.";
  }

  /** The lines that come before every table: the warnings, and the keys a sweep or --force let differ. */
  static List<String> preface(Comparison c) {
    List<String> lines = new ArrayList<>();
    c.warnings().forEach(w -> lines.add("warning: " + w.text()));
    if (!c.swept().isEmpty()) {
      lines.add("Compared as the points of a sweep of " + String.join(", ", c.swept())
          + ": the runs differ in it by design.");
    }
    if (!c.differences().isEmpty()) {
      lines.add("Compared with --force although not comparable: " + String.join("; ", c.differences()));
    }
    return lines;
  }
}
