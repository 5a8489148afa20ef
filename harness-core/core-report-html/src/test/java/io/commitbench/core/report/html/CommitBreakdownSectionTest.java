package io.commitbench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.commitbench.core.results.BreakdownFixtures;
import io.commitbench.core.results.RunFolder;
import io.commitbench.core.results.SummaryReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.data.category.CategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The section of report.html that splits a commit's time: its bar, its tables, its notes, and its absence. */
class CommitBreakdownSectionTest {

  @Test
  void thePartsAreSegmentsInTheirOrderThenWhatTheyDoNotAccountForMarkedAtTheClientsMean(@TempDir Path dir)
      throws Exception {
    Path run = RunFolderFixture.write(dir, 200.0, 0);
    BreakdownFixtures.add(run, BreakdownFixtures.measured(2.31, 1.9));

    RunReportHtml report = build(run);

    JFreeChart chart = report.charts().get(CommitBreakdownSection.CHART);
    CategoryPlot plot = chart.getCategoryPlot();
    CategoryDataset data = plot.getDataset();
    assertThat(plot.getOrientation()).isEqualTo(PlotOrientation.HORIZONTAL);
    assertThat(data.getRowKeys()).containsExactly("round_trip", "log_write", "log_sync", "group_commit_wait",
        CommitBreakdownChart.NOT_ACCOUNTED);
    assertThat(data.getColumnKeys()).containsExactly("client 2.310 ms");
    assertThat(data.getValue("log_sync", "client 2.310 ms").doubleValue()).isEqualTo(1.9);
    assertThat(data.getValue(CommitBreakdownChart.NOT_ACCOUNTED, "client 2.310 ms").doubleValue())
        .isCloseTo(0.14, within(1e-9));
    assertThat(plot.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).singleElement()
        .satisfies(m -> assertThat(((ValueMarker) m).getValue()).isEqualTo(2.31));

    String html = report.page().render();
    assertThat(html).contains("<h2>Where a commit's time goes</h2>")
        .contains("data-chart=\"commit-breakdown\"")
        .contains("<tr><td>log_sync</td><td class=\"n\">1.900</td><td>-</td><td>-</td><td class=\"n\">82.3 %</td>"
            + "<td>pg_wait_sampling IO:WALSync</td></tr>")
        .contains("<tr><td>round_trip</td><td class=\"n\">0.120</td><td class=\"n\">0.110</td><td class=\"n\">0.300</td>")
        .contains("<tr><td>not accounted for</td><td class=\"n\">0.140</td>")
        .contains("<tr><td>client's commit</td>")
        .contains("<tr><td>kernel_log_io</td><td>breakdown.kernel=false</td></tr>")
        .contains("<th>cross-check of</th>", "kernel: perf trace fdatasync on pg_wal")
        .contains("<tr><td>fdatasync</td><td>log</td><td class=\"n\">12010</td><td class=\"n\">1.850</td>")
        .contains("What measuring cost: pg_stat_activity sampled at 100 Hz");
    int section = html.indexOf("Where a commit's time goes</h2>");
    assertThat(section).isGreaterThan(html.indexOf("data-chart=\"distribution-kinds\""))
        .isLessThan(html.indexOf("<h2>Run header</h2>"));
  }

  @Test
  void partsThatExceedTheClientsMeanGetNoGreySegmentButANote(@TempDir Path dir) throws Exception {
    Path run = RunFolderFixture.write(dir, 200.0, 0);
    BreakdownFixtures.add(run, BreakdownFixtures.measured(2.0, 1.9));

    RunReportHtml report = build(run);

    CategoryDataset data = report.charts().get(CommitBreakdownSection.CHART).getCategoryPlot().getDataset();
    assertThat(data.getRowKeys()).doesNotContain(CommitBreakdownChart.NOT_ACCOUNTED);
    assertThat(data.getColumnKeys()).containsExactly("client 2.000 ms, parts 0.170 ms over it");
    assertThat(report.page().render()).contains("The parts sum to 2.170 ms, 0.170 ms more than the client's mean of"
        + " 2.000 ms").doesNotContain("<td>not accounted for</td>");
  }

  @Test
  void aPartOfAnUnknownNameIsShownAfterTheKnownOnes() {
    CommitBreakdownChart.Bar bar = new CommitBreakdownChart.Bar("run-1", Map.of("a_later_part", 0.2, "log_sync", 1.0,
        "round_trip", 0.1), 1.5);

    CategoryDataset data = CommitBreakdownChart.dataset(List.of(bar));

    assertThat(data.getRowKeys()).containsExactly("round_trip", "log_sync", "a_later_part",
        CommitBreakdownChart.NOT_ACCOUNTED);
    assertThat(data.getColumnKeys()).containsExactly("run-1: client 1.500 ms");
  }

  @Test
  void aBreakdownNotMeasuredSaysWhyAndDrawsNothing(@TempDir Path dir) throws Exception {
    Path run = RunFolderFixture.write(dir, 200.0, 0);
    BreakdownFixtures.add(run, BreakdownFixtures.notMeasured("breakdown=false"));

    RunReportHtml report = build(run);

    assertThat(report.charts()).doesNotContainKey(CommitBreakdownSection.CHART);
    assertThat(report.page().render()).contains("Where a commit's time goes</h2>\n<p class=\"note\">Not measured:"
        + " breakdown=false.</p>");
  }

  @Test
  void aSummaryWithoutABreakdownHasNoSuchSection(@TempDir Path dir) throws Exception {
    RunReportHtml report = build(RunFolderFixture.write(dir, 200.0, 0));

    assertThat(report.charts()).doesNotContainKey(CommitBreakdownSection.CHART);
    assertThat(report.page().render()).doesNotContain("Where a commit");
  }

  private static RunReportHtml build(Path dir) throws Exception {
    RunFolder folder = new RunFolder(dir);
    return RunReportHtml.build(folder, SummaryReader.read(folder.summary()));
  }
}
