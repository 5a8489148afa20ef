package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.results.BreakdownFixtures;
import io.commitbench.core.results.SummaryFixtures;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** compare's block of the subjects' commit breakdowns: a row per part, the client's mean, sum and difference. */
class BreakdownBlockTest {

  /** A run whose log sync is fast, whose log write was not sampled, and whose breakdown knows a later part. */
  private static final String SSD = """
      { "measured" : true, "commits" : 50000, "client_commit_mean_ms" : 0.6,
        "parts" : [ { "name" : "round_trip", "mean_ms" : 0.12, "source" : "probe" },
                    { "name" : "log_sync", "mean_ms" : 0.3, "source" : "pg_wait_sampling IO:WALSync" },
                    { "name" : "a_part_of_a_later_source", "mean_ms" : 0.05, "source" : "later" } ],
        "parts_sum_ms" : 0.47, "difference_ms" : 0.13,
        "unmeasured" : [ { "name" : "log_write", "reason" : "pg_wait_sampling is not installed" } ] }
      """;

  @TempDir Path dir;
  private Comparison comparison;

  @BeforeEach
  void threeRuns() throws Exception {
    BreakdownFixtures.add(SummaryFixtures.run(dir.resolve("hdd"), "hdd", 100, 2.0, 10.0, 4, "jdbc:h2:mem:x"),
        BreakdownFixtures.measured(2.31, 1.9));
    BreakdownFixtures.add(SummaryFixtures.run(dir.resolve("ssd"), "ssd", 400, 0.5, 1.0, 4, "jdbc:h2:mem:x"), SSD);
    SummaryFixtures.run(dir.resolve("old"), "old", 400, 0.5, 1.0, 4, "jdbc:h2:mem:x");
    comparison = Comparison.of(List.of(Subject.load(dir.resolve("hdd")), Subject.load(dir.resolve("ssd")),
        Subject.load(dir.resolve("old"))), List.of());
  }

  @Test
  void textSetsThePartsSideBySideWithUnmeasuredWhereARunListsAPartAsNotMeasured() {
    List<String> block = block(CompareOutput.TEXT.render(comparison));

    assertThat(block.get(0)).isEqualTo(BreakdownBlock.TITLE + ":");
    assertThat(block.get(1)).matches("figure +hdd +ssd +ratio +old +ratio");
    assertThat(block.subList(2, 11)).extracting(l -> l.split("  ")[0].trim()).containsExactly("client's commit (ms)",
        "round_trip (ms)", "log_write (ms)", "log_sync (ms)", "group_commit_wait (ms)", "a_part_of_a_later_source (ms)",
        "kernel_log_io (ms)", "parts' sum (ms)", "client minus parts (ms)");
    assertThat(cells(block.get(2))).containsExactly("client's commit (ms)", "2.310", "0.600", "0.260", "-", "-");
    assertThat(cells(block.get(4))).containsExactly("log_write (ms)", "0.050", "unmeasured", "-", "-", "-");
    assertThat(cells(block.get(5))).containsExactly("log_sync (ms)", "1.900", "0.300", "0.158", "-", "-");
    assertThat(cells(block.get(6))).as("a part the second run has no figure of, nor lists as unmeasured")
        .containsExactly("group_commit_wait (ms)", "0.100", "-", "-", "-", "-");
    assertThat(cells(block.get(8))).containsExactly("kernel_log_io (ms)", "unmeasured", "-", "-", "-", "-");
    assertThat(cells(block.get(10))).containsExactly("client minus parts (ms)", "0.140", "0.130", "0.929", "-", "-");
    assertThat(block).contains("hdd: kernel_log_io unmeasured: breakdown.kernel=false",
        "ssd: log_write unmeasured: pg_wait_sampling is not installed",
        "old: no commit breakdown (its summary.json has none)");
  }

  @Test
  void htmlHasTheTableAndAStackedBarPerSubjectThatMeasuredOne() {
    String html = CompareOutput.HTML.render(comparison);

    assertThat(html).contains("<h2>" + BreakdownBlock.TITLE + "</h2>")
        .contains("<tr><td>log_write (ms)</td><td class=\"n\">0.050</td><td>unmeasured</td>")
        .contains("data-chart=\"commit-breakdown\"")
        .contains("old: no commit breakdown (its summary.json has none)");
    BreakdownBlock block = BreakdownBlock.of(comparison).orElseThrow();
    assertThat(block.bars(comparison)).extracting(b -> b.label()).containsExactly("hdd", "ssd");
    assertThat(block.bars(comparison).get(1).partsMs()).containsEntry("log_sync", 0.3)
        .containsEntry("a_part_of_a_later_source", 0.05);
    assertThat(html.indexOf(BreakdownBlock.TITLE)).isLessThan(html.indexOf("<h2>Latency distributions</h2>"));
  }

  @Test
  void jsonCarriesTheRowsAndMarkdownTheTable() throws Exception {
    JsonNode rows = new ObjectMapper().readTree(CompareOutput.JSON.render(comparison)).path("commitBreakdown");
    assertThat(rows.get(0).path("figure").asText()).isEqualTo("client's commit (ms)");
    assertThat(rows.get(0).path("values").get(1).asDouble()).isEqualTo(0.6);
    assertThat(rows.get(0).path("values").get(2).isNull()).isTrue();
    assertThat(CompareOutput.MARKDOWN.render(comparison)).contains("**" + BreakdownBlock.TITLE + "**")
        .contains("| log_write (ms) | 0.050 | unmeasured | - | - | - |");
  }

  @Test
  void runsWithoutABreakdownHaveNoBlock() throws Exception {
    Comparison old = Comparison.of(List.of(Subject.load(dir.resolve("old")), Subject.load(dir.resolve("old"))),
        List.of());
    assertThat(CompareOutput.TEXT.render(old)).doesNotContain("Where a commit");
    assertThat(CompareOutput.HTML.render(old)).doesNotContain("Where a commit", "commit-breakdown");
    assertThat(new ObjectMapper().readTree(CompareOutput.JSON.render(old)).path("commitBreakdown").size()).isZero();
  }

  /** The block's lines: from its title to the blank line after its notes. */
  private static List<String> block(String text) {
    List<String> lines = text.lines().toList();
    int start = lines.indexOf(BreakdownBlock.TITLE + ":");
    int end = start;
    while (end < lines.size() && !lines.get(end).isEmpty()) {
      end++;
    }
    return lines.subList(start, end);
  }

  /** A text row's cells: the name, then the right-aligned values and ratios. */
  private static List<String> cells(String line) {
    Matcher m = Pattern.compile("^(.+?\\(ms\\))\\s+(.*)$").matcher(line);
    assertThat(m.matches()).as(line).isTrue();
    List<String> cells = new java.util.ArrayList<>(List.of(m.group(1)));
    cells.addAll(List.of(m.group(2).trim().split("\\s+")));
    return cells;
  }
}
