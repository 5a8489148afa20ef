package io.commitbench.driver.postgresql;

import static io.commitbench.core.server.CounterAssertions.absent;
import static io.commitbench.core.server.CounterAssertions.value;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.DATABASE_SQL;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.FLUSH_SQL;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.IO_WAL_SQL_18;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.LATER_SESSIONS_SQL;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.LSN_SQL;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.RESETS_SQL;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.RESETS_SQL_14;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.RESETS_SQL_18;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.SETTINGS_SQL;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.WAL_SQL;
import static io.commitbench.driver.postgresql.PostgresqlLogCounters.WAL_SQL_18;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.LogActivity;
import io.commitbench.core.server.ResetMark;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The SQL text PostgreSQL's counters are read with, and their parsing, against rows recorded from
 * a PostgreSQL 15.20 (values as pgjdbc returns them: numeric as BigDecimal) and, for the
 * 18+ path, rows shaped as PostgreSQL 18's pg_stat_io documents them. No server runs here.
 */
class PostgresqlLogCountersRecordedRowsTest {

  private final PostgresqlLogCounters counters = new PostgresqlLogCounters();

  private static Row settings(int versionNum, String version, String timing) {
    return Row.of("server_version_num", versionNum, "server_version", version, "track_wal_io_timing", timing);
  }

  /** Recorded on PostgreSQL 15.20 with track_wal_io_timing off (the times kept from while it was on). */
  private static RecordedRows pg15(String timing) {
    return new RecordedRows()
        .answer(SETTINGS_SQL, settings(150020, "15.20 (Debian 15.20-0+deb12u1)", timing))
        .answer(FLUSH_SQL, Row.of("pg_stat_force_next_flush", null))
        .answer(DATABASE_SQL, Row.of("xact_commit", new BigDecimal("1525266"), "xact_rollback", new BigDecimal("52"),
            "xact_commit_current_database", new BigDecimal("1524375")))
        .answer(LSN_SQL, Row.of("wal_insert_lsn_bytes", new BigDecimal("660746728")))
        .answer(WAL_SQL, Row.of("wal_records", 7017591L, "wal_fpi", 3467L, "wal_bytes", new BigDecimal("627124585"),
            "wal_buffers_full", 51L, "wal_write", 681726L, "wal_sync", 674083L, "wal_write_time", 410.282,
            "wal_sync_time", 17172.884))
        .answer(RESETS_SQL_14, Row.of("postmaster_start", new BigDecimal("1764630000.123456"),
            "database_reset", null, "wal_reset", new BigDecimal("1764600000")));
  }

  @Test
  void sqlText() {
    assertThat(SETTINGS_SQL).isEqualTo("SELECT current_setting('server_version_num')::int AS server_version_num,"
        + " current_setting('server_version') AS server_version,"
        + " current_setting('track_wal_io_timing', true) AS track_wal_io_timing");
    assertThat(WAL_SQL).isEqualTo("SELECT wal_records, wal_fpi, wal_bytes, wal_buffers_full,"
        + " wal_write, wal_sync, wal_write_time, wal_sync_time FROM pg_stat_wal");
    assertThat(WAL_SQL_18).isEqualTo("SELECT wal_records, wal_fpi, wal_bytes, wal_buffers_full FROM pg_stat_wal");
    assertThat(IO_WAL_SQL_18).isEqualTo("SELECT context, sum(writes) AS writes, sum(write_bytes) AS write_bytes,"
        + " sum(write_time) AS write_time, sum(fsyncs) AS fsyncs, sum(fsync_time) AS fsync_time"
        + " FROM pg_stat_io WHERE object = 'wal' GROUP BY context ORDER BY context");
    assertThat(DATABASE_SQL).isEqualTo("SELECT sum(xact_commit) AS xact_commit, sum(xact_rollback) AS xact_rollback,"
        + " sum(xact_commit) FILTER (WHERE datname = current_database()) AS xact_commit_current_database"
        + " FROM pg_stat_database");
    assertThat(LSN_SQL).isEqualTo("SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0') AS wal_insert_lsn_bytes");
    assertThat(FLUSH_SQL).isEqualTo("SELECT pg_stat_force_next_flush()");
  }

