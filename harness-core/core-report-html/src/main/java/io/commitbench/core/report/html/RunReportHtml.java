package io.commitbench.core.report.html;

import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.results.HistogramTotals;
import io.commitbench.core.results.IntervalTable;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunFolder;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.ServerFigure;
import io.commitbench.core.results.SummaryReader;
import io.commitbench.core.server.Fact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jfree.chart.JFreeChart;

/**
 * Writes a run folder's {@code report.html} from the files in it — {@code summary.json}, {@code
 * report.txt}, {@code environment.json}, {@code intervals.csv}, {@code latency.hlog} — so it can be
 * rebuilt for any folder, older runs' included, and a failed run gets one from what it measured.
 * A file that is missing or unreadable costs its section, which then says why, not the page.
 *
 * <pre>
 * Path html = RunReportHtml.write(Path.of("results/20250425-143012-h2"));
 * </pre>
 *
 * <p>The page opens with the run at a glance ({@link RunGlance}: what ran against what, for how
 * long, how fast and how slow, whether it met its rate and how it ended). Then the charts:
 * throughput over time, the errors, retries and shed arrivals where there were any, latency over
 * time per transaction type and statement kind ({@link TimeCharts}: the warm-up shaded, never
 * setting an axis), the workload's own curves, and the latency distributions of the measured time
 * (percentile spectra: response time, and service time when a rate was set), and where a commit's
 * time goes when the summary has a commit breakdown ({@link CommitBreakdownSection}). Below them the run
 * header, the report's blocks (the workload's own, the statistics, the database's view), the
 * server's counters and the environment. A series has the same colour and dash in every chart of
 * the page ({@link SeriesStyles}). No secret is in any of those files, so none is in the page.
 */
public final class RunReportHtml {

  /** Height of a chart with p99 and p50 stacked, each with its own axis. */
  static final int STACKED_HEIGHT = 560;

  private final RunFolder folder;
  private final RunSummary s;
  private final HtmlPage page;
  private final SeriesStyles styles = new SeriesStyles();
  private final Map<String, JFreeChart> charts = new LinkedHashMap<>();
  /** Why environment.json could not be read, when it could not. */
  private String environmentProblem;

  private RunReportHtml(RunFolder folder, RunSummary s) {
    this.folder = folder;
    this.s = s;
    this.page = new HtmlPage("commitbench run " + s.runId());
  }

  /**
   * Writes (replaces) {@code report.html} in {@code runDirectory}.
   *
   * @throws ResultFormatException when the folder has no readable {@code summary.json}: it is not a run's
   */
  public static Path write(Path runDirectory) throws IOException {
    RunFolder folder = new RunFolder(runDirectory);
    if (!folder.isRun()) {
      throw new ResultFormatException(runDirectory + " is not a run's results folder: it has no "
          + RunFolder.SUMMARY);
    }
    RunSummary summary = SummaryReader.read(folder.summary());
    String html = build(folder, summary).page.render();
    AtomicFiles.write(folder.reportHtml(), html.getBytes(StandardCharsets.UTF_8));
    return folder.reportHtml();
  }

  /** The page of the folder, built. */
  static RunReportHtml build(RunFolder folder, RunSummary s) {
    RunReportHtml report = new RunReportHtml(folder, s);
    report.build();
    return report;
  }

  HtmlPage page() {
    return page;
  }

  /** The page's charts by their {@code data-chart} name, in page order. */
  Map<String, JFreeChart> charts() {
    return charts;
  }

  private void build() {
    List<String> reportLines = reportLines();
    List<String> closing = reportLines == null ? List.of() : ReportBlocks.closing(reportLines).lines().toList();
    List<Fact> environment = environmentFacts();
    RunGlance.write(page, s, environment, closing);
    timeCharts();
    curves();
    distributions();
    s.commitBreakdown().ifPresent(b -> CommitBreakdownSection.write(page, b, this::chart));
    if (reportLines != null) {
      page.heading("Run header");
      page.facts(RunHeaderTable.rows(ReportBlocks.header(reportLines)));
      for (ReportBlocks.Block block : ReportBlocks.blocks(reportLines)) {
        page.heading(block.title()).preformatted(block.text());
      }
    }
    server();
    environment(environment);
    if (!closing.isEmpty()) {
      page.heading("End of the report").preformatted(String.join("\n", closing));
    }
  }

  private List<String> reportLines() {
    try {
      return Files.readAllLines(folder.reportText());
    } catch (IOException e) {
      page.note("No report text: cannot read " + RunFolder.REPORT_TEXT + " (" + e.getMessage() + ").");
      return null;
    }
  }

  private List<Fact> environmentFacts() {
    try {
      return EnvironmentFacts.facts(folder.environment());
    } catch (ResultFormatException e) {
      environmentProblem = e.getMessage();
      return null;
    }
  }

  private void environment(List<Fact> facts) {
    page.heading("Environment");
    if (facts == null) {
      page.note("No environment: " + environmentProblem + " (a run that failed before it reached the server has"
          + " none).");
      return;
    }
    List<List<String>> rows = new ArrayList<>();
    facts.forEach(f -> rows.add(List.of(f.group(), f.name(), f.known() ? f.value() : "unknown: " + f.unknownReason())));
    page.table(List.of("group", "fact", "value"), rows);
  }

  private void chart(String name, String alt, JFreeChart chart, int height) {
    charts.put(name, chart);
    page.chart(name, alt, () -> ChartImages.dataUri(chart, height));
  }

