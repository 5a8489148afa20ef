package io.commitbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.CounterValue;
import io.commitbench.core.server.CounterWindow;
import io.commitbench.core.server.LogActivity;
import io.commitbench.core.server.ResetMark;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The database's view in the report, for the cases the fixture's PostgreSQL-like run does not show. */
class ServerBlockTest {

  private static final Instant T0 = Instant.parse("2025-01-02T10:00:00Z");
  private static final Instant T1 = Instant.parse("2025-01-02T10:00:02Z");

  /** autocommit=false; 4 commits timed by the client (1, 2, 3, 6 ms); the server timed its syncs. */
  private static RunResult explicitCommits(LogActivity activity) {
    RunResult base = ReportFixtures.failedInSetup();
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, ReportFixtures.kind(kind, Map.of()));
    }
    kinds.put(OperationKind.COMMIT, ReportFixtures.kind(OperationKind.COMMIT, Map.of(), 1, 2, 3, 6));
    return new RunResult("run-3", "0.1.0-test", ReportFixtures.config(false), "shared", T0, T1, RunOutcome.COMPLETED,
        "", List.of(), List.of(), new RunTotals(kinds, ReportFixtures.types(kinds), 0, 0, 2_000 * ReportFixtures.MS, 0),
        activity, List.of(), false, null, -1);
  }

  private static LogActivity timed() {
    return LogActivity.between(
        new CounterSnapshot(T0, List.of(CounterValue.of("commits", 10, "count"),
            CounterValue.of("log_syncs", 10, "count"), CounterValue.of("log_sync_time_ms", 100, "ms")), ""),
        new CounterSnapshot(T1, List.of(CounterValue.of("commits", 14, "count"),
            CounterValue.of("log_syncs", 12, "count"), CounterValue.of("log_sync_time_ms", 105, "ms")), ""));
  }

  @Test
  void countersOfAServerThatRestartedAreUnusableWithTheReasonNeverFigures() {
    LogActivity restarted = LogActivity.between(
        new CounterSnapshot(T0, List.of(CounterValue.of("commits", 10, "count"), CounterValue.of("log_syncs", 10, "count"),
            CounterValue.of("log_sync_time_ms", 100, "ms")), "",
            List.of(ResetMark.serverStart("pg_postmaster_start_time()", Instant.parse("2025-01-02T09:00:00Z"), null))),
        new CounterSnapshot(T1, List.of(CounterValue.of("commits", 22_068, "count"), CounterValue.of("log_syncs", 12, "count"),
            CounterValue.of("log_sync_time_ms", 105, "ms")), "",
            List.of(ResetMark.serverStart("pg_postmaster_start_time()", Instant.parse("2025-01-02T10:00:01Z"), null))));

    String block = ReportText.serverBlock(explicitCommits(restarted));

    assertThat(block)
        .contains("Counters reset                     : the server restarted during the run: pg_postmaster_start_time()"
            + " was 2025-01-02T09:00:00Z at the first reading and 2025-01-02T10:00:01Z at the last")
        .contains("Log counters: unusable, they started again from zero during the run:\n")
        .contains("  commits            absent: the server restarted during the run")
        .contains("Server: log sync time per commit   : absent: log_sync_time_ms is absent: the server restarted")
        .doesNotContain("22058");
    assertThat(SummaryJsonWriter.toJson(explicitCommits(restarted)).path("server").path("reset").asText())
        .startsWith("the server restarted during the run: pg_postmaster_start_time()");
  }

  @Test
  void withoutAutocommitTheClientsCommitStandsBesideTheServersSyncTime() {
    String block = ReportText.serverBlock(explicitCommits(timed()));

    assertThat(block)
        .contains("(autocommit=false: the client times each COMMIT round trip)\n")
        .contains("Client: commit mean                : 3.000 ms\n")
        .contains("Client: commit p50                 : 2.001 ms\n")
        .contains("Server: log sync time per commit   : 1.250 ms\n")
        .contains("Server: log sync time per sync     : 2.500 ms\n")
        .contains("  log sync time per commit              1.250 ms\n")
        .contains("  log_bytes          absent: not reported by the database's dialect\n")
        .doesNotContain("Product counters");
  }

  @Test
  void countersThatCoverTheWholeRunSaySoAndWhy() {
    LogActivity wholeRun = timed().covering(CounterWindow.WHOLE_RUN, "the reading at the warm-up's end failed (timeout)");

    String block = ReportText.serverBlock(explicitCommits(wholeRun));

    assertThat(block).contains("Counters cover                     : the whole run, warm-up included: the reading"
        + " at the warm-up's end failed (timeout)\n");
    com.fasterxml.jackson.databind.JsonNode server = SummaryJsonWriter.toJson(explicitCommits(wholeRun)).get("server");
    assertThat(server.get("window").asText()).isEqualTo("run");
    assertThat(server.get("windowNote").asText()).contains("failed (timeout)");
  }

  @Test
  void countersOfTheMeasuredWindowSayWhenTheyWereRead() {
    assertThat(ReportText.serverBlock(explicitCommits(timed())))
        .contains("Counters cover                     : the measured window (read before the first cycle, and after the last)\n");
    assertThat(SummaryJsonWriter.toJson(explicitCommits(timed())).get("server").get("window").asText())
        .isEqualTo("measured");
  }

  /** autocommit=true; the given kinds ran (each one statement of 2 ms), the others not at all. */
  private static RunResult autocommitRunning(OperationKind... kindsThatRan) {
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, ReportFixtures.kind(kind, Map.of()));
    }
    for (OperationKind kind : kindsThatRan) {
      kinds.put(kind, ReportFixtures.kind(kind, Map.of(), 2));
    }
    return new RunResult("run-4", "0.1.0-test", ReportFixtures.config(true), "shared", T0, T1, RunOutcome.COMPLETED,
        "", List.of(), List.of(), new RunTotals(kinds, ReportFixtures.types(kinds), 0, 0, 2_000 * ReportFixtures.MS, 0),
        timed(), List.of(), true, null, -1);
  }

  @Test
  void withAutocommitOnlyTheKindsThatRanStandIn() {
    String block = ReportText.serverBlock(autocommitRunning(OperationKind.INSERT, OperationKind.SELECT));

    assertThat(block)
        .contains("Client: insert mean                : 2.000 ms\n")
        .doesNotContain("Client: update")
        .doesNotContain("Client: delete")
        .doesNotContain("none succeeded");
  }

  @Test
  void withAutocommitAReadOnlyRunSaysNoWriteRan() {
    String block = ReportText.serverBlock(autocommitRunning(OperationKind.SELECT));

    assertThat(block)
        .contains("Client: writes                     : none ran (no insert, update or delete)\n")
        .doesNotContain("Client: insert");
  }

  @Test
  void withAutocommitTheDmlMeansStandInAndSaySo() {
    String block = ReportText.serverBlock(ReportFixtures.completed());

    assertThat(block)
        .contains("every insert, update and delete includes its commit")
        .contains("Client: insert mean")
        .contains("Client: delete mean")
        .doesNotContain("Client: commit");
  }

  @Test
  void aDatabaseWithoutLogCountersIsNotAvailableWithEachReason() {
    String noLog = "H2 has no redo/WAL log";
    List<CounterValue> counters = List.of(CounterValue.absent("commits", "count", "H2 counts no commits"),
        CounterValue.absent("log_bytes", "bytes", noLog), CounterValue.of("h2.store.file_writes", 3, "count"));
    LogActivity h2 = LogActivity.between(new CounterSnapshot(T0, counters, ""),
        new CounterSnapshot(T1, List.of(counters.get(0), counters.get(1),
            CounterValue.of("h2.store.file_writes", 5, "count")), ""));

    String block = ReportText.serverBlock(explicitCommits(h2));

    assertThat(block)
        .contains("Log counters: not available on this database:\n")
        .contains("  commits            absent: H2 counts no commits\n")
        .contains("  log_bytes          absent: H2 has no redo/WAL log\n")
        .contains("Product counters:\n  h2.store.file_writes  2 count\n")
        .doesNotContain("Derived figures");
  }

  @Test
  void countersThatCouldNotBeReadShowTheReasonOnce() {
    LogActivity failed = LogActivity.between(
        CounterSnapshot.unavailable("could not read the server's counters: connection reset"),
        CounterSnapshot.unavailable("could not read the server's counters: connection reset"));

    String block = ReportText.serverBlock(explicitCommits(failed));

    assertThat(block).contains("Log counters: not available: could not read the server's counters: connection reset\n")
        .doesNotContain("  commits ");
    assertThat(block).startsWith(ServerBlock.TITLE + "\nServer counters are global").endsWith("#####\n");
  }
}
