package io.commitbench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.commitbench.core.results.RunFolder;
import io.commitbench.core.results.SummaryReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report of a run folder: its first screen, its charts' axes and looks, the order of its sections. */
class RunReportHtmlTest {

  @Test
  void everyTimeChartIsScaledToTheMeasuredTimeNotToItsWarmup(@TempDir Path dir) throws Exception {
    RunReportHtml report = build(RunFolderFixture.write(dir, 200.0, 0));

    for (String name : new String[] {"latency-types", "latency-kinds"}) {
      for (XYPlot plot : SeriesStylesTest.plots(report.charts().get(name))) {
        ValueAxis axis = plot.getRangeAxis();
        double warmup = axis.getLabel().startsWith("p99") ? RunFolderFixture.WARMUP_P99_MS
            : RunFolderFixture.WARMUP_P99_MS / 4;
        double measured = axis.getLabel().startsWith("p99") ? RunFolderFixture.MEASURED_P99_MS
            : RunFolderFixture.MEASURED_P99_MS / 4;
        assertThat(axis.getUpperBound()).as("%s %s: the measured %.3f ms, not the warm-up's %.0f ms, nor the last"
            + " partial interval's jump", name, axis.getLabel(), measured, warmup).isBetween(measured, measured * 1.1);
      }
    }
    ValueAxis rate = report.charts().get("throughput").getXYPlot().getRangeAxis();
    assertThat(rate.getUpperBound()).as("the target rate and the measured 200/s").isBetween(200.0, 220.0);
  }

  /** Within a chart every series apart; across the page's charts, one name one look. */
  @Test
  void aSeriesLooksTheSameInEveryChartAndUnlikeTheOthersInItsOwn(@TempDir Path dir) throws Exception {
    RunReportHtml report = build(RunFolderFixture.write(dir, 200.0, 0));

    Map<String, SeriesStylesTest.Look> seen = new HashMap<>();
    Map<String, String> where = new HashMap<>();
    for (Map.Entry<String, JFreeChart> chart : report.charts().entrySet()) {
      SeriesStylesTest.assertDistinct(chart.getValue());
      SeriesStylesTest.looks(chart.getValue()).forEach((name, look) -> {
        SeriesStylesTest.Look before = seen.putIfAbsent(name, look);
        assertThat(before == null || before.equals(look)).as("%s in %s as in %s", name, chart.getKey(),
            where.get(name)).isTrue();
        where.putIfAbsent(name, chart.getKey());
      });
    }
    assertThat(where).as("names drawn in more than one chart").containsKeys("commit response", "commit service",
        "insert", "commit");
    assertThat(report.charts()).containsKeys("throughput", "latency-types", "latency-kinds", "distribution-types",
        "distribution-kinds").doesNotContainKey("problems");
  }

  @Test
  void theFirstScreenSaysWhatRanAgainstWhatHowFastHowSlowAndHowItEnded(@TempDir Path dir) throws Exception {
    String html = build(RunFolderFixture.write(dir, 199.5, 0)).page().render();
    String first = html.substring(0, html.indexOf("<img"));

    assertThat(first).contains("commit with 4 users: duration=3, warmup=2, rate=200, row.bytes=500")
        .contains("PostgreSQL 15.20")
        .contains("/var/lib/postgresql/15/main/pg_wal on vda (disk), rotational")
        .contains("3.000 s, after 2 s of warm-up")
        .contains("199.500 transactions/s")
        .contains("met: target 200 tx/s, achieved 199.500 tx/s (99.8 %), 0 arrivals shed")
        .contains("<td class=\"n\">1.125</td><td class=\"n\">4.875</td><td class=\"n\">0.875</td><td class=\"n\">3.000</td>")
        .contains("<td class=\"bad\">the cleanup left 1 object on the server; remove it as postgres with:</td>")
        .as("a completed run that left an object behind did not end cleanly")
        .contains("<td class=\"bad\">completed; 0 errors, 0 retries");
    assertThat(first).doesNotContain("<h2>Environment</h2>").doesNotContain("Run header");
  }

  @Test
  void aMissedTargetRateIsMarkedOnTheFirstScreen(@TempDir Path dir) throws Exception {
    String slow = build(RunFolderFixture.write(dir.resolve("slow"), 130.0, 0)).page().render();
    String shed = build(RunFolderFixture.write(dir.resolve("shed"), 199.9, 12)).page().render();

    assertThat(slow).contains("<td class=\"bad\">missed: target 200 tx/s, achieved 130.000 tx/s (65.0 %), 0 arrivals"
        + " shed</td>");
    assertThat(shed).contains("<td class=\"bad\">missed: target 200 tx/s, achieved 199.900 tx/s (100.0 %), 12"
        + " arrivals shed</td>");
  }