  private void timeCharts() {
    page.heading("Over time");
    IntervalTable t;
    try {
      t = IntervalTable.read(folder.intervals());
    } catch (ResultFormatException e) {
      page.note("No charts over time: " + e.getMessage());
      return;
    }
    if (t.size() == 0) {
      page.note("No charts over time: " + RunFolder.INTERVALS + " has no interval (the run measured none).");
      return;
    }
    String leftOut = new ChartedIntervals(t).leftOutNote();
    page.note("One point per report.interval, at its end. The shaded warm-up is left out of every figure of the"
        + " summary; it is drawn, but the axes span the measured time's values, so a warm-up value above an axis is"
        + " cut off (the chart's subtitle says how high it went)." + (leftOut.isEmpty() ? "" : " " + leftOut));
    double target = s.rated() ? parse(s.config().get(ParameterKeys.RATE)) : Double.NaN;
    chart("throughput", "transactions and statements per second over time", TimeCharts.throughput(t, target, styles),
        ChartImages.HEIGHT);
    TimeCharts.problems(t, styles).ifPresentOrElse(
        c -> chart("problems", "errors, retries and shed arrivals per interval", c, ChartImages.HEIGHT),
        () -> page.note("No errors, retries or shed arrivals in any interval, the warm-up's included."));
    Map<String, String> types = new LinkedHashMap<>();
    for (String type : t.transactionTypes()) {
      types.put(type + (s.rated() ? " response" : ""), "tx_" + type + "_response");
      if (s.rated()) {
        types.put(type + " service", "tx_" + type + "_service");
      }
    }
    chart("latency-types", "p99 and p50 latency over time per transaction type",
        TimeCharts.latency("Transaction latency over time", t, types, styles), STACKED_HEIGHT);
    Map<String, String> kinds = new LinkedHashMap<>();
    t.statementKinds().forEach(kind -> kinds.put(kind, kind));
    chart("latency-kinds", "p99 and p50 latency over time per statement kind",
        TimeCharts.latency("Statement latency over time", t, kinds, styles), STACKED_HEIGHT);
  }

  private static double parse(String number) {
    try {
      return Double.parseDouble(number);
    } catch (NumberFormatException | NullPointerException e) {
      return Double.NaN;
    }
  }

  /** The workload's own curves ({@code curve-*.csv}), a chart each; one that cannot be read is noted. */
  private void curves() {
    List<Path> files;
    try {
      files = CurveCharts.files(folder.directory());
    } catch (IOException e) {
      page.note("No workload curves: cannot list " + folder.directory() + " (" + e.getMessage() + ").");
      return;
    }
    for (Path file : files) {
      String title = CurveCharts.title(file);
      page.heading(title);
      try {
        chart(file.getFileName().toString().replace(".csv", ""), title + " from " + file.getFileName(),
            CurveCharts.chart(file, styles), ChartImages.HEIGHT);
      } catch (IOException | RuntimeException e) {
        page.note("No chart: cannot read " + file.getFileName() + " (" + e.getMessage() + ").");
      }
    }
  }

  private void distributions() {
    page.heading("Latency distribution (measured time)");
    Map<String, Histogram> totals;
    try {
      totals = HistogramTotals.read(folder.histogramLog());
    } catch (ResultFormatException e) {
      page.note("No distribution: " + e.getMessage());
      return;
    }
    Map<String, Histogram> transactions = new LinkedHashMap<>();
    Map<String, Histogram> statements = new LinkedHashMap<>();
    totals.forEach((tag, h) -> {
      if (tag.startsWith("tx.") && tag.endsWith(".response")) {
        transactions.put(tag.substring(3, tag.length() - ".response".length()) + (s.rated() ? " response" : ""), h);
      } else if (tag.startsWith("tx.") && tag.endsWith(".service")) {
        if (s.rated()) {
          transactions.put(tag.substring(3, tag.length() - ".service".length()) + " service", h);
        }
      } else if (!tag.equals(HistogramTotals.UNTAGGED)) {
        statements.put(tag, h);
      }
    });
    page.note("Percentile spectra from " + RunFolder.HISTOGRAM_LOG + " (the warm-up is not in it): the latency at"
        + " each percentile, on an axis that gives every nine (90%, 99%, 99.9%) the same room.");
    chart("distribution-types", "latency distribution per transaction type",
        PercentileSpectrum.chart("Transaction latency distribution", transactions, styles), ChartImages.HEIGHT);
    chart("distribution-kinds", "latency distribution per statement kind",
        PercentileSpectrum.chart("Statement latency distribution", statements, styles), ChartImages.HEIGHT);
  }

  private void server() {
    page.heading("Server counters (difference over the run)");
    if (s.serverNote() != null) {
      page.note(s.serverNote());
    }
    if (s.serverReset() != null) {
      page.note("Counters reset, so no figure of the run: " + s.serverReset());
    }
    List<List<String>> rows = new ArrayList<>();
    for (ServerFigure f : s.serverCounters()) {
      rows.add(List.of("counter", f.name(), f.present() ? number(f.value()) + " " + f.unit() : "absent: "
          + f.absentReason()));
    }
    for (ServerFigure f : s.serverDerived()) {
      rows.add(List.of("derived", f.name(), f.present() ? number(f.value()) + " " + f.unit() : "absent: "
          + f.absentReason()));
    }
    page.table(List.of("", "figure", "value"), rows);
  }

  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? String.valueOf((long) v) : String.format(Locale.ROOT, "%.3f", v);
  }
}
