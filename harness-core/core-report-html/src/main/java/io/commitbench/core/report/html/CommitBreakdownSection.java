package io.commitbench.core.report.html;

import io.commitbench.core.results.CommitBreakdownView;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jfree.chart.JFreeChart;

/**
 * The section of report.html that splits the client's mean commit time into its parts: the
 * stacked bar ({@link CommitBreakdownChart}), a table of the parts with their share of the
 * client's mean and their sources, what was not measured and why, the figures that cross-check a
 * part, the log's I/O as the kernel saw it, and what measuring cost.
 */
final class CommitBreakdownSection {

  static final String TITLE = "Where a commit's time goes";
  static final String CHART = "commit-breakdown";

  private CommitBreakdownSection() {}

  /** Writes the section; {@code chart} puts a chart on the page by its name, its alt text and its height. */
  static void write(HtmlPage page, CommitBreakdownView b, ChartSink chart) {
    page.heading(TITLE);
    if (!b.measured()) {
      page.note("Not measured: " + (b.reason().isEmpty() ? "the summary gives no reason" : b.reason()) + ".");
      return;
    }
    page.note(intro(b));
    CommitBreakdownChart.Bar bar = CommitBreakdownChart.Bar.of("", b);
    chart.put(CHART, "the client's mean commit time split into its parts",
        CommitBreakdownChart.chart("Where a commit's time goes", List.of(bar)), CommitBreakdownChart.height(1));
    if (Double.isFinite(b.differenceMs()) && b.differenceMs() < 0) {
      page.note(String.format(Locale.ROOT, "The parts sum to %.3f ms, %.3f ms more than the client's mean of %.3f ms:"
          + " the sources overlap, or time more than the commit call does (a wait sampled across commits that"
          + " share it).", b.partsSum(), -b.differenceMs(), b.clientMeanMs()));
    }
    page.table(List.of("part", "mean ms", "p50 ms", "p99 ms", "share of the client's mean", "source"), rows(b));
    if (!b.unmeasured().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      b.unmeasured().forEach(u -> rows.add(List.of(u.name(), u.reason())));
      page.table(List.of("not measured", "why"), rows);
    }
    if (!b.crossChecks().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      b.crossChecks().forEach(c -> rows.add(List.of(c.name(), ms(c.meanMs()), ms(c.p50Ms()), ms(c.p99Ms()),
          c.source())));
      page.table(List.of("cross-check of", "mean ms", "p50 ms", "p99 ms", "source"), rows);
    }
    if (!b.logIo().isEmpty()) {
      List<List<String>> rows = new ArrayList<>();
      b.logIo().forEach(l -> rows.add(List.of(l.operation(), l.fileClass(), l.count() < 0 ? "-"
          : String.valueOf(l.count()), ms(l.meanMs()), ms(l.p50Ms()), ms(l.p99Ms()), l.source())));
      page.table(List.of("log I/O", "file class", "count", "mean ms", "p50 ms", "p99 ms", "source"), rows);
    }
    if (!b.cost().isEmpty()) {
      page.note("What measuring cost: " + String.join("; ", b.cost()) + ".");
    }
  }

  /** Puts a chart on the page. */
  interface ChartSink {
    void put(String name, String alt, JFreeChart chart, int height);
  }

  private static String intro(CommitBreakdownView b) {
    String commits = b.commits() < 0 ? "" : " over " + b.commits() + " commits";
    if (!Double.isFinite(b.clientMeanMs())) {
      return "The workload times no commit call, so there is no client's mean to split: the parts" + commits
          + " are shown alone.";
    }
    return String.format(Locale.ROOT, "The client's mean commit time, %.3f ms%s (%s), split into the parts the sources"
        + " below measured; what they do not account for is grey.", b.clientMeanMs(), commits,
        b.clientSource().isEmpty() ? "client" : b.clientSource());
  }

  private static List<List<String>> rows(CommitBreakdownView b) {
    Map<String, CommitBreakdownView.Part> byName = new LinkedHashMap<>();
    b.parts().forEach(p -> byName.putIfAbsent(p.name(), p));
    List<List<String>> rows = new ArrayList<>();
    for (String name : CommitBreakdownChart.order(byName.keySet())) {
      CommitBreakdownView.Part p = byName.get(name);
      rows.add(List.of(name, ms(p.meanMs()), ms(p.p50Ms()), ms(p.p99Ms()), share(p.meanMs(), b), p.source()));
    }
    if (b.differenceMs() > 0) {
      rows.add(List.of(CommitBreakdownChart.NOT_ACCOUNTED, ms(b.differenceMs()), "-", "-", share(b.differenceMs(), b),
          "the client's mean minus the parts' sum"));
    }
    rows.add(List.of("parts' sum", ms(b.partsSum()), "-", "-", share(b.partsSum(), b), "the parts above summed"));
    rows.add(List.of("client's commit", ms(b.clientMeanMs()), ms(b.clientP50Ms()), ms(b.clientP99Ms()),
        share(b.clientMeanMs(), b), b.clientSource()));
    return rows;
  }

  private static String share(double ms, CommitBreakdownView b) {
    return Double.isFinite(ms) && Double.isFinite(b.clientMeanMs()) && b.clientMeanMs() > 0
        ? String.format(Locale.ROOT, "%.1f %%", 100 * ms / b.clientMeanMs()) : "-";
  }

  static String ms(double v) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%.3f", v) : "-";
  }
}
