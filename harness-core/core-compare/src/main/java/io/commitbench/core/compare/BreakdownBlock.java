package io.commitbench.core.compare;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.report.html.CommitBreakdownChart;
import io.commitbench.core.results.CommitBreakdownView;
import io.commitbench.core.results.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The subjects' commit breakdowns side by side: the client's mean commit time, one row per part
 * (its mean per commit), the parts' sum and the difference, all in milliseconds, as the other
 * blocks of a comparison are (a group's median over its completed runs, the ratio to the first
 * subject, the noise verdict between groups). A part a subject's runs list as not measured reads
 * {@code unmeasured} there; the notes under the block say why, and which subjects have no
 * breakdown at all (a summary of a build before it) or did not measure one.
 *
 * @param rows the figures, as {@link Comparison}'s other blocks
 * @param unmeasured per row, per subject, whether its runs list the part as not measured
 * @param notes what the block's cells do not say
 */
record BreakdownBlock(List<Comparison.Row> rows, List<List<Boolean>> unmeasured, List<String> notes) {

  static final String TITLE = "Where a commit's time goes (mean ms per commit)";
  static final String CLIENT = "client's commit (ms)";
  static final String SUM = "parts' sum (ms)";
  static final String DIFFERENCE = "client minus parts (ms)";
  static final String UNMEASURED = "unmeasured";
  static final String CHART = "commit-breakdown";

  /** The block, or empty when no subject's runs have a measured commit breakdown. */
  static Optional<BreakdownBlock> of(Comparison c) {
    List<Subject> subjects = c.subjects();
    if (subjects.stream().flatMap(s -> s.counted().stream()).noneMatch(BreakdownBlock::measured)) {
      return Optional.empty();
    }
    // The known parts and those any run measured in the report's order, then the rest runs name as not measured.
    Set<String> names = new LinkedHashSet<>();
    Set<String> unmeasuredOnly = new LinkedHashSet<>();
    subjects.forEach(s -> s.counted().forEach(r -> r.commitBreakdown().filter(CommitBreakdownView::measured)
        .ifPresent(b -> {
          b.parts().forEach(p -> names.add(p.name()));
          b.unmeasured().forEach(u -> unmeasuredOnly.add(u.name()));
        })));
    unmeasuredOnly.stream().filter(CommitParts.ORDER::contains).forEach(names::add);
    List<String> parts = new ArrayList<>(CommitBreakdownChart.order(names));
    unmeasuredOnly.stream().filter(n -> !names.contains(n)).forEach(parts::add);
    List<String> figures = new ArrayList<>();
    figures.add(CLIENT);
    parts.forEach(p -> figures.add(row(p)));
    figures.add(SUM);
    figures.add(DIFFERENCE);
    List<Comparison.Row> rows = Comparison.rows(subjects, r -> figures(r, parts, figures), true);
    List<Boolean> incomplete = subjects.stream()
        .map(s -> s.counted().stream().anyMatch(r -> !"completed".equals(r.outcome()))).toList();
    rows = Comparison.marked(rows, (row, i) -> incomplete.get(i) ? Comparison.INCOMPLETE : "");
    List<List<Boolean>> unmeasured = new ArrayList<>();
    for (Comparison.Row row : rows) {
      List<Boolean> perSubject = new ArrayList<>();
      for (int i = 0; i < subjects.size(); i++) {
        String part = parts.stream().filter(p -> row(p).equals(row.name())).findFirst().orElse(null);
        perSubject.add(part != null && Double.isNaN(row.values().get(i)) && subjects.get(i).counted().stream()
            .anyMatch(r -> r.commitBreakdown().flatMap(b -> b.unmeasuredReason(part)).isPresent()));
      }
      unmeasured.add(perSubject);
    }
    return Optional.of(new BreakdownBlock(rows, unmeasured, notes(c)));
  }

  /** The rows as cells of {@link CompareTable#rows}, {@code unmeasured} where a part was not measured. */
  List<List<String>> cells(Comparison c, boolean flagged) {
    List<List<String>> cells = new ArrayList<>();
    List<List<String>> plain = CompareTable.rows(c, rows, flagged);
    for (int r = 0; r < plain.size(); r++) {
      List<String> line = new ArrayList<>(plain.get(r));
      for (int i = 0; i < c.subjects().size(); i++) {
        if (unmeasured.get(r).get(i)) {
          line.set(valueColumn(c, i), UNMEASURED);
        }
      }
      cells.add(line);
    }
    return cells;
  }

  /** One bar per subject that measured a breakdown: its parts' and its client's medians. */
  List<CommitBreakdownChart.Bar> bars(Comparison c) {
    List<CommitBreakdownChart.Bar> bars = new ArrayList<>();
    for (int i = 0; i < c.subjects().size(); i++) {
      if (c.subjects().get(i).counted().stream().noneMatch(BreakdownBlock::measured)) {
        continue;
      }
      Map<String, Double> parts = new LinkedHashMap<>();
      double client = Double.NaN;
      for (Comparison.Row row : rows) {
        if (row.name().equals(CLIENT)) {
          client = row.values().get(i);
        } else if (!row.name().equals(SUM) && !row.name().equals(DIFFERENCE)) {
          parts.put(part(row.name()), row.values().get(i));
        }
      }
      bars.add(new CommitBreakdownChart.Bar(c.labels().get(i), parts, client));
    }
    return bars;
  }

  /** The column of subject {@code i}'s value in a row of {@link CompareTable#rows}. */
  private static int valueColumn(Comparison c, int i) {
    return i == 0 ? 1 : 2 + (i - 1) * (c.anyGroup() ? 3 : 2);
  }

  private static boolean measured(RunSummary r) {
    return r.commitBreakdown().map(CommitBreakdownView::measured).orElse(false);
  }

  private static String row(String part) {
    return part + " (ms)";
  }

  private static String part(String row) {
    return row.substring(0, row.length() - " (ms)".length());
  }

  private static Map<String, Double> figures(RunSummary r, List<String> parts, List<String> figures) {
    Map<String, Double> values = new LinkedHashMap<>();
    figures.forEach(f -> values.put(f, Double.NaN));
    r.commitBreakdown().filter(CommitBreakdownView::measured).ifPresent(b -> {
      values.put(CLIENT, b.clientMeanMs());
      for (String part : parts) {
        b.part(part).ifPresent(p -> values.put(row(part), p.meanMs()));
      }
      values.put(SUM, Double.isFinite(b.partsSumMs()) ? b.partsSumMs()
          : b.parts().stream().mapToDouble(CommitBreakdownView.Part::meanMs).filter(Double::isFinite).sum());
      values.put(DIFFERENCE, b.differenceMs());
    });
    return values;
  }

  private static List<String> notes(Comparison c) {
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < c.subjects().size(); i++) {
      String label = c.labels().get(i);
      List<RunSummary> runs = c.subjects().get(i).counted();
      if (runs.stream().noneMatch(r -> r.commitBreakdown().isPresent())) {
        notes.add(label + ": no commit breakdown (its summary.json has none)");
        continue;
      }
      Set<String> why = new LinkedHashSet<>();
      runs.forEach(r -> r.commitBreakdown().ifPresent(b -> {
        if (!b.measured()) {
          why.add("not measured: " + b.reason());
        }
        b.unmeasured().forEach(u -> why.add(u.name() + " unmeasured: " + u.reason()));
      }));
      if (!why.isEmpty()) {
        notes.add(label + ": " + String.join("; ", why));
      }
    }
    return notes;
  }
}
