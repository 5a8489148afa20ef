package io.commitbench.core.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Differences between two snapshots, absent counters, and the derived figures. */
class LogActivityTest {

  private static final Instant T0 = Instant.parse("2025-01-02T10:00:00Z");
  private static final Instant T1 = Instant.parse("2025-01-02T10:00:05Z");

  private static CounterSnapshot snapshot(Instant at, CounterValue... counters) {
    return new CounterSnapshot(at, List.of(counters), "");
  }

  /** A server with every canonical counter: 100 commits, 51200 bytes, 40 writes, 25 syncs, 8 ms writing, 30 ms syncing. */
  private static LogActivity complete() {
    return LogActivity.between(
        snapshot(T0, CounterValue.of("commits", 1000, "count"), CounterValue.of("log_bytes", 1e6, "bytes"),
            CounterValue.of("log_writes", 500, "count"), CounterValue.of("log_syncs", 400, "count"),
            CounterValue.of("log_write_time_ms", 12.5, "ms"), CounterValue.of("log_sync_time_ms", 70, "ms"),
            CounterValue.of("pg_stat_wal.wal_records", 9000, "count")),
        snapshot(T1, CounterValue.of("commits", 1100, "count"), CounterValue.of("log_bytes", 1e6 + 51200, "bytes"),
            CounterValue.of("log_writes", 540, "count"), CounterValue.of("log_syncs", 425, "count"),
            CounterValue.of("log_write_time_ms", 20.5, "ms"), CounterValue.of("log_sync_time_ms", 100, "ms"),
            CounterValue.of("pg_stat_wal.wal_records", 9600, "count")));
  }

  private static double value(LogActivity a, String name) {
    return a.counter(name).orElseThrow().value();
  }

  private static double derived(LogActivity a, String name) {
    ActivityFigure f = a.derived(name).orElseThrow();
    assertThat(f.present()).as("%s present (%s)", name, f.absentReason()).isTrue();
    return f.value();
  }

  @Test
  void countersPresentInBothSnapshotsGetTheirDifference() {
    LogActivity a = complete();

    assertThat(a.before()).isEqualTo(T0);
    assertThat(a.after()).isEqualTo(T1);
    assertThat(a.note()).isEmpty();
    assertThat(a.available()).isTrue();
    assertThat(value(a, "commits")).isEqualTo(100);
    assertThat(value(a, "log_bytes")).isEqualTo(51200);
    assertThat(value(a, "log_writes")).isEqualTo(40);
    assertThat(value(a, "log_syncs")).isEqualTo(25);
    assertThat(value(a, "log_write_time_ms")).isEqualTo(8);
    assertThat(value(a, "log_sync_time_ms")).isEqualTo(30);
    assertThat(a.counter("log_bytes").orElseThrow().unit()).isEqualTo("bytes");
    assertThat(value(a, "pg_stat_wal.wal_records")).isEqualTo(600);
  }

  @Test
  void derivedFigures() {
    LogActivity a = complete();

    assertThat(derived(a, LogActivity.LOG_SYNC_MS_PER_COMMIT)).isCloseTo(0.3, within(1e-12));
    assertThat(derived(a, LogActivity.LOG_SYNC_MS_PER_SYNC)).isCloseTo(1.2, within(1e-12));
    assertThat(derived(a, LogActivity.LOG_BYTES_PER_COMMIT)).isEqualTo(512);
    assertThat(derived(a, LogActivity.COMMITS_PER_LOG_WRITE)).isEqualTo(2.5);
    assertThat(derived(a, LogActivity.COMMITS_PER_LOG_SYNC)).isEqualTo(4);
    assertThat(a.derived()).extracting(ActivityFigure::name).containsExactlyElementsOf(LogActivity.DERIVED);
    assertThat(a.derived(LogActivity.LOG_SYNC_MS_PER_COMMIT).orElseThrow().unit()).isEqualTo("ms");
    assertThat(a.derived(LogActivity.LOG_BYTES_PER_COMMIT).orElseThrow().unit()).isEqualTo("bytes");
    assertThat(a.derived(LogActivity.COMMITS_PER_LOG_WRITE).orElseThrow().unit()).isEqualTo("ratio");
  }

