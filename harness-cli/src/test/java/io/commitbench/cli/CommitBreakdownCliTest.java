package io.commitbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commit breakdown of a run on embedded H2, which has no wait events: the round trip is
 * measured by the probe beside the actors, the server's parts and the kernel's view are listed
 * as unmeasured with their reasons, and {@code breakdown=false} measures none of it.
 */
class CommitBreakdownCliTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private JsonNode run(String... settings) throws Exception {
    List<String> args = new ArrayList<>(List.of("run", "../config/commit.properties", "--set", "duration=3",
        "--set", "warmup=1", "--set", "rate=40", "--set", "users=2", "--set", "results.dir=" + dir, "--set",
        "run.id=breakdown", "--set", "db.url=jdbc:h2:file:" + dir.resolve("h2/db")));
    for (String setting : settings) {
      args.add("--set");
      args.add(setting);
    }
    CliRun result = CliRun.execute(args.toArray(String[]::new));
    assertThat(result.exitCode()).as(result.err() + result.out()).isZero();
    assertThat(result.out()).contains("Where a commit's time goes");
    return JSON.readTree(Files.readString(dir.resolve("breakdown/summary.json"))).get("commit_breakdown");
  }

  @Test
  void theRoundTripIsMeasuredAndWhatH2CannotTellIsUnmeasuredWithItsReason() throws Exception {
    JsonNode b = run();

    assertThat(b.get("measured").asBoolean()).isTrue();
    assertThat(b.get("commits").asLong()).isPositive();
    assertThat(b.get("client_commit_mean_ms").asDouble()).isPositive();
    JsonNode roundTrip = b.get("parts").get(0);
    assertThat(roundTrip.get("name").asText()).isEqualTo("round_trip");
    assertThat(roundTrip.get("mean_ms").asDouble()).isPositive();
    assertThat(roundTrip.get("source").asText()).contains("SELECT 1", "20.0/s");
    List<String> unmeasured = new ArrayList<>();
    b.get("unmeasured").forEach(u -> unmeasured.add(u.get("name").asText() + ": " + u.get("reason").asText()));
    assertThat(unmeasured).anyMatch(u -> u.startsWith("log_sync: "))
        .anyMatch(u -> u.startsWith("kernel_log_io: breakdown.kernel=false"));
    assertThat(b.get("difference_ms").asDouble()).isEqualTo(
        b.get("client_commit_mean_ms").asDouble() - b.get("parts_sum_ms").asDouble(), org.assertj.core.api.Assertions
            .within(0.001));
  }

  @Test
  void breakdownFalseMeasuresNoneOfIt() throws Exception {
    JsonNode b = run("breakdown=false");

    assertThat(b.get("measured").asBoolean()).isFalse();
    assertThat(b.get("reason").asText()).isEqualTo("breakdown=false");
    assertThat(b.get("parts")).isEmpty();
    assertThat(b.get("cost")).as("no source ran").isEmpty();
  }
}
