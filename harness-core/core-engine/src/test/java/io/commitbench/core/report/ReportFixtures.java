package io.commitbench.core.report;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.key.ErrorBudget;
import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.WorkloadSettings;
import io.commitbench.core.config.Secret;
import io.commitbench.core.key.UsersMode;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.PaperAnalysis;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.CounterValue;
import io.commitbench.core.server.LogActivity;
import java.nio.file.Path;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** Hand-made results with figures that can be checked by hand, shared by the writer tests. */
public final class ReportFixtures {

  static final long MS = 1_000_000L;

  private ReportFixtures() {}

  /** The paper's parameters against PostgreSQL; the URL carries a password that must never show. */
  static BenchmarkConfig config(boolean autocommit) {
    return config(autocommit, false);
  }

  /** As {@link #config(boolean)}, with the user prefix derived from the run id when {@code userPrefixDerived}. */
  static BenchmarkConfig config(boolean autocommit, boolean userPrefixDerived) {
    return new BenchmarkConfig(
        "paper", 10, 100, RunControl.counted(),
        "postgresql",
        "jdbc:postgresql://127.0.0.1:5432/test?password=secret&ssl=false",
        "postgres",
        Secret.of("secret", "env DB_PW"),
        50, UsersMode.DB_USERS, true, "cb_t", "cb_u", false, userPrefixDerived, 30, 10, 60, 1, ErrorBudget.parse("1%").orElseThrow(),
        Path.of("results"), "run-1",
        new WorkloadSettings(Map.ofEntries(Map.entry("users", 10L), Map.entry("sleep", 100L),
            Map.entry("tablename", 5L), Map.entry("tableinsertnumber", 10L), Map.entry("tableselectnumber", 10L),
            Map.entry("tableupdatenumber", 10L), Map.entry("tabledeletenumber", 10L), Map.entry("repeat", 30L),
            Map.entry("autocommit", autocommit), Map.entry("commit.interval", 1L), Map.entry("text.length", 40L))),
        Map.of("users", "10", "repeat", "30", "db.url", "jdbc:postgresql://127.0.0.1:5432/test?password=***&ssl=false",
            "db.password", "env DB_PW", "autocommit", Boolean.toString(autocommit)));
  }

  /** The paper's header lines for a configuration made here. */
  static List<io.commitbench.core.workload.BoundWorkload.HeaderLine> paperLines(BenchmarkConfig config) {
    return new io.commitbench.core.workload.paper.PaperWorkload().bind(config.settings()).headerLines();
  }

  /** The paper's figures of {@code result}, as the summary and the paper workload compute them. */
  static PaperAnalysis paperAnalysis(RunResult result) {
    return PaperAnalysis.of(result.cycles(), result.actorCycles());
  }

  /**
   * Two cycles of 1500 and 2500 ms; three actors each. Actor times 1000..2400 ms (mean 1700),
   * inserts 100..600 ms (mean 350), selects 10..60 ms (mean 35), updates 1..6 ms (mean 3.5),
   * deletes 1.234567 ms each.
   */
  public static RunResult completed() {
    List<CycleTimes> cycles = List.of(new CycleTimes(1, 1500 * MS), new CycleTimes(2, 2500 * MS));
    List<ActorCycleTimes> actorCycles = List.of(
        actor(1, 1, 1000, 100, 10, 1), actor(1, 2, 1200, 200, 20, 2), actor(1, 3, 1400, 300, 30, 3),
        actor(2, 1, 2000, 400, 40, 4), actor(2, 2, 2200, 500, 50, 5), actor(2, 3, 2400, 600, 60, 6));
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    kinds.put(OperationKind.INSERT, kind(OperationKind.INSERT, Map.of(ErrorClass.CONSTRAINT_VIOLATION, 1L), 1, 100));
    kinds.put(OperationKind.SELECT, kind(OperationKind.SELECT, Map.of(), 2, 2, 2, 2));
    kinds.put(OperationKind.UPDATE, kind(OperationKind.UPDATE, Map.of(ErrorClass.DEADLOCK, 2L), 5, 5, 5, 425));
    kinds.put(OperationKind.DELETE, kind(OperationKind.DELETE, Map.of(ErrorClass.CONNECTION_LOST, 1L), 3));
    kinds.put(OperationKind.COMMIT, kind(OperationKind.COMMIT, Map.of()));
    RunTotals totals = new RunTotals(kinds, types(kinds), 11, 1, 4000 * MS, 0);
    return new RunResult("run-1", "0.1.0-test", config(true), "db-users",
        Instant.parse("2025-01-02T10:00:00Z"), Instant.parse("2025-01-02T10:00:05.250Z"),
        RunOutcome.COMPLETED, "", cycles, actorCycles, totals, walActivity(), List.of(), true, null, -1)
        .withCommitBreakdown(CommitSplit.of(totals, List.of(new io.commitbench.core.breakdown.SourceReading(
            List.of(io.commitbench.core.breakdown.PartReading.perEvent("round_trip", 0.25, 0.2, 0.5, 40, "probe"),
                io.commitbench.core.breakdown.PartReading.total("log_sync", 22, 220, "waits IO:WALSync")),
            List.of(new io.commitbench.core.breakdown.UnmeasuredPart("kernel_log_io", "breakdown.kernel=false")),
            List.of(), List.of("waits: 220 samples")))));
  }

