package io.commitbench.core.group;

import io.commitbench.core.report.html.ChartImages;
import io.commitbench.core.report.html.CommitBreakdownChart;
import io.commitbench.core.report.html.HtmlPage;
import io.commitbench.core.results.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a commit's time goes, on a group's or a sweep's page and in its {@code group.txt}: a
 * column per run (a group) or per value (a sweep: each figure's median over the value's
 * completed runs, {@link CommitBreakdownFigures#medians}), a stacked bar per column that measured
 * a breakdown ({@link CommitBreakdownChart}), and a table of the parts' means with the client's
 * mean, the parts' sum and the difference. A column without a breakdown says so in its header;
 * when no column has one, there is no section.
 */
final class GroupBreakdownSection {

  static final String TITLE = "Where a commit's time goes";
  static final String CHART = "commit-breakdown";
  static final String NO_BREAKDOWN = "no breakdown";
  static final String NOT_MEASURED = "not measured";
  static final String NO_COMPLETED_RUN = "no completed run";

  /** One column: what it is called and the runs its figures are the medians of (a group's column: one run). */
  record Column(String label, List<RunSummary> runs) {

    Column {
      runs = List.copyOf(runs);
    }

    boolean measured() {
      return runs.stream().anyMatch(CommitBreakdownFigures::measured);
    }

    /** The label, and why the column has no figures when it has none. */
    String header() {
      String why = measured() ? "" : runs.isEmpty() ? NO_COMPLETED_RUN
          : runs.stream().anyMatch(r -> r.commitBreakdown().isPresent()) ? NOT_MEASURED : NO_BREAKDOWN;
      return why.isEmpty() ? label : label + " (" + why + ")";
    }
  }

  private final List<Column> columns;
  private final List<String> parts;

  private GroupBreakdownSection(List<Column> columns) {
    this.columns = List.copyOf(columns);
    this.parts = CommitBreakdownFigures.parts(columns.stream().flatMap(c -> c.runs().stream()).toList());
  }

  /** A column per run of the group, in run order; a run that did not complete says so. */
  static GroupBreakdownSection of(GroupSummary g) {
    List<Column> columns = new ArrayList<>();
    for (Map.Entry<String, RunSummary> run : g.runs()) {
      columns.add(new Column(run.getKey() + (GroupSummary.counted(run.getValue()) ? "" : " (not counted)"),
          List.of(run.getValue())));
    }
    return new GroupBreakdownSection(columns);
  }

  /** A column per value that ran, of its completed runs. */
  static GroupBreakdownSection of(SweepSummary sweep) {
    List<Column> columns = new ArrayList<>();
    for (SweepSummary.Point p : sweep.points()) {
      if (!p.runs().runs().isEmpty()) {
        columns.add(new Column(p.folder(), p.runs().runs().stream().map(Map.Entry::getValue)
            .filter(GroupSummary::counted).toList()));
      }
    }
    return new GroupBreakdownSection(columns);
  }

  /** Whether a column has a measured breakdown: without one there is no section. */
  boolean present() {
    return columns.stream().anyMatch(Column::measured);
  }

  /** The section on the page, nothing when no column measured a breakdown; {@code intro} says what a column is. */
  void write(HtmlPage page, String intro) {
    if (!present()) {
      return;
    }
    page.heading(TITLE);
    page.note(intro + " What the parts do not account for is grey.");
    List<CommitBreakdownChart.Bar> bars = bars();
    page.chart(CHART, "the client's mean commit time split into its parts, a bar per column of the table below",
        ChartImages.dataUri(CommitBreakdownChart.chart(TITLE, bars), CommitBreakdownChart.height(bars.size())));
    page.table(header(), rows());
    notes().forEach(page::note);
  }

  /** A bar per column that measured a breakdown, of its figures' medians. */
  List<CommitBreakdownChart.Bar> bars() {
    List<CommitBreakdownChart.Bar> bars = new ArrayList<>();
    for (Column c : columns) {
      if (c.measured()) {
        bars.add(CommitBreakdownFigures.bar(c.label(), CommitBreakdownFigures.medians(c.runs(), parts)));
      }
    }
    return bars;
  }

  /** The block of {@code group.txt}: the table and its notes, empty when no column measured a breakdown. */
  String text() {
    if (!present()) {
      return "";
    }
    List<String> header = header();
    List<List<String>> rows = rows();
    int width = rows.stream().mapToInt(r -> r.get(0).length()).max().orElse(6);
    int column = Math.max(12, header.stream().skip(1).mapToInt(String::length).max().orElse(0));
    StringBuilder b = new StringBuilder(TITLE + " (mean ms per commit):\n");
    b.append(line(header, width, column));
    rows.forEach(r -> b.append(line(r, width, column)));
    notes().forEach(n -> b.append(n).append('\n'));
    return b.toString();
  }

  private static String line(List<String> cells, int width, int column) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "%-" + width + "s", cells.get(0)));
    cells.stream().skip(1).forEach(c -> b.append(String.format(Locale.ROOT, " %" + column + "s", c)));
    return b.toString().stripTrailing() + "\n";
  }

  private List<String> header() {
    List<String> header = new ArrayList<>(List.of("figure (mean ms per commit)"));
    columns.forEach(c -> header.add(c.header()));
    return header;
  }

  /** A row per figure ({@link CommitBreakdownFigures#names}), a cell per column; {@code unmeasured} where a run lists the part so. */
  private List<List<String>> rows() {
    List<Map<String, Double>> medians = columns.stream().map(c -> CommitBreakdownFigures.medians(c.runs(), parts))
        .toList();
    List<List<String>> rows = new ArrayList<>();
    for (String name : CommitBreakdownFigures.names(parts)) {
      List<String> row = new ArrayList<>(List.of(name));
      for (int i = 0; i < columns.size(); i++) {
        double v = medians.get(i).get(name);
        row.add(CommitBreakdownFigures.unmeasured(columns.get(i).runs(), name, v) ? CommitBreakdownFigures.UNMEASURED
            : GroupReportHtml.number(v));
      }
      rows.add(row);
    }
    return rows;
  }

  /** Why columns lack figures, once per reason: the columns that share one are named together. */
  private List<String> notes() {
    Map<String, List<String>> labelsByReason = new LinkedHashMap<>();
    columns.stream().filter(c -> !c.runs().isEmpty()).forEach(c -> CommitBreakdownFigures.reasons(c.runs())
        .ifPresent(why -> labelsByReason.computeIfAbsent(why, k -> new ArrayList<>()).add(c.label())));
    List<String> notes = new ArrayList<>();
    labelsByReason.forEach((why, labels) -> notes.add(String.join(", ", labels) + ": " + why));
    return notes;
  }
}
