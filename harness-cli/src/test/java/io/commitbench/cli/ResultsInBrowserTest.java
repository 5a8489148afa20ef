package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real group of runs on embedded H2 (runs=2, a target rate, warm-up), through the command line
 * as a user runs it, then its report.html, 'report RUN_DIR' and a compare HTML opened in a real
 * headless Chromium. Screenshots go to target/screenshots/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResultsInBrowserTest {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");

  @TempDir static Path dir;
  private Path group;
  private CliRun run;

  @BeforeAll
  void runAGroupOnH2() throws Exception {
    Path file = dir.resolve("group.properties");
    Files.writeString(file, """
        workload=commit
        users=2
        duration=2
        warmup=1
        rate=200
        runs=2
        run.id=browser
        """);
    run = CliRun.execute("run", file.toString(), "--set", "results.dir=" + dir.resolve("results"));
    group = dir.resolve("results").resolve("browser");
  }

  @Test
  void theGroupRanTwiceWithItsSetupKeptAndWroteItsSummary() throws Exception {
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("===== run 2 of 2", "kept from the group's previous run", "##### Group browser");
    JsonNode json = new ObjectMapper().readTree(group.resolve("group.json").toFile());
    assertThat(json.path("schema").asText()).isEqualTo("commitbench.group/2");
    assertThat(json.path("counted").asInt()).isEqualTo(2);
    JsonNode throughput = json.path("figures").path("throughput (tx/s)");
    assertThat(throughput.path("n").asInt()).isEqualTo(2);
    assertThat(throughput.path("median").asDouble()).isBetween(100.0, 250.0);
    assertThat(throughput.path("ciLow").isNull()).as("two runs give no interval").isTrue();
    assertThat(throughput.path("note").asText()).contains("n = 2", "too few runs");
    assertThat(Files.readString(group.resolve("group.txt"))).contains("95% interval", "commit response p99 (ms)",
        "n = 2: too few runs for an interval");
    String page = Files.readString(group.resolve("report.html"));
    assertThat(page).contains("commitbench group browser", "Figures over the runs", "href=\"run-1/report.html\"",
        "href=\"run-2/report.html\"");
  }

  @Test
  void reportRebuildsTheHtmlOfARunFolder() throws Exception {
    Path runDir = group.resolve("run-1");
    Path html = runDir.resolve("report.html");
    assertThat(html).as("written by the run").exists();
    Files.delete(html);
    CliRun report = CliRun.execute("report", runDir.toString());
    assertThat(report.exitCode()).as(report.err()).isZero();
    String page = Files.readString(html);
    assertThat(page).contains("Run header", "Environment", "data-chart=\"throughput\"", "Run Statistics",
        "Database's view", "data-chart=\"distribution-types\"");
    assertThat(page).doesNotContain("http://", "https://").as("opens offline: no address to fetch");
  }

  @Test
  void reportRefusesAFolderThatIsNoRunsWithExitCode2() {
    CliRun report = CliRun.execute("report", dir.toString());
    assertThat(report.exitCode()).isEqualTo(2);
    assertThat(report.err()).contains("is not a run's results folder: it has no summary.json");
  }

  @Test
  void everyChartOfTheReportRendersInChromium() throws Exception {
    HeadlessChromium chromium = HeadlessChromium.findOrSkip();
    Path html = group.resolve("run-2").resolve("report.html");
    HeadlessChromium.Page page = chromium.open(html, dir);
    // throughput, latency over time of types and kinds, their distributions; errors where there were any
    assertThat(page.charts()).as(page.dom().substring(0, Math.min(400, page.dom().length()))).isBetween(5, 6);
    assertThat(page.rendered()).isEqualTo(page.charts());
    assertThat(page.errors()).isZero();
    assertThat(page.console()).isEmpty();
    Path png = SCREENSHOTS.resolve("report.png");
    chromium.screenshot(html, png, 4200, dir);
    assertThat(Files.size(png)).isGreaterThan(50_000);
  }

  /** A run's summary with a commit breakdown of the writer's shape: its section shows, and its bar decodes. */
  @Test
  void theCommitBreakdownOfAReportRendersInChromium() throws Exception {
    Path runDir = dir.resolve("with-breakdown");
    Files.createDirectories(runDir);
    try (var files = Files.list(group.resolve("run-1"))) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        Files.copy(file, runDir.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    ObjectMapper json = new ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode summary =
        (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(runDir.resolve("summary.json").toFile());
    summary.set("commit_breakdown", json.readTree("""
        { "measured" : true, "reason" : "", "commits" : 400, "client_commit_mean_ms" : 2.31,
          "client_source" : "client: the commit call, 400 commits",
          "parts" : [ { "name" : "round_trip", "mean_ms" : 0.12, "p50_ms" : 0.11, "p99_ms" : 0.3, "source" : "probe" },
                      { "name" : "log_sync", "mean_ms" : 1.9, "source" : "kernel: fdatasync" } ],
          "parts_sum_ms" : 2.02, "difference_ms" : 0.29,
          "unmeasured" : [ { "name" : "log_write", "reason" : "the database samples no wait events" } ] }
        """));
    json.writeValue(runDir.resolve("summary.json").toFile(), summary);
    CliRun report = CliRun.execute("report", runDir.toString());
    assertThat(report.exitCode()).as(report.err()).isZero();

    HeadlessChromium chromium = HeadlessChromium.findOrSkip();
    HeadlessChromium.Page page = chromium.open(runDir.resolve("report.html"), dir);

    assertThat(page.dom()).contains("<h2>Where a commit's time goes</h2>", "data-chart=\"commit-breakdown\"",
        "<td>log_write</td><td>the database samples no wait events</td>");
    assertThat(page.rendered()).isEqualTo(page.charts());
    assertThat(page.errors()).isZero();
    assertThat(page.console()).isEmpty();
  }

  @Test
  void compareHtmlOverlaysTheDistributionsAndRendersInChromium() throws Exception {
    Path html = dir.resolve("compare.html");
    CliRun compare = CliRun.execute("compare", group.toString(), group.resolve("run-1").toString(), "--format", "html",
        "-o", html.toString());
    assertThat(compare.exitCode()).as(compare.err()).isZero();
    HeadlessChromium chromium = HeadlessChromium.findOrSkip();
    HeadlessChromium.Page page = chromium.open(html, dir);
    assertThat(page.charts()).as("the distributions and the commit breakdowns").isEqualTo(2);
    assertThat(page.rendered()).isEqualTo(2);
    assertThat(page.errors()).isZero();
    assertThat(page.console()).isEmpty();
    assertThat(page.dom()).contains("browser (median of 2)", "commit response p99 (ms)");
    Path png = SCREENSHOTS.resolve("compare.png");
    chromium.screenshot(html, png, 2400, dir);
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  @Test
  void compareRefusesRunsOfOtherParametersNamingTheKeyUnlessForced() throws Exception {
    Path other = dir.resolve("other");
    Files.createDirectories(other);
    Path run1 = group.resolve("run-1");
    for (String name : new String[] {"summary.json", "environment.json", "latency.hlog"}) {
      Files.copy(run1.resolve(name), other.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
    Path summary = other.resolve("summary.json");
    Files.writeString(summary, Files.readString(summary).replace("\"users\" : \"2\"", "\"users\" : \"8\""));
    CliRun refused = CliRun.execute("compare", run1.toString(), other.toString());
    assertThat(refused.exitCode()).isEqualTo(2);
    assertThat(refused.err()).contains("not comparable", "users: run-1=2, other=8", "--force");
    CliRun forced = CliRun.execute("compare", run1.toString(), other.toString(), "--force", "--format", "markdown");
    assertThat(forced.exitCode()).isZero();
    assertThat(forced.out()).contains("> Compared with --force although not comparable: users", "| throughput (tx/s) |");
  }
}
