package io.commitbench.core.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What compare must say before its figures, in every format: a shared server's counters, a
 * missed target rate, a latency that is the backlog's, a run that did not complete; and the
 * workload's own figures and a sweep's labels.
 */
class CompareWarningsTest {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;

  private Comparison compare(Path... folders) throws Exception {
    List<Subject> subjects = new java.util.ArrayList<>();
    for (Path f : folders) {
      subjects.add(Subject.load(f));
    }
    Comparability.Verdict verdict = Comparability.check(subjects);
    return Comparison.of(subjects, verdict.refused(), verdict.swept());
  }

  private static JsonNode row(JsonNode rows, String figure) {
    return StreamSupport.stream(rows.spliterator(), false).filter(r -> r.path("figure").asText().equals(figure))
        .findFirst().orElseThrow(() -> new AssertionError("no row " + figure + " in " + rows));
  }

  @Test
  void aSharedServersCountersAreMarkedAndNeverJudgedAgainstNoise() throws Exception {
    new SummaryFile().set("run.label", "alone").measured(1_000, 10).serverCommits(1_040.0).write(dir.resolve("a/run-1"));
    new SummaryFile().set("run.label", "alone").measured(1_100, 10).serverCommits(1_130.0).write(dir.resolve("a/run-2"));
    new SummaryFile().set("run.label", "busy").measured(1_000, 10).serverCommits(1_020.0).write(dir.resolve("b/run-1"));
    new SummaryFile().set("run.label", "busy").measured(900, 10).serverCommits(5_000.0).write(dir.resolve("b/run-2"));
    Comparison c = compare(dir.resolve("a"), dir.resolve("b"));

    List<String> text = CompareOutput.TEXT.render(c).lines().toList();
    assertThat(text.get(0)).startsWith("warning: busy run-2: shared server: not the run's own: the server counted 5,000"
        + " commits while the run made 900 transactions");
    assertThat(text).filteredOn(l -> l.startsWith("warning: ")).hasSize(1);
    assertThat(text).filteredOn(l -> l.startsWith("server commits")).singleElement().asString()
        .contains("[shared server]", "- [shared server]", "not judged: shared server").doesNotContain("noise [");
    assertThat(text).filteredOn(l -> l.startsWith("throughput")).singleElement().asString()
        .as("the run's own figures are still judged").containsPattern("(within|exceeds) noise \\[");
    assertThat(text).contains("Server's log figures (server-wide):")
        .anySatisfy(l -> assertThat(l).startsWith("Server-wide: the server's counters count every session")
            .contains("[shared server]: other clients worked on the server"));

    String markdown = CompareOutput.MARKDOWN.render(c);
    assertThat(markdown.lines().findFirst().orElseThrow()).startsWith("> warning: busy run-2: shared server");
    assertThat(markdown).contains("| server commits | 1085 | 3010 [shared server] | - [shared server] | not judged: shared server |");

    JsonNode json = MAPPER.readTree(CompareOutput.JSON.render(c));
    assertThat(json.path("subjects").get(1).path("sharedServer").asBoolean()).isTrue();
    assertThat(json.path("subjects").get(0).path("sharedServer").asBoolean()).isFalse();
    assertThat(json.path("serverScope").asText()).startsWith("server-wide");
    JsonNode commits = row(json.path("server"), "server commits");
    assertThat(commits.path("marks").get(1).asText()).isEqualTo("shared server");
    assertThat(commits.path("marks").get(0).isNull()).isTrue();
    assertThat(commits.path("ratios").get(1).isNull()).as("no ratio of a shared server's counters").isTrue();
    assertThat(commits.path("noise").get(1).isNull()).isTrue();
    assertThat(json.path("warnings").get(0).path("kind").asText()).isEqualTo("shared-server");

    String html = CompareOutput.HTML.render(c);
    assertThat(html).contains("<h2>Server's log figures (server-wide)</h2>",
        "<td class=\"bad\">3010 [shared server]</td>", "<td class=\"bad\">warning: busy run-2: shared server");
  }