  @Test
  void pg15WithTimingOffHasCountsButNoTimes() throws SQLException {
    RecordedRows db = pg15("off");

    CounterSnapshot s = counters.read(db, false);

    assertThat(db.asked()).containsExactly(SETTINGS_SQL, FLUSH_SQL, DATABASE_SQL, LSN_SQL, WAL_SQL, RESETS_SQL_14);
    assertThat(s.note()).isEmpty();
    assertThat(value(s, "commits")).isEqualTo(1525266);
    assertThat(value(s, "log_bytes")).isEqualTo(627124585);
    assertThat(value(s, "log_writes")).isEqualTo(681726);
    assertThat(value(s, "log_syncs")).isEqualTo(674083);
    assertThat(absent(s, "log_write_time_ms")).startsWith("track_wal_io_timing is off");
    assertThat(absent(s, "log_sync_time_ms")).startsWith("track_wal_io_timing is off");
    assertThat(absent(s, "pg_stat_wal.wal_sync_time")).startsWith("track_wal_io_timing is off");
    assertThat(value(s, "pg_stat_wal.wal_records")).isEqualTo(7017591);
    assertThat(value(s, "pg_stat_wal.wal_fpi")).isEqualTo(3467);
    assertThat(value(s, "pg_stat_wal.wal_buffers_full")).isEqualTo(51);
    assertThat(value(s, "pg_stat_database.xact_rollback")).isEqualTo(52);
    assertThat(value(s, "pg_stat_database.xact_commit.current_database")).isEqualTo(1524375);
    assertThat(value(s, "pg_current_wal_insert_lsn")).isEqualTo(660746728);
    assertThat(absent(s, "pg_stat_io.wal.normal.fsyncs"))
        .isEqualTo("pg_stat_io has rows for the WAL from PostgreSQL 18 on; this server is 15.20 (Debian 15.20-0+deb12u1)");
    assertThat(s.counter("log_bytes").orElseThrow().unit()).isEqualTo("bytes");
    assertThat(s.counter("log_sync_time_ms").orElseThrow().unit()).isEqualTo("ms");
  }

  @Test
  void pg15WithTimingOnReportsTheTimes() throws SQLException {
    CounterSnapshot s = counters.read(pg15("on"), false);

    assertThat(value(s, "log_write_time_ms")).isEqualTo(410.282);
    assertThat(value(s, "log_sync_time_ms")).isEqualTo(17172.884);
    assertThat(value(s, "pg_stat_wal.wal_sync_time")).isEqualTo(17172.884);
  }

  @Test
  void theEndSnapshotWaitsUntilTheRunsSessionsHaveLeft() throws SQLException {
    RecordedRows db = pg15("off")
        .answer(LATER_SESSIONS_SQL, Row.of("sessions", 2L))
        .answer(LATER_SESSIONS_SQL, Row.of("sessions", 0L));

    counters.read(db, true);

    assertThat(db.asked()).startsWith(LATER_SESSIONS_SQL, LATER_SESSIONS_SQL, SETTINGS_SQL);
    assertThat(LATER_SESSIONS_SQL).isEqualTo("SELECT count(*) AS sessions FROM pg_stat_activity"
        + " WHERE application_name = 'commitbench' AND pid <> pg_backend_pid()"
        + " AND backend_start >= (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid())");
  }

  @Test
  void theWaitForOtherSessionsEnds() throws SQLException {
    RecordedRows db = pg15("off").answer(LATER_SESSIONS_SQL, Row.of("sessions", 1L));
    long start = System.nanoTime();

    CounterSnapshot s = counters.read(db, true);

    assertThat((System.nanoTime() - start) / 1_000_000).isBetween(PostgresqlLogCounters.SESSIONS_GONE_WAIT_MILLIS,
        PostgresqlLogCounters.SESSIONS_GONE_WAIT_MILLIS + 3_000);
    assertThat(value(s, "commits")).isEqualTo(1525266);
  }

  @Test
  void aViewThatCannotBeReadMakesItsCountersAbsentWithTheError() throws SQLException {
    RecordedRows db = new RecordedRows()
        .answer(SETTINGS_SQL, settings(150020, "15.20", "off"))
        .answer(FLUSH_SQL, Row.of("pg_stat_force_next_flush", null))
        .answer(DATABASE_SQL, Row.of("xact_commit", 10L, "xact_rollback", 0L, "xact_commit_current_database", 10L))
        .fail(LSN_SQL, new SQLException("ERROR: recovery is in progress", "55000"))
        .fail(WAL_SQL, new SQLException("ERROR: permission denied for view pg_stat_wal", "42501"));

    CounterSnapshot s = counters.read(db, false);

    assertThat(value(s, "commits")).isEqualTo(10);
    assertThat(absent(s, "log_bytes")).isEqualTo("cannot read pg_stat_wal: ERROR: permission denied for view pg_stat_wal");
    assertThat(absent(s, "log_syncs")).isEqualTo(absent(s, "log_bytes"));
    assertThat(absent(s, "pg_current_wal_insert_lsn")).contains("recovery is in progress");
  }

