package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real rate sweep on embedded H2 through the command line (commit workload, three rates, short
 * runs), its folders, group.json and group.txt, and its report.html with the latency-against-
 * throughput chart and the commit breakdown per value opened in headless Chromium; a sweep of
 * two values with runs=2 each; and a sweep refused before anything runs. Screenshots go to
 * target/screenshots/.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SweepInBrowserTest {

  private static final Path SCREENSHOTS = Path.of("target", "screenshots");
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir static Path dir;
  private Path results;
  private Path sweep;
  private CliRun run;

  @BeforeAll
  void sweepThreeRatesOnH2() throws Exception {
    results = dir.resolve("results");
    Path file = dir.resolve("sweep.properties");
    Files.writeString(file, """
        workload=commit
        users=2
        duration=2
        warmup=1
        sweep.key=rate
        sweep.values=50,100,200
        run.id=knee
        """);
    run = CliRun.execute("run", file.toString(), "--set", "results.dir=" + results);
    sweep = results.resolve("knee");
  }

  @Test
  void everyValueRanIntoAFolderNamedAfterItWithTheSetupKept() throws Exception {
    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).contains("===== rate=50 (value 1 of 3) of sweep knee, setup kept",
        "===== rate=200 (value 3 of 3)", "kept from the group's previous run", "##### Sweep knee: rate over 50, 100,"
            + " 200; 3 runs, 3 completed and counted");
    for (String value : List.of("50", "100", "200")) {
      JsonNode summary = JSON.readTree(sweep.resolve("rate=" + value).resolve("summary.json").toFile());
      assertThat(summary.path("config").path("rate").asText()).isEqualTo(value);
      assertThat(summary.path("config").path("sweep.key").asText()).isEqualTo("rate");
    }
  }

  @Test
  void groupJsonSaysWhichKeyWasSweptAndGivesEachValuesFigures() throws Exception {
    JsonNode json = JSON.readTree(sweep.resolve("group.json").toFile());
    assertThat(json.path("schema").asText()).isEqualTo("commitbench.group/2");
    assertThat(json.path("sweep").path("key").asText()).isEqualTo("rate");
    assertThat(json.path("sweep").path("values")).extracting(JsonNode::asText).containsExactly("50", "100", "200");
    assertThat(json.path("points")).hasSize(3);
    JsonNode first = json.path("points").get(0);
    assertThat(first.path("folder").asText()).isEqualTo("rate=50");
    assertThat(first.path("runs").get(0).path("folder").asText()).isEqualTo("rate=50");
    JsonNode throughput = first.path("figures").path("throughput (tx/s)");
    assertThat(throughput.path("n").asInt()).isEqualTo(1);
    assertThat(throughput.path("median").asDouble()).isBetween(25.0, 60.0);
    assertThat(throughput.path("ciLow").isNull()).isTrue();
    assertThat(throughput.path("note").asText()).contains("n = 1", "too few runs");
    double last = json.path("points").get(2).path("figures").path("throughput (tx/s)").path("median").asDouble();
    assertThat(last).as("rate=200 achieves more than rate=50").isGreaterThan(throughput.path("median").asDouble());
    assertThat(Files.readString(sweep.resolve("group.txt"))).contains("figure (median)", "rate=50", "rate=200",
        "commit response p99 (ms)", "commit service p50 (ms)", "Where a commit's time goes (mean ms per commit):");
  }

  @Test
  void theSweepsPageHasTheKneeChartAndLinksEveryRunsReport() throws Exception {
    Path html = sweep.resolve("report.html");
    String page = Files.readString(html);
    assertThat(page).contains("data-chart=\"knee\"", "Latency against throughput", "Figures per value",
        "Sweep of rate over 50, 100, 200", "data-chart=\"commit-breakdown\"", "<h2>Where a commit's time goes</h2>",
        "<th>rate=50</th>", "<td>round_trip (ms)</td>");
    List<String> links = links(page);
    assertThat(links).containsExactly("rate=50/report.html", "rate=100/report.html", "rate=200/report.html");
    links.forEach(link -> assertThat(sweep.resolve(link)).as(link).isRegularFile());
    assertThat(page).doesNotContain("http://", "https://");

    HeadlessChromium chromium = HeadlessChromium.findOrSkip();
    HeadlessChromium.Page shown = chromium.open(html, dir);
    assertThat(shown.charts()).as("the knee and the commit breakdown").isEqualTo(2);
    assertThat(shown.rendered()).isEqualTo(2);
    assertThat(shown.errors()).isZero();
    assertThat(shown.console()).isEmpty();
    Path png = SCREENSHOTS.resolve("sweep.png");
    chromium.screenshot(html, png, 1800, dir);
    assertThat(Files.size(png)).isGreaterThan(20_000);
  }

  @Test
  void reportRebuildsTheSweepsSummaryAndPageAndEveryRunsPage() throws Exception {
    Path copy = dir.resolve("rebuilt");
    copyTree(sweep, copy);
    Files.delete(copy.resolve("group.json"));
    Files.delete(copy.resolve("report.html"));
    Files.delete(copy.resolve("rate=100").resolve("report.html"));
    CliRun report = CliRun.execute("report", copy.toString());
    assertThat(report.exitCode()).as(report.err()).isZero();
    assertThat(report.out()).contains("rate=50/report.html", "rate=100/report.html", "rate=200/report.html",
        "group.json");
    assertThat(copy.resolve("rate=100").resolve("report.html")).isRegularFile();
    assertThat(JSON.readTree(copy.resolve("group.json").toFile()).path("sweep").path("key").asText()).isEqualTo("rate");
    assertThat(Files.readString(copy.resolve("report.html"))).contains("data-chart=\"knee\"");
  }

  @Test
  void aSweepWithRunsGivesEachValueAGroupOfItsOwn() throws Exception {
    Path file = dir.resolve("repeated.properties");
    Files.writeString(file, """
        workload=commit
        users=1
        duration=1
        sweep.key=rate
        sweep.values=40,80
        runs=2
        run.id=repeated
        """);
    CliRun repeated = CliRun.execute("run", file.toString(), "--set", "results.dir=" + results);
    assertThat(repeated.exitCode()).as(repeated.err()).isZero();
    Path group = results.resolve("repeated");
    assertThat(repeated.out()).contains("===== rate=40 (value 1 of 2) of sweep repeated, run 2 of 2",
        "===== rate=80 (value 2 of 2) of sweep repeated, run 1 of 2");
    for (String value : List.of("rate=40", "rate=80")) {
      assertThat(group.resolve(value).resolve("run-1").resolve("summary.json")).isRegularFile();
      assertThat(group.resolve(value).resolve("run-2").resolve("report.html")).isRegularFile();
      assertThat(group.resolve(value).resolve("group.json")).isRegularFile();
      assertThat(Files.readString(group.resolve(value).resolve("report.html"))).contains("commitbench group " + value,
          "n = 2: too few runs for an interval", "<h2>Where a commit's time goes</h2>", "<th>run-1</th>",
          "<th>run-2</th>");
    }
    JsonNode json = JSON.readTree(group.resolve("group.json").toFile());
    assertThat(json.path("points").get(1).path("runs")).extracting(r -> r.path("folder").asText())
        .containsExactly("run-1", "run-2");
    List<String> links = links(Files.readString(group.resolve("report.html")));
    assertThat(links).contains("rate=40/report.html", "rate=40/run-1/report.html", "rate=80/run-2/report.html");
    links.forEach(link -> assertThat(group.resolve(link)).as(link).isRegularFile());
  }

  @Test
  void compareOfTheSweepsFolderSetsItsPointsSideBySideInTheSweepsOrderWithoutForce() throws Exception {
    CliRun compared = CliRun.execute("compare", sweep.toString(), "--format", "json");

    assertThat(compared.exitCode()).as(compared.err()).isZero();
    JsonNode json = JSON.readTree(compared.out());
    assertThat(json.toString()).contains("rate=50", "rate=100", "rate=200");
    assertThat(json.toString().indexOf("rate=50")).isLessThan(json.toString().indexOf("rate=200"));
    CliRun text = CliRun.execute("compare", sweep.toString());
    assertThat(text.out()).contains("Compared as the points of a sweep of rate");
  }

  @Test
  void compareOfOneRunAloneIsRefusedWithExit2() throws Exception {
    CliRun alone = CliRun.execute("compare", sweep.resolve("rate=50").toString());

    assertThat(alone.exitCode()).isEqualTo(2);
    assertThat(alone.err()).contains("1 run or group to compare; allowed: two or more");
  }

  @Test
  void aKeyThatCannotBeSweptEndsTheCommandWithExit2BeforeAnythingRuns() throws Exception {
    Path file = dir.resolve("bad.properties");
    Files.writeString(file, "workload=commit\nduration=1\nsweep.key=db.user\nsweep.values=a,b\nrun.id=bad\n");
    CliRun bad = CliRun.execute("run", file.toString(), "--set", "results.dir=" + results);
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("sweep.key=db.user: cannot be swept", "allowed: a key of this run that takes a"
        + " number: rate, users");
    assertThat(results.resolve("bad")).doesNotExist();
    CliRun value = CliRun.execute("run", file.toString(), "--set", "results.dir=" + results, "--set",
        "sweep.key=rate", "--set", "sweep.values=100,fast");
    assertThat(value.exitCode()).isEqualTo(2);
    assertThat(value.err()).contains("sweep.values=100,fast: 'fast' is not a value of rate: not a whole number;"
        + " allowed: a whole number from 1 to 10000000");
    assertThat(results.resolve("bad")).doesNotExist();
  }

  private static List<String> links(String page) {
    List<String> links = new ArrayList<>();
    Matcher m = Pattern.compile("<a href=\"([^\"]+)\"").matcher(page);
    while (m.find()) {
      links.add(m.group(1));
    }
    return links;
  }

  private static void copyTree(Path from, Path to) throws Exception {
    try (var paths = Files.walk(from)) {
      for (Path p : paths.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