  @Test
  void aMissedRateAndABackloggedLatencyAreFlaggedInEveryFormat() throws Exception {
    Path hdd = new SummaryFile().set("rate", "200").set("run.label", "log on hdd").measured(1_300, 10).shed(120)
        .response(10_016, 14).write(dir.resolve("hdd"));
    Path ssd = new SummaryFile().set("rate", "200").set("run.label", "log on ssd").measured(2_000, 10)
        .response(0.05, 0.04).write(dir.resolve("ssd"));
    Comparison c = compare(hdd, ssd);

    List<String> text = CompareOutput.TEXT.render(c).lines().toList();
    assertThat(text.subList(0, 2)).containsExactly(
        "warning: log on hdd: missed its target rate: achieved 130.0 tx/s of 200 (65.0 %; tolerance 5 %, the default)",
        "warning: log on hdd: latency dominated by the backlog: 120 arrivals shed, response p50 10016 ms against a"
            + " backlog cap of 10000 ms: its response times measure the queue of late arrivals, not the database (its"
            + " service times are the database's)");
    assertThat(text).filteredOn(l -> l.startsWith("commit response p50 (ms)")).singleElement().asString()
        .matches("commit response p50 \\(ms\\) +10016 \\[backlog\\] +0\\.050 +4\\.99e-06 \\[backlog\\]");
    assertThat(text).filteredOn(l -> l.startsWith("commit service p50 (ms)")).singleElement().asString()
        .as("service times are the database's: no mark").doesNotContain("[");
    assertThat(text).contains("Target and achieved rate:");
    assertThat(text).filteredOn(l -> l.startsWith("target rate (tx/s)")).singleElement().asString()
        .matches("target rate \\(tx/s\\) +200 +200 +1\\.000");
    assertThat(text).filteredOn(l -> l.startsWith("achieved / target")).singleElement().asString()
        .matches("achieved / target +0\\.650 \\[missed target\\] +1\\.000 +1\\.538 \\[missed target\\]");
    assertThat(text).filteredOn(l -> l.startsWith("shed arrivals")).singleElement().asString()
        .matches("shed arrivals +120 +0 +0\\.000");

    assertThat(CompareOutput.MARKDOWN.render(c)).startsWith("> warning: log on hdd: missed its target rate")
        .contains("| achieved / target | 0.650 [missed target] |");
    JsonNode json = MAPPER.readTree(CompareOutput.JSON.render(c));
    assertThat(json.path("subjects").get(0).path("missedRate").asBoolean()).isTrue();
    assertThat(json.path("subjects").get(0).path("backlogged").asBoolean()).isTrue();
    assertThat(json.path("subjects").get(1).path("missedRate").asBoolean()).isFalse();
    assertThat(row(json.path("rate"), "achieved / target").path("marks").get(0).asText()).isEqualTo("missed target");
    assertThat(row(json.path("figures"), "commit response p50 (ms)").path("marks").get(0).asText()).isEqualTo("backlog");
    assertThat(CompareOutput.HTML.render(c)).contains("<td class=\"bad\">warning: log on hdd: missed its target rate",
        "<td class=\"bad\">0.650 [missed target]</td>", "<h2>Target and achieved rate</h2>");
  }

  @Test
  void runsWithoutARateHaveNoRateRows() throws Exception {
    Comparison c = compare(new SummaryFile().write(dir.resolve("a")), new SummaryFile().write(dir.resolve("b")));
    assertThat(c.rate()).isEmpty();
    assertThat(c.warnings()).isEmpty();
    assertThat(CompareOutput.TEXT.render(c)).doesNotContain("Target and achieved rate", "warning:");
  }

