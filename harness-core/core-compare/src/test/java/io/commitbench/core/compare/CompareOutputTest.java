package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.results.SummaryFixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The compare outputs of two groups of two runs, line by line where a person reads them. */
class CompareOutputTest {

  @TempDir Path dir;
  private Comparison comparison;

  @BeforeEach
  void twoGroups() throws Exception {
    SummaryFixtures.run(dir.resolve("hdd/run-1"), "run-1", 100, 2.0, 10.0, 4, "jdbc:h2:mem:x");
    SummaryFixtures.run(dir.resolve("hdd/run-2"), "run-2", 110, 2.2, 12.0, 4, "jdbc:h2:mem:x");
    SummaryFixtures.run(dir.resolve("ssd/run-1"), "run-1", 400, 0.5, 1.0, 4, "jdbc:h2:mem:x");
    SummaryFixtures.run(dir.resolve("ssd/run-2"), "run-2", 420, 0.5, 1.2, 4, "jdbc:h2:mem:x");
    comparison = Comparison.of(List.of(Subject.load(dir.resolve("hdd")), Subject.load(dir.resolve("ssd"))), List.of());
  }

  @Test
  void textAlignsTheColumnsAndGivesRatioAndNoiseVerdict() {
    List<String> lines = fromFigures(CompareOutput.TEXT.render(comparison));
    assertThat(lines.get(0)).isEqualTo(
        "figure                      hdd (median of 2)  ssd (median of 2)  ratio                      vs noise");
    assertThat(lines.get(1)).startsWith(
        "throughput (tx/s)                         105                410  3.905  exceeds noise [");
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith(
        "commit response p50 (ms)                2.100              0.500  0.238  exceeds noise ["));
    assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("server commits"));
    assertThat(lines.get(lines.size() - 1)).startsWith("vs noise: bootstrap 95% interval of the ratio of means");
  }

  /** A figure no run has is named once instead of a row of dashes; JSON keeps it, as null. */
  @Test
  void aServerFigureThatNoRunRecordedIsNamedNotTabulated() {
    String text = CompareOutput.TEXT.render(comparison);
    assertThat(text.lines()).noneSatisfy(l -> assertThat(l).startsWith("server log_sync_time_ms"))
        .anySatisfy(l -> assertThat(l).startsWith("server commits"));
    List<String> absent = text.lines().filter(l -> l.startsWith("Server's log figures recorded by none")).toList();
    assertThat(absent).singleElement().asString().contains("these runs' databases: ", "log_sync_time_ms")
        .doesNotContain("server log_sync_time_ms", " commits,");
    assertThat(CompareOutput.MARKDOWN.render(comparison)).doesNotContain("| server log_sync_time_ms |")
        .contains("Server's log figures recorded by none of these runs' databases: ");
    assertThat(CompareOutput.HTML.render(comparison))
        .contains("Server's log figures recorded by none of these runs' databases")
        .doesNotContain(">server log_sync_time_ms</td>");
  }

  @Test
  void markdownIsAPipeTableWithRightAlignedNumbers() {
    List<String> lines = fromFigures(CompareOutput.MARKDOWN.render(comparison));
    assertThat(lines.get(0)).isEqualTo("| figure | hdd (median of 2) | ssd (median of 2) | ratio | vs noise |");
    assertThat(lines.get(1)).isEqualTo("|---|---:|---:|---:|---:|");
    assertThat(lines.get(2)).startsWith("| throughput (tx/s) | 105 | 410 | 3.905 | exceeds noise [");
  }

  @Test
  void jsonCarriesEveryRunsValueTheRatioAndTheVerdict() throws Exception {
    JsonNode root = new ObjectMapper().readTree(CompareOutput.JSON.render(comparison));
    assertThat(root.path("schema").asText()).isEqualTo("commitbench.compare/1");
    assertThat(root.path("subjects").get(1).path("kind").asText()).isEqualTo("group");
    JsonNode throughput = root.path("figures").get(0);
    assertThat(throughput.path("figure").asText()).isEqualTo("throughput (tx/s)");
    assertThat(throughput.path("values").get(1).asDouble()).isEqualTo(410.0);
    assertThat(throughput.path("perRun").get(0).toString()).isEqualTo("[100.0,110.0]");
    assertThat(throughput.path("noise").get(0).isNull()).isTrue();
    assertThat(throughput.path("noise").get(1).path("exceedsNoise").asBoolean()).isTrue();
    JsonNode syncTime = root.path("server").get(1);
    assertThat(syncTime.path("figure").asText()).isEqualTo("server log_sync_time_ms");
    assertThat(syncTime.path("values").get(0).isNull()).as("an absent counter is null, not 0").isTrue();
  }

  /** The output from the table of figures on, after the subjects. */
  private static List<String> fromFigures(String output) {
    List<String> lines = output.lines().toList();
    int start = lines.indexOf(lines.stream().filter(l -> l.matches("^\\|? ?figure .*")).findFirst().orElseThrow());
    return lines.subList(start, lines.size());
  }

  @Test
  void singleRunsSayThatNoNoiseWasMeasured() throws Exception {
    Comparison runs = Comparison.of(List.of(Subject.load(dir.resolve("hdd/run-1")),
        Subject.load(dir.resolve("ssd/run-1"))), List.of());
    String text = CompareOutput.TEXT.render(runs);
    assertThat(fromFigures(text).get(0)).as("two run-1 of different groups are told apart")
        .matches("figure +hdd/run-1 +ssd/run-1 +ratio");
    assertThat(text).contains("Single runs: no run-to-run noise was measured");
  }
}
