package io.commitbench.core.group;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.results.Latency;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.TypeFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A group's page and text from its runs' summaries: n, median, range and an interval that stays above zero. */
class GroupReportHtmlTest {

  private static RunSummary run(String id, String outcome, double tps, double p50, double p99) {
    Latency response = new Latency(p50, p50, p99, p99, p99, p99);
    return new RunSummary("commitbench.summary/1", id, "test", "2025-04-25T14:30:12Z", outcome, null, "commit",
        Map.of("rate", "200"), 10, (long) (tps * 10), tps, tps * 3, 0, 0, 0,
        List.of(new TypeFigures("commit", (long) (tps * 10), 0, 0, response, response)), Map.of(), List.of(), List.of(),
        null, Double.NaN, 0, Map.of(), Map.of(), 0, null, null);
  }

  private static GroupSummary threeSkewedRuns() {
    return GroupSummary.of("g", List.of(
        Map.entry("run-1", run("a", "completed", 199.6, 0.275, 45.9)),
        Map.entry("run-2", run("b", "completed", 195.2, 0.375, 57.2)),
        Map.entry("run-3", run("c", "completed", 199.8, 0.856, 67.0)),
        Map.entry("run-4", run("d", "failed", 12.0, 30.0, 900.0))));
  }

  @Test
  void threeRunsOfASkewedLatencyGiveAnIntervalAboveZeroSaidToBeRough() {
    GroupSummary g = threeSkewedRuns();
    Spread p50 = g.figures().get("commit response p50 (ms)");
    assertThat(p50.n()).as("the failed run is not counted").isEqualTo(3);
    assertThat(p50.ciLow()).isPositive();
    assertThat(p50.note()).isEqualTo("rough: only 3 runs");
    String text = g.text();
    assertThat(text).contains("3 completed and counted", "run-4    failed      (not counted)", "rough: only 3 runs")
        .doesNotContain(" -0.");
  }

  @Test
  void thePageHasTheTableWithNRangeAndIntervalAndLinksEveryRunsReport() {
    String page = GroupReportHtml.page(threeSkewedRuns()).render();
    assertThat(page).contains("commitbench group g", "4 runs, 3 completed and counted", "<th>n</th>",
        "<th>range (min – max)</th>", "<th>95% interval</th>", "0.275 – 0.856", "rough: only 3 runs",
        "run-4: failed (not counted)");
    List<String> intervals = new ArrayList<>();
    Matcher m = Pattern.compile("<td>(-?[0-9.]+) \\.\\. (-?[0-9.]+)</td>").matcher(page);
    while (m.find()) {
      intervals.add(m.group(1));
    }
    assertThat(intervals).hasSize(5).allSatisfy(low -> assertThat(Double.parseDouble(low)).isPositive());
    assertThat(page).contains("href=\"run-1/report.html\"", "href=\"run-4/report.html\"");
  }

  @Test
  void twoRunsGiveNoIntervalAndThePageSaysWhy() {
    GroupSummary two = GroupSummary.of("g", List.of(Map.entry("run-1", run("a", "completed", 100, 1, 2)),
        Map.entry("run-2", run("b", "completed", 110, 1.2, 2.5))));
    String page = GroupReportHtml.page(two).render();
    assertThat(page).contains("n = 2: too few runs for an interval (3 or more give one)");
    assertThat(page).doesNotContain(" .. ");
  }
}
