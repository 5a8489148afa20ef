package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run at a rate its database cannot hold, on embedded H2 through the command line: one actor
 * asked for a million commits a second. It says so in its last lines and in summary.json, exits 0
 * by default and 1 with {@code rate.miss.fail=true}; a rate it holds is judged met, silently.
 */
class RateTargetTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  /** Far beyond one JDBC connection's commits a second, on any machine. */
  private static final String UNREACHABLE = "1000000";

  @TempDir Path dir;

  @Test
  void aRunThatMissesItsRateSaysSoLastAndExitsZero() throws Exception {
    CliRun run = run("missed", UNREACHABLE);

    assertThat(run.exitCode()).as(run.err()).isZero();
    List<String> lines = Files.readAllLines(dir.resolve("out/missed/report.txt"));
    assertThat(lines.get(lines.size() - 1)).as("the report's last line")
        .startsWith("warning: the run missed its target rate: ").contains(" of 1000000 tx/s, ")
        .contains("more than rate.tolerance=5% allows");
    assertThat(run.out()).containsPattern("Target rate missed +: [0-9.]+ of 1000000 tx/s achieved");
    JsonNode rate = summary("missed").path("rate");
    assertThat(rate.path("missed").asBoolean()).isTrue();
    assertThat(rate.path("fails").asBoolean()).isFalse();
    assertThat(rate.path("target").asLong()).isEqualTo(1_000_000);
    assertThat(rate.path("tolerancePercent").asInt()).isEqualTo(5);
    assertThat(rate.path("achieved").asDouble()).isEqualTo(summary("missed").path("totals")
        .path("transactionsPerSecond").asDouble());
    assertThat(rate.path("shortfallPercent").asDouble()).isGreaterThan(5);
  }

  @Test
  void withRateMissFailAMissedRateFailsTheRun() throws Exception {
    CliRun run = run("failed", UNREACHABLE, "--set", "rate.miss.fail=true");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.RUN_FAILED);
    assertThat(run.err()).contains("the run missed its target rate", "rate.miss.fail=true");
    JsonNode summary = summary("failed");
    assertThat(summary.path("outcome").asText()).isEqualTo("failed");
    assertThat(summary.path("failure").asText()).contains("missed its target rate");
    assertThat(summary.path("rate").path("fails").asBoolean()).isTrue();
  }

  @Test
  void aRateTheRunHoldsIsMetWithoutAWarning() throws Exception {
    CliRun run = run("met", "20");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(run.out()).doesNotContain("missed its target rate").contains("Target rate met");
    assertThat(summary("met").path("rate").path("missed").asBoolean()).isFalse();
  }

  @Test
  void aClosedLoopHasNoRateVerdict() throws Exception {
    CliRun run = CliRun.execute("run", config().toString(), "--set", "results.dir=" + dir.resolve("out"),
        "--set", "run.id=closed", "--set", "transactions=50");

    assertThat(run.exitCode()).as(run.err()).isZero();
    assertThat(summary("closed").path("rate").isNull()).isTrue();
  }

  @Test
  void theToleranceIsOnlyForARunAtARate() throws Exception {
    CliRun run = CliRun.execute("run", config().toString(), "--set", "transactions=50", "--set", "rate.tolerance=10");

    assertThat(run.exitCode()).isEqualTo(ExitCodes.BAD_INPUT);
    assertThat(run.err()).contains("rate.tolerance=10: has no effect without rate");
  }

  private CliRun run(String id, String rate, String... more) throws Exception {
    List<String> args = new java.util.ArrayList<>(List.of("run", config().toString(), "--set",
        "results.dir=" + dir.resolve("out"), "--set", "run.id=" + id, "--set", "rate=" + rate, "--set", "duration=2"));
    args.addAll(List.of(more));
    return CliRun.execute(args.toArray(String[]::new));
  }

  private Path config() throws Exception {
    Path file = dir.resolve("commit.properties");
    if (!Files.exists(file)) {
      Files.writeString(file, "workload=commit\nusers=1\n");
    }
    return file;
  }

  private JsonNode summary(String id) throws Exception {
    return JSON.readTree(dir.resolve("out").resolve(id).resolve("summary.json").toFile());
  }
}