  @Test
  void aRunThatDidNotCompleteSaysSoAtTheTop() throws Exception {
    Path done = new SummaryFile().write(dir.resolve("done"));
    Path killed = new SummaryFile().outcome("running", null).write(dir.resolve("killed"));
    Path failed = new SummaryFile().outcome("failed", "the server went away").write(dir.resolve("failed"));
    Comparison c = compare(done, killed, failed);
    List<String> text = CompareOutput.TEXT.render(c).lines().toList();
    assertThat(text.get(0)).isEqualTo("warning: killed: outcome running: the run did not end (killed, or still"
        + " measuring): its figures are those its summary held last, written while it measured");
    assertThat(text.get(1)).isEqualTo("warning: failed: outcome failed: the run failed: the server went away");
    assertThat(CompareOutput.MARKDOWN.render(c)).startsWith("> warning: killed: outcome running");
    JsonNode json = MAPPER.readTree(CompareOutput.JSON.render(c));
    assertThat(json.path("warnings").get(0).path("kind").asText()).isEqualTo("outcome");
    assertThat(json.path("subjects").get(1).path("outcomes").get(0).asText()).isEqualTo("running");
    assertThat(CompareOutput.HTML.render(c)).contains("<td class=\"bad\">warning: killed: outcome running");
  }

  @Test
  void aRunKilledBeforeItMeasuredHasNoThroughputAndItsFiguresAreMarkedIncomplete() throws Exception {
    Path done = new SummaryFile().write(dir.resolve("done"));
    Path killed = new SummaryFile().outcome("running", null).measured(0, 0).write(dir.resolve("killed"));
    Comparison c = compare(done, killed);

    List<String> text = CompareOutput.TEXT.render(c).lines().toList();
    assertThat(text.get(0)).isEqualTo("warning: killed: outcome running: the run did not end (killed, or still"
        + " measuring): its figures are those its summary held last, written while it measured; it measured nothing"
        + " before it ended, so it has no throughput");
    assertThat(text).filteredOn(l -> l.startsWith("throughput (tx/s)")).singleElement()
        .extracting(l -> l.replaceAll(" +", " ")).isEqualTo("throughput (tx/s) 100 - [incomplete run] -");
    assertThat(CompareOutput.MARKDOWN.render(c)).contains("| throughput (tx/s) | 100 | - [incomplete run] | - |");
    JsonNode throughput = row(MAPPER.readTree(CompareOutput.JSON.render(c)).path("figures"), "throughput (tx/s)");
    assertThat(throughput.path("values").get(1).isNull()).isTrue();
    assertThat(throughput.path("marks").get(1).asText()).isEqualTo("incomplete run");
    assertThat(CompareOutput.HTML.render(c)).contains("<td class=\"bad\">- [incomplete run]</td>");
  }

  @Test
  void aRunInterruptedWhileMeasuringHasItsFiguresMarkedAsPartial() throws Exception {
    Path done = new SummaryFile().write(dir.resolve("done"));
    Path stopped = new SummaryFile().outcome("interrupted", null).measured(300, 3).write(dir.resolve("stopped"));
    Comparison c = compare(done, stopped);

    assertThat(CompareOutput.TEXT.render(c).lines().toList()).filteredOn(l -> l.startsWith("throughput (tx/s)"))
        .singleElement().extracting(l -> l.replaceAll(" +", " "))
        .isEqualTo("throughput (tx/s) 100 100 [incomplete run] 1.000 [incomplete run]");
  }

  @Test
  void countersOfAServerThatRestartedAreWarnedOfAndShowNoFigure() throws Exception {
    Path before = new SummaryFile().write(dir.resolve("before"));
    Path crashed = new SummaryFile().serverReset("the server restarted during the run: pg_postmaster_start_time()"
        + " was A at the first reading and B at the last, so its counters started again from zero")
        .write(dir.resolve("crashed"));
    Comparison c = compare(before, crashed);

    List<String> text = CompareOutput.TEXT.render(c).lines().toList();
    assertThat(text.get(0)).startsWith("warning: crashed: server counters reset, so they are no figures of the run:"
        + " the server restarted during the run: pg_postmaster_start_time() was A");
    assertThat(text).filteredOn(l -> l.startsWith("server commits")).singleElement()
        .extracting(l -> l.replaceAll(" +", " ")).isEqualTo("server commits 1000 - -");
    assertThat(CompareOutput.MARKDOWN.render(c)).startsWith("> warning: crashed: server counters reset");
    JsonNode json = MAPPER.readTree(CompareOutput.JSON.render(c));
    assertThat(json.path("warnings").get(0).path("kind").asText()).isEqualTo("counters-reset");
    assertThat(row(json.path("server"), "server commits").path("values").get(1).isNull()).isTrue();
    assertThat(CompareOutput.HTML.render(c)).contains("<td class=\"bad\">warning: crashed: server counters reset");
  }

