package io.commitbench.core.report.html;

import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.results.HistogramTotals;
import io.commitbench.core.results.IntervalTable;
import io.commitbench.core.results.ResultFormatException;
import io.commitbench.core.results.RunFolder;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.ServerFigure;
import io.commitbench.core.results.SummaryReader;
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
 * <p>The page shows the outcome, the run header and environment, throughput and errors over time
 * with the warm-up shaded, latency over time per transaction type and statement kind, the latency
 * distributions of the measured time (percentile spectra: response time, and service time when a
 * rate was set), the report's blocks (the workload's own, the statistics, the database's view) and
 * the server's counters. No secret is in any of those files, so none is in the page.
 */
public final class RunReportHtml {

  private RunReportHtml() {}

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
    String html = page(folder, summary).render();
    AtomicFiles.write(folder.reportHtml(), html.getBytes(StandardCharsets.UTF_8));
    return folder.reportHtml();
  }

  static HtmlPage page(RunFolder folder, RunSummary s) {
    HtmlPage page = new HtmlPage("commitbench run " + s.runId());
    page.paragraph(String.format(Locale.ROOT, "Outcome: %s%s. Workload %s, started %s, measured %.3f s: %.3f"
        + " transactions/s, %d errors.", s.outcome(), s.failure() == null ? "" : " (" + s.failure() + ")",
        s.workload(), s.startedAt(), s.measuredSeconds(), s.transactionsPerSecond(), s.errors()));
    List<String> reportLines = reportLines(folder, page);
    page.heading("Run header");
    if (reportLines != null) {
      page.preformatted(ReportBlocks.header(reportLines));
    }
    environment(folder, page);
    timeCharts(folder, s, page);
    curves(folder.directory(), page);
    distributions(folder, s, page);
    if (reportLines != null) {
      for (ReportBlocks.Block block : ReportBlocks.blocks(reportLines)) {
        page.heading(block.title()).preformatted(block.text());
      }
    }
    server(s, page);
    if (reportLines != null && !ReportBlocks.closing(reportLines).isEmpty()) {
      page.heading("End of the report").preformatted(ReportBlocks.closing(reportLines));
    }
    return page;
  }

  private static List<String> reportLines(RunFolder folder, HtmlPage page) {
    try {
      return Files.readAllLines(folder.reportText());
    } catch (IOException e) {
      page.note("No report text: cannot read " + RunFolder.REPORT_TEXT + " (" + e.getMessage() + ").");
      return null;
    }
  }

  private static void environment(RunFolder folder, HtmlPage page) {
    page.heading("Environment");
    try {
      List<List<String>> rows = new ArrayList<>();
      EnvironmentFacts.read(folder.environment()).forEach(r -> rows.add(List.of(r.group(), r.name(), r.value())));
      page.table(List.of("group", "fact", "value"), rows);
    } catch (ResultFormatException e) {
      page.note("No environment: " + e.getMessage() + " (a run that failed before it reached the server has none).");
    }
  }

  private static void timeCharts(RunFolder folder, RunSummary s, HtmlPage page) {
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
    page.note("One point per report.interval, at its end; the shaded part is the warm-up, which every figure"
        + " of the summary excludes.");
    page.chart("throughput", "transactions and statements per second, errors per interval",
        ChartImages.dataUri(TimeCharts.throughput(t)));
    Map<String, String> types = new LinkedHashMap<>();
    for (String type : t.transactionTypes()) {
      types.put(type + (s.rated() ? " response" : ""), "tx_" + type + "_response");
      if (s.rated()) {
        types.put(type + " service", "tx_" + type + "_service");
      }
    }
    page.chart("latency-types", "latency over time per transaction type", ChartImages.dataUri(TimeCharts.latency(
        "Transaction latency over time" + (s.rated() ? " (response from the intended start, service from the actual"
            + " start)" : ""), t, types)));
    Map<String, String> kinds = new LinkedHashMap<>();
    t.statementKinds().forEach(kind -> kinds.put(kind, kind));
    page.chart("latency-kinds", "latency over time per statement kind",
        ChartImages.dataUri(TimeCharts.latency("Statement latency over time", t, kinds)));
  }

  /** The workload's own curves ({@code curve-*.csv}), a chart each; one that cannot be read is noted. */
  private static void curves(Path runDirectory, HtmlPage page) {
    List<Path> files;
    try {
      files = CurveCharts.files(runDirectory);
    } catch (IOException e) {
      page.note("No workload curves: cannot list " + runDirectory + " (" + e.getMessage() + ").");
      return;
    }
    for (Path file : files) {
      String title = CurveCharts.title(file);
      page.heading(title);
      try {
        page.chart(file.getFileName().toString().replace(".csv", ""), title + " from " + file.getFileName(),
            ChartImages.dataUri(CurveCharts.chart(file)));
      } catch (IOException | RuntimeException e) {
        page.note("No chart: cannot read " + file.getFileName() + " (" + e.getMessage() + ").");
      }
    }
  }

  private static void distributions(RunFolder folder, RunSummary s, HtmlPage page) {
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
    page.chart("distribution-types", "latency distribution per transaction type",
        ChartImages.dataUri(PercentileSpectrum.chart("Transaction latency distribution", transactions)));
    page.chart("distribution-kinds", "latency distribution per statement kind",
        ChartImages.dataUri(PercentileSpectrum.chart("Statement latency distribution", statements)));
  }

  private static void server(RunSummary s, HtmlPage page) {
    page.heading("Server counters (difference over the run)");
    if (s.serverNote() != null) {
      page.note(s.serverNote());
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
