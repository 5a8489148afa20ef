package io.commitbench.driver.h2;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.run.BenchmarkRun;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Run control end to end on embedded H2 (the database every build has): a timed run of the
 * commit workload at a target rate after a warm-up, and count-based runs of both workloads. The
 * figures come from real runs; the checks allow for a small, busy machine.
 */
class RunControlOnH2Test {

  @TempDir Path dir;

  private RunResult run(String runId, Map<String, String> keys) throws Exception {
    Properties file = new Properties();
    file.putAll(keys);
    Map<String, String> overrides = new HashMap<>(Map.of(
        "db.url", "jdbc:h2:file:" + dir.resolve("db").resolve(runId).toAbsolutePath(), "users.mode", "shared",
        "results.dir", dir.resolve("results").toString(), "run.id", runId));
    var config = new ConfigBinder(DialectRegistry.load(), name -> null).bind(file, overrides);
    return new BenchmarkRun(config, new H2Dialect(), "test", new PrintWriter(OutputStream.nullOutputStream())).execute();
  }

  @Test
  void aTimedRunAtATargetRateExcludesItsWarmUpAndMeetsTheRate() throws Exception {
    RunResult result = run("rated", Map.of("workload", "commit", "users", "2", "duration", "3", "warmup", "1",
        "rate", "200"));

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    assertThat(result.totals().measuredNanos() / 1e9).isCloseTo(3.0, within(0.3));
    assertThat(result.totals().transactionsPerSecond()).isCloseTo(200.0, within(10.0));
    assertThat(result.hadWarmup()).isTrue();
    assertThat(result.warmup().measuredNanos() / 1e9).isCloseTo(1.0, within(0.1));
    assertThat(result.warmup().transactions()).isBetween(180L, 220L);
    TypeTotals commit = result.totals().types().get(0);
    assertThat(commit.name()).isEqualTo("commit");
    assertThat(commit.count()).isEqualTo(result.totals().transactions());
    assertThat(result.totals().kind(OperationKind.COMMIT).count()).isEqualTo(commit.count());
    assertThat(commit.responseNanos().getValueAtPercentile(50))
        .as("response time includes the wait for the start").isGreaterThanOrEqualTo(
            commit.serviceNanos().getValueAtPercentile(50));

    Path folder = dir.resolve("results/rated");
    List<String> csv = Files.readAllLines(folder.resolve("intervals.csv"), StandardCharsets.UTF_8);
    List<String> header = List.of(csv.get(0).split(","));
    int phase = header.indexOf("phase");
    int transactions = header.indexOf("transactions");
    long warmupRows = csv.stream().skip(1).filter(l -> l.split(",")[phase].equals("warmup")).count();
    long measured = csv.stream().skip(1).map(l -> l.split(",")).filter(r -> r[phase].equals("measured"))
        .mapToLong(r -> Long.parseLong(r[transactions])).sum();
    assertThat(warmupRows).isBetween(1L, 2L);
    assertThat(measured).as("the measured rows add up to the totals").isEqualTo(result.totals().transactions());
    JsonNode summary = new ObjectMapper().readTree(folder.resolve("summary.json").toFile());
    assertThat(summary.path("warmup").path("transactions").asLong()).isEqualTo(result.warmup().transactions());
    assertThat(summary.path("totals").path("clientCpuSeconds").asDouble()).as("the JVM's CPU over 3 s")
        .isGreaterThan(0).isLessThan(2 * 3.0);
    assertThat(summary.path("types").path("commit").path("responseMillis").path("p99").isNumber()).isTrue();
    assertThat(Files.readString(folder.resolve("report.txt"))).contains("Warm-up (excluded above)")
        .contains(" | Rate             : 200 tx/s, uniform arrivals");
  }

  @Test
  void aCountedCommitRunEndsAfterExactlyItsTransactions() throws Exception {
    RunResult result = run("counted", Map.of("workload", "commit", "users", "3", "transactions", "301",
        "commit.rows", "2", "commit.mode", "update", "commit.preload", "50"));

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    assertThat(result.totals().transactions()).isEqualTo(301);
    assertThat(result.totals().kind(OperationKind.UPDATE).count()).isEqualTo(602);
    assertThat(result.totals().kind(OperationKind.INSERT).count()).isZero();
  }

  @Test
  void thePapersWarmUpCyclesAreShownApartAndRepeatCountsMeasuredCycles() throws Exception {
    RunResult result = run("paper", Map.of("users", "2", "sleep", "0", "tablename", "1", "tableinsertnumber", "20",
        "tableselectnumber", "20", "tableupdatenumber", "20", "tabledeletenumber", "20", "repeat", "3",
        "warmup", "1"));

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    assertThat(result.cycles()).extracting(c -> c.cycle()).containsExactly(1, 2, 3);
    assertThat(result.actorCycles()).hasSize(6);
    assertThat(result.totals().kind(OperationKind.INSERT).count()).as("exactly the paper's count").isEqualTo(120);
    assertThat(result.warmup().kind(OperationKind.INSERT).count()).as("whole warm-up cycles").isPositive()
        .matches(n -> n % 40 == 0);
    String report = Files.readString(dir.resolve("results/paper/report.txt"));
    assertThat(report).contains("warm-up cycle 1 finished in").contains("cycle 3/3 finished in")
        .contains("##### Benchmark Overall Analysis #####");
  }

  @Test
  void aTimedPaperRunRepeatsItsCyclesUntilTheTimeIsUp() throws Exception {
    RunResult result = run("paper-timed", Map.of("users", "2", "sleep", "0", "tablename", "1", "tableinsertnumber",
        "20", "tableselectnumber", "20", "tableupdatenumber", "20", "tabledeletenumber", "20", "duration", "2"));

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    assertThat(result.totals().measuredNanos() / 1e9).isCloseTo(2.0, within(0.5));
    assertThat(result.cycles()).as("complete cycles in 2 s").hasSizeGreaterThan(1);
    assertThat(result.totals().kind(OperationKind.INSERT).count()).as("every complete cycle's inserts, and some")
        .isGreaterThanOrEqualTo(40L * result.cycles().size());
    assertThat(Files.readString(dir.resolve("results/paper-timed/report.txt")))
        .contains("##### Benchmark Overall Analysis #####").contains(" | Duration         : 2 s");
  }

  @Test
  void aThinkTimeSpacesEachActorsTransactions() throws Exception {
    RunResult result = run("think", Map.of("workload", "commit", "users", "2", "duration", "2", "think.time", "50"));

    assertThat(result.outcome()).as(result.failure()).isEqualTo(RunOutcome.COMPLETED);
    // Two actors, each at most one transaction per 50 ms: at most 40 per second, and close to it on H2.
    assertThat(result.totals().transactionsPerSecond()).isBetween(25.0, 40.5);
  }
}