  @Test
  void pg18ReadsWalIoFromPgStatIoSummedOverBackendTypes() throws SQLException {
    RecordedRows db = new RecordedRows()
        .answer(SETTINGS_SQL, settings(180001, "18.1", "on"))
        .answer(FLUSH_SQL, Row.of("pg_stat_force_next_flush", null))
        .answer(DATABASE_SQL, Row.of("xact_commit", new BigDecimal("500"), "xact_rollback", new BigDecimal("1"),
            "xact_commit_current_database", new BigDecimal("480")))
        .answer(LSN_SQL, Row.of("wal_insert_lsn_bytes", new BigDecimal("40000000")))
        .answer(WAL_SQL_18, Row.of("wal_records", 1200L, "wal_fpi", 3L, "wal_bytes", new BigDecimal("98304"),
            "wal_buffers_full", 0L))
        .answer(IO_WAL_SQL_18,
            Row.of("context", "init", "writes", new BigDecimal("2048"), "write_bytes", new BigDecimal("16777216"),
                "write_time", 35.5, "fsyncs", new BigDecimal("1"), "fsync_time", 4.25),
            Row.of("context", "normal", "writes", new BigDecimal("300"), "write_bytes", new BigDecimal("2457600"),
                "write_time", 12.0, "fsyncs", new BigDecimal("290"), "fsync_time", 870.5));

    CounterSnapshot s = counters.read(db, false);

    assertThat(db.asked())
        .containsExactly(SETTINGS_SQL, FLUSH_SQL, DATABASE_SQL, LSN_SQL, WAL_SQL_18, IO_WAL_SQL_18, RESETS_SQL_18);
    assertThat(value(s, "log_bytes")).isEqualTo(98304);
    assertThat(value(s, "log_writes")).isEqualTo(300);
    assertThat(value(s, "log_syncs")).isEqualTo(290);
    assertThat(value(s, "log_write_time_ms")).isEqualTo(12.0);
    assertThat(value(s, "log_sync_time_ms")).isEqualTo(870.5);
    assertThat(value(s, "pg_stat_io.wal.init.writes")).isEqualTo(2048);
    assertThat(value(s, "pg_stat_io.wal.init.write_bytes")).isEqualTo(16777216);
    assertThat(value(s, "pg_stat_io.wal.init.fsync_time")).isEqualTo(4.25);
    assertThat(value(s, "pg_stat_io.wal.normal.write_bytes")).isEqualTo(2457600);
    assertThat(s.counter("pg_stat_wal.wal_sync")).as("gone from pg_stat_wal in 18").isEmpty();
  }

  @Test
  void pg18WithTimingOffAndNoInitRow() throws SQLException {
    RecordedRows db = new RecordedRows()
        .answer(SETTINGS_SQL, settings(180000, "18.0", "off"))
        .answer(FLUSH_SQL, Row.of("pg_stat_force_next_flush", null))
        .answer(DATABASE_SQL, Row.of("xact_commit", 5L, "xact_rollback", 0L, "xact_commit_current_database", 5L))
        .answer(LSN_SQL, Row.of("wal_insert_lsn_bytes", 100L))
        .answer(WAL_SQL_18, Row.of("wal_records", 1L, "wal_fpi", 0L, "wal_bytes", 80L, "wal_buffers_full", 0L))
        .answer(IO_WAL_SQL_18, Row.of("context", "normal", "writes", 3L, "write_bytes", 24576L, "write_time", 0.0,
            "fsyncs", 3L, "fsync_time", 0.0));

    CounterSnapshot s = counters.read(db, false);

    assertThat(value(s, "log_syncs")).isEqualTo(3);
    assertThat(absent(s, "log_sync_time_ms")).startsWith("track_wal_io_timing is off");
    assertThat(absent(s, "pg_stat_io.wal.init.writes")).isEqualTo("pg_stat_io has no row of object 'wal', context 'init'");
  }

