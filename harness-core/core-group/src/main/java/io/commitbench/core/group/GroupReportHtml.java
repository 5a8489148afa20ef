package io.commitbench.core.group;

import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.report.html.HtmlPage;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunSummary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a group's or a sweep's own {@code report.html} from its runs' summaries: for a group
 * ({@code runs=N}) the table of its figures (n, median, range, interval and its note), where each
 * run's commit time goes ({@link GroupBreakdownSection}) and a link to each run's report; for a sweep
 * ({@link SweepReportHtml}) latency against throughput, one point per value, the table per value and
 * the commit breakdown per value. No chart of a run is drawn again: the runs' pages are their own.
 *
 * <pre>
 * Path html = GroupReportHtml.write(Path.of("results/20250425-143012-h2"));
 * </pre>
 */
public final class GroupReportHtml {

  private GroupReportHtml() {}

  /**
   * Writes (replaces) {@code report.html} in the group's or sweep's folder.
   *
   * @throws ResultFormatException when the folder is neither a group's nor a sweep's
   */
  public static Path write(Path directory) throws IOException {
    String html;
    if (GroupFolder.isGroup(directory)) {
      html = page(GroupSummary.of(directory)).render();
    } else if (GroupFolder.isSweep(directory)) {
      html = SweepReportHtml.page(SweepSummary.of(directory)).render();
    } else {
      throw new ResultFormatException(directory + " is neither a group's folder (run-N folders) nor a sweep's"
          + " (KEY=VALUE folders)");
    }
    Path file = directory.resolve(GroupFolder.HTML);
    AtomicFiles.write(file, html.getBytes(StandardCharsets.UTF_8));
    return file;
  }

  static HtmlPage page(GroupSummary g) {
    HtmlPage page = new HtmlPage("commitbench group " + g.group());
    RunSummary first = g.runs().isEmpty() ? null : g.runs().get(0).getValue();
    page.paragraph(String.format(Locale.ROOT, "%d runs, %d completed and counted.%s", g.runs().size(),
        g.countedRuns(), first == null ? "" : " Workload " + first.workload() + ", started " + first.startedAt() + "."));
    page.heading("Figures over the runs");
    page.table(FIGURE_HEADER, figureRows(g.figures()));
    page.note("Interval: " + Spread.METHOD + ". Only completed runs count; n is the number of runs a figure has.");
    GroupBreakdownSection.of(g).write(page, "Each run's mean commit time as its client timed it, split into the"
        + " parts its sources measured: a bar and a column per run.");
    page.heading("Runs");
    page.links(runLinks(g, ""));
    return page;
  }

  static final List<String> FIGURE_HEADER = List.of("figure", "n", "median", "range (min – max)", "geo. mean",
      "95% interval", "note");

  static List<List<String>> figureRows(Map<String, Spread> figures) {
    List<List<String>> rows = new ArrayList<>();
    figures.forEach((name, s) -> rows.add(figureRow(name, s)));
    return rows;
  }

  static List<String> figureRow(String name, Spread s) {
    return List.of(name, String.valueOf(s.n()), number(s.median()),
        s.n() == 0 ? "-" : number(s.min()) + " – " + number(s.max()), number(s.geometricMean()), s.intervalText(),
        s.note() == null ? "" : s.note());
  }

  /**
   * A link to each run's report, with its outcome and throughput; {@code prefix} is the runs' folder
   * seen from the page's, empty for the group's own runs.
   */
  static List<Map.Entry<String, String>> runLinks(GroupSummary g, String prefix) {
    List<Map.Entry<String, String>> links = new ArrayList<>();
    for (Map.Entry<String, RunSummary> run : g.runs()) {
      // A sweep's value of one run: the value's folder is the run's.
      String folder = prefix.isEmpty() || prefix.equals(run.getKey()) ? run.getKey() : prefix + "/" + run.getKey();
      links.add(Map.entry(folder + ": " + run.getValue().outcome() + (GroupSummary.counted(run.getValue()) ? ""
          : " (not counted)") + (Double.isNaN(run.getValue().transactionsPerSecond())
          ? ", nothing measured" : String.format(Locale.ROOT, ", %.3f tx/s", run.getValue().transactionsPerSecond())),
          folder + "/" + GroupFolder.HTML));
    }
    return links;
  }

  static String number(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.3f", v);
  }
}
