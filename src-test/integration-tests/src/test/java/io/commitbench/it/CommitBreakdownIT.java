package io.commitbench.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestImages;
import io.commitbench.it.support.TestNames;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testcontainers.containers.PostgreSQLContainer;

/**
 * The commit breakdown of a commit-workload run on real servers: {@code summary.json} holds
 * {@code commit_breakdown} with the client's mean, the round trip from the probe and the log
 * parts from the server's waits (PostgreSQL with pg_wait_sampling preloaded, and without it by
 * sampling pg_stat_activity); MariaDB, whose performance_schema is off, lists its parts as
 * unmeasured with the reason; and a run whose keys do not allow the syscall tracepoints lists the
 * kernel's view as unmeasured with its reason.
 */
class CommitBreakdownIT {

  private static JsonNode breakdown(DatabaseTarget target, Path tmp, String kernel) throws Exception {
    TestNames names = TestNames.unique();
    Path file = Commitbench.writeParameterFile(tmp.resolve("commit.properties"), Map.of("workload", "commit",
        "users", "4", "rate", "50", "duration", "8", "warmup", "2"));
    Map<String, String> settings = new LinkedHashMap<>(target.settings(tmp.resolve("secrets")));
    settings.put("table.prefix", names.tablePrefix());
    settings.put("user.prefix", names.userPrefix());
    settings.put("breakdown.kernel", kernel);
    RunOutput run = Commitbench.run(file, tmp.resolve("results"), "breakdown", settings);
    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.report()).contains("##### Where a commit's time goes #####\nclient: the commit call");
    JsonNode b = run.summary().get("commit_breakdown");
    assertThat(b.get("measured").asBoolean()).as(b.toString()).isTrue();
    assertThat(b.get("client_commit_mean_ms").asDouble()).isPositive();
    assertThat(b.get("difference_ms").asDouble()).isCloseTo(
        b.get("client_commit_mean_ms").asDouble() - b.get("parts_sum_ms").asDouble(),
        org.assertj.core.api.Assertions.within(0.001));
    assertThat(part(b, "round_trip").get("source").asText()).contains("round-trip probe");
    return b;
  }

  private static JsonNode part(JsonNode b, String name) {
    for (JsonNode p : b.get("parts")) {
      if (p.get("name").asText().equals(name)) {
        return p;
      }
    }
    throw new AssertionError("no part " + name + " in " + b);
  }

  private static Map<String, String> unmeasured(JsonNode b) {
    Map<String, String> reasons = new TreeMap<>();
    b.get("unmeasured").forEach(u -> reasons.put(u.get("name").asText(), u.get("reason").asText()));
    return reasons;
  }

  @Test
  void postgresqlWithoutTheExtensionSamplesPgStatActivityAndSaysSo(@TempDir Path tmp) throws Exception {
    JsonNode b = breakdown(DatabaseTargets.require(DatabaseKind.POSTGRESQL, tmp.resolve("h2")), tmp, "false");

    assertThat(part(b, "log_sync").get("source").asText()).contains("pg_stat_activity", "pg_wait_sampling is not loaded");
    assertThat(part(b, "log_sync").get("mean_ms").asDouble()).isGreaterThanOrEqualTo(0);
    assertThat(unmeasured(b)).containsKey("kernel_log_io");
    assertThat(unmeasured(b).get("kernel_log_io")).startsWith("breakdown.kernel=false");
  }

  @Test
  void postgresqlWithPgWaitSamplingReadsTheServersOwnProfile(@TempDir Path tmp) throws Exception {
    DatabaseTargets.requireEngineForOwnContainer("CommitBreakdownIT");
    try (PostgreSQLContainer<?> server = new PostgreSQLContainer<>(TestImages.POSTGRESQL)
        .withCommand("postgres", "-c", "shared_preload_libraries=pg_wait_sampling")) {
      server.start();
      try (Connection c = DriverManager.getConnection(server.getJdbcUrl(), server.getUsername(), server.getPassword());
          Statement s = c.createStatement()) {
        s.execute("CREATE EXTENSION pg_wait_sampling");
      }
      DatabaseTarget target = new DatabaseTarget(DatabaseKind.POSTGRESQL, server.getJdbcUrl(), server.getUsername(),
          server.getPassword(), null, "container of CommitBreakdownIT with pg_wait_sampling");

      JsonNode b = breakdown(target, tmp, "false");

      assertThat(part(b, "log_sync").get("source").asText()).contains("pg_wait_sampling");
      assertThat(part(b, "log_sync").get("mean_ms").asDouble() + part(b, "group_commit_wait").get("mean_ms").asDouble()
          + part(b, "log_write").get("mean_ms").asDouble()).as("a commit waits for its log").isPositive();
    }
  }

  @ParameterizedTest(name = "{0}: the parts performance_schema cannot give are unmeasured, with the reason")
  @EnumSource(value = DatabaseKind.class, names = {"MARIADB"})
  void mariadbListsWhatItsServerCannotMeasure(DatabaseKind kind, @TempDir Path tmp) throws Exception {
    JsonNode b = breakdown(DatabaseTargets.require(kind, tmp.resolve("h2")), tmp, "false");

    Map<String, String> reasons = unmeasured(b);
    assertThat(reasons).containsKeys("log_sync", "kernel_log_io");
    assertThat(reasons.get("log_sync")).containsAnyOf("performance_schema is OFF", "registers no redo log instrument");
  }
}
