package io.commitbench.it;

import static io.commitbench.it.support.ResultAssertions.assertCompleted;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.commitbench.it.support.Catalog;
import io.commitbench.it.support.Commitbench;
import io.commitbench.it.support.DatabaseKind;
import io.commitbench.it.support.DatabaseTarget;
import io.commitbench.it.support.DatabaseTargets;
import io.commitbench.it.support.PaperRun;
import io.commitbench.it.support.RunOutput;
import io.commitbench.it.support.TestImages;
import io.commitbench.it.support.TestNames;
import io.commitbench.it.support.Workload;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The database's view: a short workload against real PostgreSQL and MariaDB servers (and Oracle
 * where one answers), checked from summary.json's {@code server} object and report.txt. The
 * server's counters are global and other sessions (other builds) may run on the same server, so
 * the checks are lower bounds: the server counted at least the commits the harness made, and
 * wrote log bytes. Figures the server does not have must be absent with a reason, never 0.
 */
class ServerCountersIT {

  private static final Workload SHORT = new Workload(2, 5, 1, 20, 2);

  private static final List<String> CANONICAL =
      List.of("commits", "log_bytes", "log_writes", "log_syncs", "log_write_time_ms", "log_sync_time_ms");

  /** Each derived figure and the counters it divides. */
  private static final Map<String, List<String>> DERIVED = Map.of(
      "log_sync_ms_per_commit", List.of("log_sync_time_ms", "commits"),
      "log_sync_ms_per_sync", List.of("log_sync_time_ms", "log_syncs"),
      "log_bytes_per_commit", List.of("log_bytes", "commits"),
      "commits_per_log_write", List.of("commits", "log_writes"),
      "commits_per_log_sync", List.of("commits", "log_syncs"));

  /**
   * Every server kind in every column of the version matrix (the counters' sources differ between
   * versions: PostgreSQL 18 moved the WAL's I/O to pg_stat_io, MariaDB 11 changed InnoDB's status).
   */
  static Stream<Arguments> servers() {
    return Stream.of(DatabaseKind.POSTGRESQL, DatabaseKind.MARIADB, DatabaseKind.ORACLE)
        .flatMap(kind -> IntStream.range(0, TestImages.matrix(kind).size()).boxed()
            .flatMap(column -> Stream.of(true, false).map(autocommit -> Arguments.of(kind,
                TestImages.matrix(kind).get(column).asCanonicalNameString(), column, autocommit))));
  }

  @ParameterizedTest(name = "{0} ({1} where containers run): autocommit={3}")
  @MethodSource("servers")
  void serverCountersAreConsistentWithWhatTheRunDid(DatabaseKind kind, String image, int column,
      boolean autocommit, @TempDir Path tmp) throws Exception {
    DatabaseTarget target = DatabaseTargets.requireVersion(kind, column, tmp.resolve("h2"));
    Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());

    JsonNode summary = PaperRun.of(target, tmp, file, SHORT)
        .set("autocommit", String.valueOf(autocommit))
        .set("commit.interval", "1")
        .check();