  @Test
  void canonicalCountersComeFirstThenTheProductsInTheirOrder() {
    LogActivity a = LogActivity.between(
        snapshot(T0, CounterValue.of("z.product", 1, "count"), CounterValue.of("log_bytes", 1, "bytes"),
            CounterValue.of("a.product", 1, "count")),
        snapshot(T1, CounterValue.of("z.product", 2, "count"), CounterValue.of("log_bytes", 2, "bytes"),
            CounterValue.of("a.product", 2, "count")));

    assertThat(a.counters()).extracting(ActivityFigure::name).containsExactly(
        "commits", "log_bytes", "log_writes", "log_syncs", "log_write_time_ms", "log_sync_time_ms",
        "z.product", "a.product");
    assertThat(a.productCounters()).extracting(ActivityFigure::name).containsExactly("z.product", "a.product");
  }

  @Test
  void aCounterTheDialectNeverReportedIsAbsentNotZero() {
    LogActivity a = LogActivity.between(snapshot(T0, CounterValue.of("commits", 5, "count")),
        snapshot(T1, CounterValue.of("commits", 5, "count")));

    ActivityFigure syncs = a.counter("log_syncs").orElseThrow();
    assertThat(syncs.present()).isFalse();
    assertThat(syncs.value()).isNull();
    assertThat(syncs.unit()).isEqualTo("count");
    assertThat(syncs.absentReason()).isEqualTo("not reported by the database's dialect");
    assertThat(a.counter("log_sync_time_ms").orElseThrow().unit()).isEqualTo("ms");
    assertThat(value(a, "commits")).as("no change is a present 0").isZero();
  }

  @Test
  void anAbsentCounterKeepsItsReason() {
    String off = "track_wal_io_timing is off";
    LogActivity a = LogActivity.between(
        snapshot(T0, CounterValue.absent("log_sync_time_ms", "ms", off), CounterValue.of("commits", 1, "count")),
        snapshot(T1, CounterValue.absent("log_sync_time_ms", "ms", off), CounterValue.of("commits", 3, "count")));

    ActivityFigure time = a.counter("log_sync_time_ms").orElseThrow();
    assertThat(time.present()).isFalse();
    assertThat(time.absentReason()).isEqualTo(off);
    ActivityFigure perCommit = a.derived(LogActivity.LOG_SYNC_MS_PER_COMMIT).orElseThrow();
    assertThat(perCommit.present()).isFalse();
    assertThat(perCommit.absentReason()).isEqualTo("log_sync_time_ms is absent: " + off);
  }

  @Test
  void absentInOnlyOneSnapshotSaysWhich() {
    LogActivity startOnly = LogActivity.between(
        snapshot(T0, CounterValue.absent("log_bytes", "bytes", "cannot read pg_stat_wal: timeout")),
        snapshot(T1, CounterValue.of("log_bytes", 10, "bytes")));
    LogActivity endMissing = LogActivity.between(
        snapshot(T0, CounterValue.of("log_bytes", 10, "bytes")), snapshot(T1));

    assertThat(startOnly.counter("log_bytes").orElseThrow().absentReason())
        .isEqualTo("at the start: cannot read pg_stat_wal: timeout");
    assertThat(endMissing.counter("log_bytes").orElseThrow().absentReason()).isEqualTo("not read at the end");
  }

  @Test
  void differentReasonsAtStartAndEndAreBothKept() {
    LogActivity a = LogActivity.between(snapshot(T0, CounterValue.absent("log_writes", "count", "a")),
        snapshot(T1, CounterValue.absent("log_writes", "count", "b")));

    assertThat(a.counter("log_writes").orElseThrow().absentReason()).isEqualTo("at the start: a; at the end: b");
  }

  @Test
  void aCounterThatWentDownWasResetAndIsAbsent() {
    LogActivity a = LogActivity.between(snapshot(T0, CounterValue.of("log_bytes", 5000, "bytes")),
        snapshot(T1, CounterValue.of("log_bytes", 120, "bytes")));

    ActivityFigure bytes = a.counter("log_bytes").orElseThrow();
    assertThat(bytes.present()).isFalse();
    assertThat(bytes.absentReason()).contains("from 5000 to 120").contains("reset");
  }