  @Test
  void beforePg14OnlyTheWalPositionGivesTheBytes() throws SQLException {
    RecordedRows db = new RecordedRows()
        .answer(SETTINGS_SQL, settings(130012, "13.12", null))
        .answer(DATABASE_SQL, Row.of("xact_commit", 5L, "xact_rollback", 0L, "xact_commit_current_database", 5L))
        .answer(LSN_SQL, Row.of("wal_insert_lsn_bytes", 123456L));

    CounterSnapshot s = counters.read(db, false);

    assertThat(db.asked()).as("no pg_stat_force_next_flush before 15")
        .containsExactly(SETTINGS_SQL, DATABASE_SQL, LSN_SQL, RESETS_SQL);
    assertThat(value(s, "log_bytes")).isEqualTo(123456);
    assertThat(absent(s, "log_writes")).isEqualTo("pg_stat_wal exists from PostgreSQL 14 on; this server is 13.12");
  }

  @Test
  void resetMarksAreTheServersStartAndEachViewsStatsReset() throws SQLException {
    CounterSnapshot s = counters.read(pg15("on"), false);

    assertThat(s.resets()).extracting(ResetMark::source)
        .containsExactly("pg_postmaster_start_time()", "pg_stat_database.stats_reset", "pg_stat_wal.stats_reset");
    ResetMark start = s.resets().get(0);
    assertThat(start.wholeServer()).isTrue();
    assertThat(start.since()).isEqualTo(Instant.parse("2025-12-01T23:00:00.123456Z"));
    assertThat(s.resets().get(1).since()).as("never reset").isNull();
    assertThat(s.resets().get(1).counters()).contains("commits");
    assertThat(s.resets().get(2).since()).isEqualTo(Instant.parse("2025-12-01T14:40:00Z"));
    assertThat(s.resets().get(2).counters()).contains("log_bytes", "log_syncs", "log_sync_time_ms", "pg_stat_wal.wal_bytes")
        .doesNotContain("commits");
  }

  @Test
  void aRestartBetweenTwoReadingsMakesEveryCounterAbsent() throws SQLException {
    RecordedRows db = pg15("on");
    CounterSnapshot before = counters.read(db, false);
    db.answerInstead(RESETS_SQL_14, Row.of("postmaster_start", new BigDecimal("1764630300"), "database_reset", null,
        "wal_reset", new BigDecimal("1764600000")));
    LogActivity a = LogActivity.between(before, counters.read(db, false));

    assertThat(a.reset()).startsWith("the server restarted during the run: pg_postmaster_start_time() was"
        + " 2025-12-01T23:00:00.123456Z at the first reading and 2025-12-01T23:05:00Z at the last");
    assertThat(a.counter("commits").orElseThrow().present()).isFalse();
    assertThat(a.counter("log_sync_time_ms").orElseThrow().present()).isFalse();
  }

  @Test
  void resetMarksThatCannotBeReadLeaveTheCountersAlone() throws SQLException {
    RecordedRows db = new RecordedRows()
        .answer(SETTINGS_SQL, settings(130012, "13.12", null))
        .answer(DATABASE_SQL, Row.of("xact_commit", 5L, "xact_rollback", 0L, "xact_commit_current_database", 5L))
        .answer(LSN_SQL, Row.of("wal_insert_lsn_bytes", 123456L))
        .fail(RESETS_SQL, new SQLException("ERROR: permission denied", "42501"));

    CounterSnapshot s = counters.read(db, false);

    assertThat(s.resets()).isEmpty();
    assertThat(value(s, "commits")).isEqualTo(5);
  }

  @Test
  void resetSqlText() {
    assertThat(RESETS_SQL).isEqualTo("SELECT extract(epoch FROM pg_postmaster_start_time()) AS postmaster_start,"
        + " (SELECT extract(epoch FROM max(stats_reset)) FROM pg_stat_database) AS database_reset");
    assertThat(RESETS_SQL_18).isEqualTo(RESETS_SQL + ", (SELECT extract(epoch FROM stats_reset) FROM pg_stat_wal) AS"
        + " wal_reset, (SELECT extract(epoch FROM max(stats_reset)) FROM pg_stat_io WHERE object = 'wal') AS io_reset");
  }

  @Test
  void theDialectReadsTheseCounters() {
    assertThat(new PostgresqlDialect().server().logCounters()).isInstanceOf(PostgresqlLogCounters.class);
  }
}