    JsonNode server = summary.path("server");
    JsonNode counters = server.path("counters");
    long transactions = summary.path("totals").path("transactions").asLong();
    assertThat(server.path("note").isNull()).as("server.note: %s", server.path("note")).isTrue();
    assertThat(server.path("before").asText()).as("server.before").isNotEmpty();
    assertThat(server.path("after").asText()).as("server.after").isGreaterThan(server.path("before").asText());
    assertThat(fieldNames(counters)).as("server.counters").startsWith(CANONICAL.toArray(String[]::new));
    assertThat(delta(counters, "commits")).as("commits counted by the server, at least the harness's %d", transactions)
        .isGreaterThanOrEqualTo(transactions);
    assertThat(delta(counters, "log_bytes")).as("log bytes after %d inserts", SHORT.statementsPerKind()).isPositive();
    assertThat(delta(counters, "log_writes")).as("log writes").isPositive();
    counters.fields().forEachRemaining(c -> assertPresentOrAbsentWithReason("server.counters." + c.getKey(), c.getValue()));
    assertDerivedFigures(server);
    if (kind == DatabaseKind.MARIADB) {
      String source = autocommit ? "Handler_commit" : "Com_commit";
      assertThat(delta(counters, "commits")).as("MariaDB commits = %s", source).isEqualTo(delta(counters, source));
    }
    if (kind == DatabaseKind.POSTGRESQL) {
      assertThat(delta(counters, "log_syncs")).as("WAL syncs").isPositive();
      assertTimesPresentOrAbsentBecauseTimingIsOff(counters);
    }
  }

  @ParameterizedTest(name = "{0}: autocommit=false")
  @EnumSource(value = DatabaseKind.class, names = {"POSTGRESQL", "MARIADB"})
  void theReportShowsTheServersViewBesideTheClientsCommitLatency(DatabaseKind kind, @TempDir Path tmp)
      throws Exception {
    DatabaseTarget target = DatabaseTargets.require(kind, tmp.resolve("h2"));
    Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());
    TestNames names = TestNames.unique();
    Map<String, String> overrides = new LinkedHashMap<>(target.settings(tmp.resolve("secrets")));
    overrides.put("table.prefix", names.tablePrefix());
    overrides.put("user.prefix", names.userPrefix());
    overrides.put("autocommit", "false");
    try (Connection admin = target.connect()) {
      try {
        RunOutput run = Commitbench.run(file, tmp.resolve("results"), "view", overrides);

        assertCompleted(run);
        String report = run.report();
        assertThat(report)
            .contains("##### Database's view (server counters) #####\n")
            .contains("Server counters are global")
            .containsPattern("Log counters:\n  commits +\\d+ count\n")
            .contains("(autocommit=false: the client times each COMMIT round trip)\n")
            .containsPattern("Client: commit mean +: \\d+\\.\\d{3} ms\n")
            .containsPattern("Client: commit p50 +: \\d+\\.\\d{3} ms\n")
            .containsPattern("Server: log sync time per commit +: (\\d+\\.\\d{3} ms|absent: .+)\n");
        assertThat(report.indexOf("##### Database's view")).as("after the statistics block")
            .isGreaterThan(report.indexOf("##### Run Statistics #####"));
      } finally {
        new Catalog(kind, admin).dropEverything(names);
      }
    }
  }

  @Test
  void onH2TheReportSaysTheDatabasesViewIsNotAvailable(@TempDir Path tmp) throws Exception {
    DatabaseTarget h2 = DatabaseTargets.require(DatabaseKind.H2, tmp.resolve("h2"));
    Path file = Commitbench.writeParameterFile(tmp.resolve("short.properties"), SHORT.keys());

    RunOutput run = Commitbench.run(file, tmp.resolve("results"), "h2", h2.settings(tmp.resolve("secrets")));

    JsonNode counters = assertCompleted(run).path("server").path("counters");
    for (String name : CANONICAL) {
      assertThat(counters.path(name).has("delta")).as("server.counters.%s on H2", name).isFalse();
      assertThat(counters.path(name).path("absent").asText()).as("server.counters.%s.absent", name).isNotBlank();
    }
    assertThat(run.report()).as(run::describe).contains("Log counters: not available on this database:\n")
        .contains("H2 has no redo/WAL log");
  }

  /** A derived figure is present (and not negative; ratios positive) exactly when its inputs are. */
  private static void assertDerivedFigures(JsonNode server) {
    JsonNode counters = server.path("counters");
    JsonNode derived = server.path("derived");
    assertThat(fieldNames(derived)).as("server.derived").containsExactlyInAnyOrderElementsOf(DERIVED.keySet());
    DERIVED.forEach((name, inputs) -> {
      JsonNode figure = derived.path(name);
      boolean inputsPresent = inputs.stream().allMatch(i -> counters.path(i).has("delta"))
          && counters.path(inputs.get(1)).path("delta").asDouble() > 0;
      if (inputsPresent) {
        assertThat(figure.has("value")).as("server.derived.%s with %s present: %s", name, inputs, figure).isTrue();
        assertThat(figure.path("value").asDouble()).as("server.derived.%s", name).isNotNegative();
        if (!name.startsWith("log_sync_ms")) {
          assertThat(figure.path("value").asDouble()).as("server.derived.%s", name).isPositive();
        }
      } else {
        assertThat(figure.path("absent").asText()).as("server.derived.%s without its inputs", name).isNotBlank();
      }
    });
  }

  private static void assertTimesPresentOrAbsentBecauseTimingIsOff(JsonNode counters) {
    for (String time : List.of("log_write_time_ms", "log_sync_time_ms")) {
      JsonNode c = counters.path(time);
      if (!c.has("delta")) {
        assertThat(c.path("absent").asText()).as("why %s is absent", time).contains("track_wal_io_timing");
      }
    }
  }

  private static void assertPresentOrAbsentWithReason(String what, JsonNode figure) {
    if (figure.has("delta")) {
      assertThat(figure.path("delta").isNumber()).as(what).isTrue();
      assertThat(figure.path("delta").asDouble()).as(what).isNotNegative();
      assertThat(figure.path("unit").asText()).as(what + ".unit").isNotBlank();
    } else {
      assertThat(figure.path("absent").asText()).as(what + ".absent: a reason, never a silent 0").isNotBlank();
    }
  }

  private static double delta(JsonNode counters, String name) {
    JsonNode c = counters.path(name);
    assertThat(c.has("delta")).as("server.counters.%s present: %s", name, c).isTrue();
    return c.path("delta").asDouble();
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
