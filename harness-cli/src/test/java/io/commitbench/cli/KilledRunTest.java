package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run SIGKILLed in its warm-up, a real process on embedded H2, leaves a summary that still says
 * {@code running} and measured nothing. {@code compare} and {@code report} of it say first, in
 * every format, that it did not complete, and give it no throughput as a figure.
 */
class KilledRunTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;

  private static Path killed;
  private static Path completed;

  @BeforeAll
  static void aCompletedRunAndOneKilledInItsWarmup() throws Exception {
    Path config = dir.resolve("commit.properties");
    Files.writeString(config, "workload=commit\nusers=1\nduration=1\n");
    completed = dir.resolve("out/done");
    CliRun done = CliRun.execute("run", config.toString(), "--set", "results.dir=" + dir.resolve("out"),
        "--set", "run.id=done", "--set", "warmup=0");
    assertThat(done.exitCode()).as(done.err()).isZero();

    killed = dir.resolve("out/killed");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process run = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        CommitbenchMain.class.getName(), "run", config.toString(), "--set", "results.dir=" + dir.resolve("out"),
        "--set", "run.id=killed", "--set", "warmup=60")
        .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    try {
      Path summary = killed.resolve("summary.json");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (!(Files.exists(summary) && Files.readString(summary).contains("\"running\""))) {
        assertThat(System.nanoTime()).as("a running summary within 60 s").isLessThan(deadline);
        Thread.sleep(50);
      }
    } finally {
      run.destroyForcibly(); // SIGKILL: the run gets no chance to finish its summary
    }
    assertThat(run.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(JSON.readTree(killed.resolve("summary.json").toFile()).path("outcome").asText()).isEqualTo("running");
  }

  private static CliRun compare(String format) {
    return CliRun.execute("compare", completed.toString(), killed.toString(), "--force", "--format", format);
  }

  @Test
  void compareSaysFirstThatTheRunDidNotCompleteAndGivesItNoThroughput() throws Exception {
    CliRun text = compare("text");
    assertThat(text.exitCode()).as(text.err()).isZero();
    List<String> lines = text.out().lines().toList();
    assertThat(lines.get(0)).startsWith("warning: ").contains("outcome running: the run did not end (killed")
        .contains("it measured nothing before it ended, so it has no throughput");
    assertThat(lines).filteredOn(l -> l.startsWith("throughput (tx/s)")).singleElement().asString()
        .contains("- [incomplete run]").doesNotContain("0.000");

    assertThat(compare("markdown").out()).startsWith("> warning: ").contains("| - [incomplete run] |");

    JsonNode json = JSON.readTree(compare("json").out());
    assertThat(json.path("warnings").get(0).path("kind").asText()).isEqualTo("outcome");
    assertThat(json.path("warnings").get(0).path("text").asText()).contains("has no throughput");
    JsonNode throughput = json.path("figures").get(0);
    assertThat(throughput.path("figure").asText()).isEqualTo("throughput (tx/s)");
    assertThat(throughput.path("values").get(1).isNull()).as("no throughput figure: %s", throughput).isTrue();
    assertThat(throughput.path("marks").get(1).asText()).isEqualTo("incomplete run");

    String html = compare("html").out();
    assertThat(html.indexOf("outcome running: the run did not end (killed")).as("the warning comes before the tables")
        .isPositive().isLessThan(html.indexOf("<h2>Subjects</h2>"));
  }

  @Test
  void reportSaysOnTopThatTheRunDidNotCompleteAndGivesItNoThroughput() throws Exception {
    CliRun report = CliRun.execute("report", killed.toString());
    assertThat(report.exitCode()).as(report.err()).isZero();

    String html = Files.readString(killed.resolve("report.html"));
    int warning = html.indexOf("warning: this run did not complete: outcome running");
    assertThat(warning).as("the warning").isPositive().isLessThan(html.indexOf("<th>Workload</th>"));
    assertThat(html).contains("<th>Throughput</th><td class=\"bad\">none: nothing was measured</td>")
        .doesNotContain("0.000 transactions/s");
  }
}