  @Test
  void aGroupsRunThatFailedIsNamedAndLeftOut() throws Exception {
    new SummaryFile().write(dir.resolve("g/run-1"));
    new SummaryFile().outcome("failed", "deadlock storm").write(dir.resolve("g/run-2"));
    Comparison c = compare(new SummaryFile().write(dir.resolve("one")), dir.resolve("g"));
    assertThat(c.warnings()).singleElement().extracting(Comparison.Warning::text).asString()
        .isEqualTo("g run-2: outcome failed: the run failed: deadlock storm; left out of the group's figures");
  }

  @Test
  void everyWorkloadFigureAndThePapersAnalysisAreRows() throws Exception {
    String paper = "{\"overallMillis\":5000.0,\"averageOverallMillis\":1666.7,\"averageActorUpdateMillis\":%s,"
        + "\"cycles\":3,\"actorCycles\":12}";
    String figures = "{\"script\":\"oltp_read_write\",\"queriesPerSecond\":{\"read\":%s,\"write\":40.0},"
        + "\"curve\":[{\"x\":1}],\"load\":null}";
    Path a = new SummaryFile().paper(String.format(paper, "100.0")).workloadFigures(String.format(figures, "140.0"))
        .write(dir.resolve("a"));
    Path b = new SummaryFile().paper(String.format(paper, "50.0")).workloadFigures(String.format(figures, "280.0"))
        .write(dir.resolve("b"));
    Comparison c = compare(a, b);
    assertThat(c.workload()).extracting(Comparison.Row::name).containsExactly("paper: overall (ms)",
        "paper: average overall (ms)", "paper: average actor update (ms)", "paper: cycles", "paper: actor cycles",
        "workload: queries per second read", "workload: queries per second write");
    assertThat(CompareOutput.TEXT.render(c).lines()).anySatisfy(l -> assertThat(l)
        .matches("paper: average actor update \\(ms\\) +100 +50 +0\\.500"))
        .anySatisfy(l -> assertThat(l).matches("workload: queries per second read +140 +280 +2\\.000"))
        .contains("The workload's own figures:");
  }

  @Test
  void aRunWithoutCyclesHasNoPaperRows() throws Exception {
    Comparison c = compare(new SummaryFile().write(dir.resolve("a")), new SummaryFile().write(dir.resolve("b")));
    assertThat(c.workload()).isEmpty();
  }

  @Test
  void aRateSweepIsComparedWithoutForceAndLabelledByItsRate() throws Exception {
    Path low = new SummaryFile().set("rate", "200").measured(2_000, 10).write(dir.resolve("2025-01-01-a"));
    Path high = new SummaryFile().set("rate", "800").measured(8_000, 10).write(dir.resolve("2025-01-01-b"));
    Comparison c = compare(low, high);
    assertThat(c.differences()).isEmpty();
    assertThat(c.swept()).containsExactly("rate");
    assertThat(c.labels()).containsExactly("rate=200", "rate=800");
    String text = CompareOutput.TEXT.render(c);
    assertThat(text.lines().findFirst().orElseThrow())
        .isEqualTo("Compared as the points of a sweep of rate: the runs differ in it by design.");
    assertThat(text.lines()).anySatisfy(l -> assertThat(l).matches("figure +rate=200 +rate=800 +ratio"));
    assertThat(MAPPER.readTree(CompareOutput.JSON.render(c)).path("swept").get(0).asText()).isEqualTo("rate");
  }
}