  static final String TIMING_OFF = "track_wal_io_timing is off: the server does not time WAL I/O (it reads 0)";

  /**
   * Like PostgreSQL 15 with track_wal_io_timing off: 11 commits, 5632 WAL bytes, 8 writes and 8
   * syncs; no times, so no sync time per commit.
   */
  static LogActivity walActivity() {
    CounterSnapshot before = new CounterSnapshot(Instant.parse("2025-01-02T10:00:00.500Z"), List.of(
        CounterValue.of("commits", 1000, "count"), CounterValue.of("log_bytes", 1_000_000, "bytes"),
        CounterValue.of("log_writes", 500, "count"), CounterValue.of("log_syncs", 400, "count"),
        CounterValue.absent("log_write_time_ms", "ms", TIMING_OFF),
        CounterValue.absent("log_sync_time_ms", "ms", TIMING_OFF),
        CounterValue.of("pg_stat_wal.wal_records", 9000, "count")), "");
    CounterSnapshot after = new CounterSnapshot(Instant.parse("2025-01-02T10:00:05Z"), List.of(
        CounterValue.of("commits", 1011, "count"), CounterValue.of("log_bytes", 1_005_632, "bytes"),
        CounterValue.of("log_writes", 508, "count"), CounterValue.of("log_syncs", 408, "count"),
        CounterValue.absent("log_write_time_ms", "ms", TIMING_OFF),
        CounterValue.absent("log_sync_time_ms", "ms", TIMING_OFF),
        CounterValue.of("pg_stat_wal.wal_records", 9044, "count")), "");
    return LogActivity.between(before, after);
  }

  /** A run that failed in setup: nothing measured. */
  static RunResult failedInSetup() {
    Map<OperationKind, KindTotals> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, kind(kind, Map.of()));
    }
    return new RunResult("run-2", "0.1.0-test", config(false), "shared",
        Instant.parse("2025-01-02T10:00:00Z"), Instant.parse("2025-01-02T10:00:01Z"),
        RunOutcome.FAILED, "setup failed: permission denied to create role", List.of(), List.of(),
        new RunTotals(kinds, types(kinds), 0, 0, 0, 0),
        LogActivity.notRead("the run ended before its first cycle, so the server's counters were not read"), List.of(),
        false, null, -1);
  }

  /**
   * The paper's transaction types as autocommit makes them: each statement its own transaction,
   * response and service time its latency, no lag; failed statements are failed transactions.
   */
  static List<TypeTotals> types(Map<OperationKind, KindTotals> kinds) {
    return OperationKind.PHASES.stream().map(kinds::get).map(k -> new TypeTotals(k.kind().label(),
        k.latencyNanos(), k.latencyNanos(), new Histogram(3), k.errors(), 0, Map.of())).toList();
  }

  private static ActorCycleTimes actor(int cycle, int actor, long actorMs, long insertMs, long selectMs, long updateMs) {
    return new ActorCycleTimes(cycle, actor, actorMs * MS, insertMs * MS, selectMs * MS, updateMs * MS, 1_234_567L);
  }

  /** Records each latency (milliseconds) into a fresh 3-digit nanosecond histogram. */
  static KindTotals kind(OperationKind kind, Map<ErrorClass, Long> errors, long... latencyMillis) {
    Histogram h = new Histogram(3);
    for (long ms : latencyMillis) {
      h.recordValue(ms * MS);
    }
    return new KindTotals(kind, h, errors);
  }
}