  /** The run's own verdict, with its tolerance, decides; the errors a workload ignored are counted apart. */
  @Test
  void theRunsOwnRateVerdictAndItsIgnoredErrorsAreShown(@TempDir Path dir) throws Exception {
    Path run = RunFolderFixture.write(dir, 186.0, 0);
    ObjectMapper json = new ObjectMapper();
    ObjectNode summary = (ObjectNode) json.readTree(run.resolve("summary.json").toFile());
    summary.putObject("rate").put("target", 200).put("achieved", 186.0).put("tolerancePercent", 10)
        .put("missed", false);
    ((ObjectNode) summary.path("totals")).put("ignored", 7);
    json.writeValue(run.resolve("summary.json").toFile(), summary);

    String first = build(run).page().render();

    assertThat(first).contains("met: target 200 tx/s, achieved 186.000 tx/s (93.0 %), 0 arrivals shed")
        .contains("0 errors, 7 ignored and restarted, 0 retries");
  }

  @Test
  void anInterruptedRunSaysSoAboveEverythingAndItsThroughputIsPartial(@TempDir Path dir) throws Exception {
    Path run = RunFolderFixture.write(dir, 186.0, 0);
    ObjectMapper json = new ObjectMapper();
    ObjectNode summary = (ObjectNode) json.readTree(run.resolve("summary.json").toFile());
    summary.put("outcome", "interrupted");
    json.writeValue(run.resolve("summary.json").toFile(), summary);

    String html = build(run).page().render();

    assertThat(html.indexOf("warning: this run did not complete: outcome interrupted: the run was interrupted"))
        .isPositive().isLessThan(html.indexOf("<th>Workload</th>"));
    assertThat(html).contains("<th>Throughput</th><td class=\"bad\">186.000 transactions/s, 186.000 statements/s"
        + " (partial: over the 3.000 s measured before the run ended)</td>");
  }

  @Test
  void countersThatWereResetAreUnusableOnTheFirstScreenAndAboveTheCounters(@TempDir Path dir) throws Exception {
    Path run = RunFolderFixture.write(dir, 200.0, 0);
    ObjectMapper json = new ObjectMapper();
    ObjectNode summary = (ObjectNode) json.readTree(run.resolve("summary.json").toFile());
    String reason = "the server restarted during the run: pg_postmaster_start_time() was A at the first reading and B"
        + " at the last, so its counters started again from zero";
    ObjectNode server = summary.putObject("server").put("reset", reason);
    server.putObject("counters").putObject("commits").put("absent", reason);
    server.putObject("derived");
    json.writeValue(run.resolve("summary.json").toFile(), summary);

    String html = build(run).page().render();

    assertThat(html).contains("<th>Server counters</th><td class=\"bad\">unusable: " + reason + "</td>")
        .contains("Counters reset, so no figure of the run: " + reason)
        .contains("<td>commits</td><td>absent: " + reason + "</td>");
    assertThat(html.indexOf("<th>Server counters</th>")).isLessThan(html.indexOf("<img"));
  }

  /** The run header in plain words, the environment after the last chart, no key the database ignores. */
  @Test
  void theHeaderAndTheEnvironmentComeAfterTheChartsInPlainWords(@TempDir Path dir) throws Exception {
    String html = build(RunFolderFixture.write(dir, 200.0, 0)).page().render();

    assertThat(html).contains("<th>Sleep interval (ms)</th><td>0</td>", "<th>Users (actors)</th><td>4</td>",
        "<th>Database URL</th>").doesNotContain("Sleep Intervall", "Test Users", "Quota", "quota=");
    int lastChart = html.lastIndexOf("<img class=\"chart\"");
    assertThat(html.indexOf("<h2>Run header</h2>")).isGreaterThan(lastChart);
    assertThat(html.indexOf("<h2>Environment</h2>")).isGreaterThan(lastChart);
  }

  private static RunReportHtml build(Path dir) throws Exception {
    RunFolder folder = new RunFolder(dir);
    assertThat(Files.exists(folder.summary())).isTrue();
    return RunReportHtml.build(folder, SummaryReader.read(folder.summary()));
  }
}
