package io.commitbench.core.compare;

import io.commitbench.core.group.CommitBreakdownFigures;
import io.commitbench.core.report.html.CommitBreakdownChart;
import io.commitbench.core.results.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The subjects' commit breakdowns side by side: the client's mean commit time, one row per part
 * (its mean per commit), the parts' sum and the difference, all in milliseconds, as the other
 * blocks of a comparison are (a group's median over its completed runs, the ratio to the first
 * subject, the noise verdict between groups). A part a subject's runs list as not measured reads
 * {@code unmeasured} there; the notes under the block say why, and which subjects have no
 * breakdown at all (a summary of a build before it) or did not measure one. The figures and their
 * medians are {@link CommitBreakdownFigures}', as on a group's page.
 *
 * @param rows the figures, as {@link Comparison}'s other blocks
 * @param unmeasured per row, per subject, whether its runs list the part as not measured
 * @param notes what the block's cells do not say
 */
record BreakdownBlock(List<Comparison.Row> rows, List<List<Boolean>> unmeasured, List<String> notes) {

  static final String TITLE = "Where a commit's time goes (mean ms per commit)";
  static final String CHART = "commit-breakdown";

  /** The block, or empty when no subject's runs have a measured commit breakdown. */
  static Optional<BreakdownBlock> of(Comparison c) {
    List<Subject> subjects = c.subjects();
    List<RunSummary> all = subjects.stream().flatMap(s -> s.counted().stream()).toList();
    if (all.stream().noneMatch(CommitBreakdownFigures::measured)) {
      return Optional.empty();
    }
    List<String> parts = CommitBreakdownFigures.parts(all);
    List<Comparison.Row> rows = Comparison.rows(subjects, r -> CommitBreakdownFigures.of(r, parts), true);
    List<Boolean> incomplete = subjects.stream()
        .map(s -> s.counted().stream().anyMatch(r -> !"completed".equals(r.outcome()))).toList();
    rows = Comparison.marked(rows, (row, i) -> incomplete.get(i) ? Comparison.INCOMPLETE : "");
    List<List<Boolean>> unmeasured = new ArrayList<>();
    for (Comparison.Row row : rows) {
      List<Boolean> perSubject = new ArrayList<>();
      for (int i = 0; i < subjects.size(); i++) {
        perSubject.add(CommitBreakdownFigures.unmeasured(subjects.get(i).counted(), row.name(), row.values().get(i)));
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
          line.set(valueColumn(c, i), CommitBreakdownFigures.UNMEASURED);
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
      if (c.subjects().get(i).counted().stream().noneMatch(CommitBreakdownFigures::measured)) {
        continue;
      }
      Map<String, Double> figures = new LinkedHashMap<>();
      for (Comparison.Row row : rows) {
        figures.put(row.name(), row.values().get(i));
      }
      bars.add(CommitBreakdownFigures.bar(c.labels().get(i), figures));
    }
    return bars;
  }

  /** The column of subject {@code i}'s value in a row of {@link CompareTable#rows}. */
  private static int valueColumn(Comparison c, int i) {
    return i == 0 ? 1 : 2 + (i - 1) * (c.anyGroup() ? 3 : 2);
  }

  private static List<String> notes(Comparison c) {
    List<String> notes = new ArrayList<>();
    for (int i = 0; i < c.subjects().size(); i++) {
      CommitBreakdownFigures.note(c.labels().get(i), c.subjects().get(i).counted()).ifPresent(notes::add);
    }
    return notes;
  }
}