  /** The case: after a crash and restart WAL bytes went down, commits went on past their start reading. */
  private static LogActivity acrossRestart(ResetMark atStart, ResetMark atEnd) {
    return LogActivity.between(
        new CounterSnapshot(T0, List.of(CounterValue.of("commits", 100, "count"), CounterValue.of("log_bytes", 9e6, "bytes"),
            CounterValue.of("log_sync_time_ms", 50, "ms")), "", atStart == null ? List.of() : List.of(atStart)),
        new CounterSnapshot(T1, List.of(CounterValue.of("commits", 22_158, "count"), CounterValue.of("log_bytes", 4e6, "bytes"),
            CounterValue.of("log_sync_time_ms", 900, "ms")), "", atEnd == null ? List.of() : List.of(atEnd)));
  }

  @Test
  void aServerWhoseStartMovedRestartedAndNoCounterIsAFigure() {
    Instant started = Instant.parse("2025-01-02T09:00:00Z");
    Instant restarted = Instant.parse("2025-01-02T10:00:03Z");
    LogActivity a = acrossRestart(ResetMark.serverStart("pg_postmaster_start_time()", started, null),
        ResetMark.serverStart("pg_postmaster_start_time()", restarted, null));

    assertThat(a.wasReset()).isTrue();
    assertThat(a.reset()).contains("the server restarted during the run").contains("pg_postmaster_start_time()")
        .contains(started.toString()).contains(restarted.toString());
    assertThat(a.counters()).allSatisfy(f -> assertThat(f.present()).as(f.name()).isFalse());
    assertThat(a.counter("commits").orElseThrow().absentReason()).isEqualTo(a.reset());
    assertThat(a.derived(LogActivity.LOG_SYNC_MS_PER_COMMIT).orElseThrow().present()).isFalse();
    assertThat(a.available()).isFalse();
    assertThat(a.counter("log_writes").orElseThrow().absentReason()).as("never read: keeps its own reason")
        .isEqualTo("not reported by the database's dialect");
  }

  @Test
  void aStartComputedFromAnUptimeMayMoveByItsSlackWithoutARestart() {
    ResetMark start = ResetMark.serverStart("Uptime", Instant.parse("2025-01-02T09:00:00Z"), java.time.Duration.ofSeconds(1));
    ResetMark end = ResetMark.serverStart("Uptime", Instant.parse("2025-01-02T09:00:01Z"), java.time.Duration.ofSeconds(1));
    LogActivity a = LogActivity.between(
        new CounterSnapshot(T0, List.of(CounterValue.of("commits", 100, "count")), "", List.of(start)),
        new CounterSnapshot(T1, List.of(CounterValue.of("commits", 150, "count")), "", List.of(end)));

    assertThat(a.wasReset()).isFalse();
    assertThat(value(a, "commits")).isEqualTo(50);
  }

  @Test
  void aCounterThatWentDownWithoutAStartToCompareMakesEveryCounterUnusable() {
    LogActivity a = acrossRestart(null, null);

    assertThat(a.reset()).contains("log_bytes went down from 9000000 to 4000000")
        .contains("server's start time was not read");
    assertThat(a.counter("commits").orElseThrow().present()).as("commits").isFalse();
    assertThat(a.counter("log_sync_time_ms").orElseThrow().present()).as("log_sync_time_ms").isFalse();
  }

  @Test
  void aCounterThatWentDownOnAServerThatKeptRunningIsAloneAbsent() {
    ResetMark start = ResetMark.serverStart("pg_postmaster_start_time()", Instant.parse("2025-01-02T09:00:00Z"), null);
    LogActivity a = acrossRestart(start, start);

    assertThat(a.reset()).startsWith("log_bytes went down from 9000000 to 4000000");
    assertThat(a.counter("log_bytes").orElseThrow().present()).isFalse();
    assertThat(value(a, "commits")).isEqualTo(22_058);
  }

