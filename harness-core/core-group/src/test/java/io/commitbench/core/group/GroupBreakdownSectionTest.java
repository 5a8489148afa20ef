package io.commitbench.core.group;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.report.html.CommitBreakdownChart;
import io.commitbench.core.results.BreakdownFixtures;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.SummaryFixtures;
import io.commitbench.core.results.SummaryReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a commit's time goes on a group's and a sweep's page and in group.txt, from summary.json
 * files with and without a breakdown: a bar and a column per run or value, a sweep value's
 * medians, and the runs without one named as such.
 */
class GroupBreakdownSectionTest {

  @TempDir Path dir;

  /** A completed run's summary as the reader reads it, with {@code breakdown} as its commit_breakdown (null: none). */
  private RunSummary run(String name, String breakdown) throws IOException {
    Path folder = SummaryFixtures.run(dir.resolve(name), name, 100, 2.0, 10.0, 4, "jdbc:h2:mem:x");
    if (breakdown != null) {
      BreakdownFixtures.add(folder, breakdown);
    }
    return SummaryReader.read(folder.resolve("summary.json"));
  }

  private GroupSummary group() throws IOException {
    return GroupSummary.of("g", List.of(Map.entry("run-1", run("a", BreakdownFixtures.measured(2.31, 1.9))),
        Map.entry("run-2", run("b", BreakdownFixtures.measured(2.91, 2.5))),
        Map.entry("run-3", run("c", null)),
        Map.entry("run-4", run("d", BreakdownFixtures.notMeasured("breakdown=false")))));
  }

  @Test
  void aGroupsPageHasABarPerRunThatMeasuredAndAColumnPerRunAfterTheFigures() throws IOException {
    GroupSummary g = group();
    String page = GroupReportHtml.page(g).render();

    assertThat(page).contains("<h2>Where a commit's time goes</h2>", "data-chart=\"commit-breakdown\"",
        "<th>run-1</th>", "<th>run-3 (no breakdown)</th>", "<th>run-4 (not measured)</th>",
        "run-3: no commit breakdown (its summary.json has none)", "run-4: not measured: breakdown=false",
        "run-1, run-2: kernel_log_io unmeasured: breakdown.kernel=false");
    assertThat(page.indexOf("Figures over the runs")).isLessThan(page.indexOf("Where a commit's time goes"));
    assertThat(page.indexOf("Where a commit's time goes")).isLessThan(page.indexOf("<h2>Runs</h2>"));
    assertThat(row(page, "log_sync (ms)")).containsExactly("log_sync (ms)", "1.900", "2.500", "-", "-");
    assertThat(row(page, "kernel_log_io (ms)")).containsExactly("kernel_log_io (ms)", "unmeasured", "unmeasured",
        "-", "-");
    assertThat(row(page, "client minus parts (ms)")).containsExactly("client minus parts (ms)", "0.140", "0.140",
        "-", "-");

    List<CommitBreakdownChart.Bar> bars = GroupBreakdownSection.of(g).bars();
    assertThat(bars).extracting(CommitBreakdownChart.Bar::label).containsExactly("run-1", "run-2");
    assertThat(bars.get(1).partsMs()).containsEntry("log_sync", 2.5).containsEntry("round_trip", 0.12);
    assertThat(bars.get(1).clientMeanMs()).isEqualTo(2.91);
  }

  @Test
  void groupTxtEndsWithTheSameTableAsText() throws IOException {
    List<String> lines = Arrays.asList(group().text().split("\n"));
    int start = lines.indexOf("Where a commit's time goes (mean ms per commit):");

    assertThat(start).isPositive();
    assertThat(lines.get(start + 1)).matches("figure \\(mean ms per commit\\) +run-1 +run-2 +run-3 \\(no breakdown\\)"
        + " +run-4 \\(not measured\\)");
    assertThat(lines.subList(start + 2, lines.size())).anyMatch(l -> l.matches("log_sync \\(ms\\) +1\\.900 +2\\.500 +- +-"))
        .anyMatch(l -> l.matches("kernel_log_io \\(ms\\) +unmeasured +unmeasured +- +-"))
        .contains("run-4: not measured: breakdown=false");
    assertThat(lines.get(lines.size() - 1)).isEqualTo("#####");
  }

  @Test
  void withoutAnyRunsBreakdownThePageAndTextHaveNoSection() throws IOException {
    GroupSummary g = GroupSummary.of("g", List.of(Map.entry("run-1", run("a", null)),
        Map.entry("run-2", run("b", BreakdownFixtures.notMeasured("breakdown=false")))));

    assertThat(GroupReportHtml.page(g).render()).doesNotContain("Where a commit's time goes", "commit-breakdown");
    assertThat(g.text()).doesNotContain("Where a commit's time goes");
  }

  @Test
  void aSweepsPageHasEachValuesMediansAndNamesAValueThatDidNotMeasure() throws IOException {
    GroupSummary repeated = GroupSummary.of("rate=100", List.of(
        Map.entry("run-1", run("r1", BreakdownFixtures.measured(2.31, 1.9))),
        Map.entry("run-2", run("r2", BreakdownFixtures.measured(3.31, 2.9))),
        Map.entry("run-3", run("r3", BreakdownFixtures.measured(2.61, 2.2)))));
    GroupSummary once = GroupSummary.of("rate=200", List.of(
        Map.entry("rate=200", run("s", BreakdownFixtures.notMeasured("breakdown=false")))));
    SweepSummary sweep = new SweepSummary("knee", "rate", List.of(new SweepSummary.Point("100", "rate=100", repeated),
        new SweepSummary.Point("200", "rate=200", once),
        new SweepSummary.Point("400", "rate=400", GroupSummary.of("rate=400", List.of()))));

    String page = SweepReportHtml.page(sweep).render();
    assertThat(page).contains("<h2>Where a commit's time goes</h2>", "data-chart=\"commit-breakdown\"",
        "Per value of rate, each figure's median over its completed runs", "<th>rate=100</th>",
        "<th>rate=200 (not measured)</th>", "rate=200: not measured: breakdown=false").doesNotContain("<th>rate=400");
    assertThat(page.indexOf("Figures per value")).isLessThan(page.indexOf("Where a commit's time goes"));
    assertThat(row(page, "log_sync (ms)")).containsExactly("log_sync (ms)", "2.200", "-");
    assertThat(row(page, "client's commit (ms)")).containsExactly("client's commit (ms)", "2.610", "-");
    List<CommitBreakdownChart.Bar> bars = GroupBreakdownSection.of(sweep).bars();
    assertThat(bars).hasSize(1);
    assertThat(bars.get(0).partsMs()).containsEntry("log_sync", 2.2);
    assertThat(sweep.text()).contains("Where a commit's time goes (mean ms per commit):")
        .containsPattern("log_sync \\(ms\\) +2\\.200 +-\n");
  }

  /** The cells of the page's table row whose first cell is {@code name}. */
  private static List<String> row(String page, String name) {
    int start = page.indexOf("<tr><td>" + name + "</td>");
    assertThat(start).as(name).isNotNegative();
    String tr = page.substring(start, page.indexOf("</tr>", start));
    List<String> cells = new ArrayList<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<td[^>]*>([^<]*)</td>").matcher(tr);
    while (m.find()) {
      cells.add(m.group(1));
    }
    return cells;
  }
}