  @Test
  void aViewWhoseResetMarkMovedHasItsCountersAbsentTheOthersStay() {
    List<String> wal = List.of("log_bytes", "log_sync_time_ms");
    LogActivity a = LogActivity.between(
        new CounterSnapshot(T0, List.of(CounterValue.of("commits", 100, "count"), CounterValue.of("log_bytes", 10, "bytes"),
            CounterValue.of("log_sync_time_ms", 5, "ms")), "", List.of(ResetMark.statsReset("pg_stat_wal.stats_reset", null, wal))),
        new CounterSnapshot(T1, List.of(CounterValue.of("commits", 150, "count"), CounterValue.of("log_bytes", 20, "bytes"),
            CounterValue.of("log_sync_time_ms", 9, "ms")), "",
            List.of(ResetMark.statsReset("pg_stat_wal.stats_reset", Instant.parse("2025-01-02T10:00:02Z"), wal))));

    assertThat(a.counter("log_bytes").orElseThrow().absentReason())
        .isEqualTo("pg_stat_wal.stats_reset moved from never to 2025-01-02T10:00:02Z: these counters were reset during the run");
    assertThat(a.counter("log_sync_time_ms").orElseThrow().present()).isFalse();
    assertThat(value(a, "commits")).isEqualTo(50);
    assertThat(a.reset()).contains("(log_bytes, log_sync_time_ms)");
  }

  @Test
  void derivedFiguresAreAbsentWhenTheDivisorDidNotMove() {
    LogActivity a = LogActivity.between(
        snapshot(T0, CounterValue.of("commits", 7, "count"), CounterValue.of("log_bytes", 0, "bytes"),
            CounterValue.of("log_writes", 3, "count")),
        snapshot(T1, CounterValue.of("commits", 7, "count"), CounterValue.of("log_bytes", 100, "bytes"),
            CounterValue.of("log_writes", 3, "count")));

    assertThat(a.derived(LogActivity.LOG_BYTES_PER_COMMIT).orElseThrow().absentReason())
        .isEqualTo("the server counted no commits during the run");
    assertThat(a.derived(LogActivity.COMMITS_PER_LOG_WRITE).orElseThrow().absentReason())
        .isEqualTo("the server counted no log_writes during the run");
    assertThat(a.derived(LogActivity.COMMITS_PER_LOG_SYNC).orElseThrow().absentReason())
        .startsWith("log_syncs is absent: ");
  }

  @Test
  void aZeroNumeratorIsAPresentZero() {
    LogActivity a = LogActivity.between(
        snapshot(T0, CounterValue.of("commits", 7, "count"), CounterValue.of("log_sync_time_ms", 4, "ms")),
        snapshot(T1, CounterValue.of("commits", 9, "count"), CounterValue.of("log_sync_time_ms", 4, "ms")));

    assertThat(derived(a, LogActivity.LOG_SYNC_MS_PER_COMMIT)).isZero();
  }

  @Test
  void aProductWithoutCountersGivesTheNoteForEveryCanonicalCounter() {
    CounterSnapshot none = CounterSnapshot.unavailable("h2: no log-write counters are read for this database");
    LogActivity a = LogActivity.between(none, none);

    assertThat(a.note()).isEqualTo("h2: no log-write counters are read for this database");
    assertThat(a.available()).isFalse();
    assertThat(a.counters()).hasSize(6).allSatisfy(f -> {
      assertThat(f.present()).isFalse();
      assertThat(f.absentReason()).isEqualTo(a.note());
    });
    assertThat(a.derived()).hasSize(5).noneMatch(ActivityFigure::present);
  }

  @Test
  void aFailedStartSnapshotIsTheNote() {
    LogActivity a = LogActivity.between(CounterSnapshot.unavailable("could not read: connection reset"),
        snapshot(T1, CounterValue.of("commits", 3, "count"), CounterValue.of("x.product", 1, "count")));

    assertThat(a.note()).isEqualTo("could not read: connection reset");
    assertThat(a.counter("commits").orElseThrow().absentReason()).isEqualTo("could not read: connection reset");
    assertThat(a.counter("x.product").orElseThrow().absentReason()).isEqualTo("could not read: connection reset");
  }

  @Test
  void notReadHasNoTimesAndEveryFigureAbsentWithTheReason() {
    LogActivity a = LogActivity.notRead("the run ended before its first cycle");

    assertThat(a.before()).isNull();
    assertThat(a.after()).isNull();
    assertThat(a.counters()).extracting(ActivityFigure::name).containsExactlyElementsOf(LogActivity.CANONICAL);
    assertThat(a.counters()).allMatch(f -> f.absentReason().equals("the run ended before its first cycle"));
    assertThat(a.derived()).extracting(ActivityFigure::name).containsExactlyElementsOf(LogActivity.DERIVED);
    assertThat(a.derived()).noneMatch(ActivityFigure::present);
    assertThat(a.productCounters()).isEmpty();
  }
}
