package io.commitbench.driver.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.CommitWaitContext;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * PostgreSQL's commit-wait sources on recorded rows: rows shaped as PostgreSQL 15 and
 * pg_wait_sampling 1.1 return them (counts as bigint, pg_stat_wal's times as double precision,
 * sums as numeric), and for 18+ as its pg_stat_io documents them. No server runs here; {@code
 * PostgresqlCommitWaitsLocalServerTest} runs the fallback on a real one.
 */
class PostgresqlCommitWaitsRecordedRowsTest {

  private static final Instant RUN_STARTED = Instant.parse("2025-12-01T22:00:00.123456789Z");
  private static final PostgresqlWaitSamplingProbe PROBE = new PostgresqlWaitSamplingProbe("public", 10, null);
  private static final String PROFILE_SQL = PostgresqlProfileSource.profileSql(PROBE);
  private static final String PIDS_SQL = PostgresqlRunSessions.pidsSql(RUN_STARTED);
  private static final String ACTIVITY_SQL = PostgresqlRunSessions.activitySql(RUN_STARTED);

  private static CommitWaitContext context(int hz) {
    return new CommitWaitContext(() -> {
      throw new SQLException("no server in this test");
    }, RUN_STARTED, hz);
  }

  private static Row settings(int versionNum, String timing) {
    return Row.of("server_version_num", versionNum, "server_version", "15.20 (Debian 15.20-0+deb12u1)",
        "track_wal_io_timing", timing);
  }

  private static Row wal(long writes, double writeMs, long syncs, double syncMs) {
    return Row.of("wal_records", 1L, "wal_fpi", 0L, "wal_bytes", new BigDecimal("1"), "wal_buffers_full", 0L,
        "wal_write", writes, "wal_sync", syncs, "wal_write_time", writeMs, "wal_sync_time", syncMs);
  }

  private static Row profile(int pid, String type, String event, long count) {
    return Row.of("pid", pid, "event_type", type, "event", event, "count", new BigDecimal(count));
  }

  private static Row pid(int pid) {
    return Row.of("pid", pid);
  }

  private static Row activity(int pid, String type, String event) {
    return Row.of("pid", pid, "wait_event_type", type, "wait_event", event);
  }

  private static Row probe(String period, String profilePid, String schema) {
    return Row.of("profile_period", period, "profile_pid", profilePid, "extension_schema", schema, "database", "test");
  }

  private static Map<String, PartReading> byName(SourceReading reading) {
    return reading.parts().stream().collect(Collectors.toMap(PartReading::name, p -> p));
  }

  @Test
  void theRunsSessionsAreCommitbenchsOthersStartedSinceTheRun() {
    assertThat(PIDS_SQL).isEqualTo("SELECT pid FROM pg_stat_activity WHERE application_name = 'commitbench'"
        + " AND pid <> pg_backend_pid() AND backend_start >= timestamptz '2025-12-01T22:00:00.123456Z'");
    assertThat(ACTIVITY_SQL).isEqualTo("SELECT pid, wait_event_type, wait_event FROM pg_stat_activity"
        + " WHERE application_name = 'commitbench' AND pid <> pg_backend_pid()"
        + " AND backend_start >= timestamptz '2025-12-01T22:00:00.123456Z'");
    assertThat(PostgresqlCommitWaits.NAME_SQL)
        .isEqualTo("SELECT set_config('application_name', 'commitbench waits', false) AS application_name");
  }

  @Test
  void theProfileIsTheDifferenceOfTheRunsBackendsTimesThePeriod() throws Exception {
    RecordedRows db = new RecordedRows()
        .answer(PostgresqlCommitWaits.NAME_SQL, Row.of("application_name", "commitbench waits"))
        .answer(PostgresqlWaitSamplingProbe.PROBE_SQL, probe("10", "on", "public"))
        .answer("SELECT count(*) AS entries FROM \"public\".pg_wait_sampling_profile", Row.of("entries", 40L))
        .answer(PostgresqlLogCounters.SETTINGS_SQL, settings(150020, "on"))
        .answer(PostgresqlLogCounters.WAL_SQL, wal(1000, 40.0, 900, 900.0))
        .answer(PostgresqlLogCounters.WAL_SQL, wal(3000, 140.0, 2900, 2900.0))
        // 101 and 102 are the run's at the start; 102 has ended by the end, 103 started since.
        .answer(PIDS_SQL, pid(101), pid(102))
        .answer(PIDS_SQL, pid(101), pid(103))
        .answer(PROFILE_SQL, profile(101, "IO", "WALSync", 50), profile(102, "IO", "WALSync", 5),
            profile(103, "IO", "WALSync", 1000), profile(999, "IO", "WALSync", 70))
        .answer(PROFILE_SQL, profile(101, "IO", "WALSync", 150), profile(102, "IO", "WALSync", 25),
            profile(103, "IO", "WALSync", 1030), profile(103, "LWLock", "WALWrite", 12),
            profile(101, "IO", "WALWrite", 4), profile(101, "IO", "WALInitWrite", 1),
            profile(999, "IO", "WALSync", 7000));
    CommitTimeSource source = PostgresqlCommitWaits.open(db, () -> {}, context(100), false);

    source.begin();
    SourceReading reading = source.end();

    assertThat(source.name()).isEqualTo("pg_wait_sampling");
    Map<String, PartReading> parts = byName(reading);
    // 101: 100, 102: 20, 103 (whose pid carried 1000 from an earlier backend): 30; 999 is not the run's.
    assertThat(parts.get(CommitParts.LOG_SYNC)).isEqualTo(PartReading.total(CommitParts.LOG_SYNC, 1500.0, 150,
        "pg_wait_sampling IO:WALSync, 10 ms period, 150 samples"));
    assertThat(parts.get(CommitParts.LOG_WRITE)).isEqualTo(PartReading.total(CommitParts.LOG_WRITE, 50.0, 5,
        "pg_wait_sampling IO:WALWrite+IO:WALInitWrite, 10 ms period, 5 samples"));
    assertThat(parts.get(CommitParts.GROUP_COMMIT_WAIT).millis()).isEqualTo(120.0);
    assertThat(parts.get(CommitParts.LOG_INSERT)).isEqualTo(PartReading.total(CommitParts.LOG_INSERT, 0.0, 0,
        "pg_wait_sampling LWLock:WALInsert, 10 ms period, 0 samples"));
    assertThat(parts.get(CommitParts.SYNC_REPLICATION).millis()).isZero();
    assertThat(reading.unmeasured()).isEmpty();
    assertThat(reading.views()).containsExactly(
        new LogIoView("wal_write", "log", 2000, 0.05, null, null, "pg_stat_wal (whole server)"),
        new LogIoView("wal_sync", "log", 2000, 1.0, null, null, "pg_stat_wal (whole server)"));
    assertThat(reading.cost()).hasSize(2);
    assertThat(reading.cost().get(0)).startsWith("pg_wait_sampling_profile read 2 times");
    assertThat(PROFILE_SQL).isEqualTo("SELECT pid, event_type, event, sum(count) AS count"
        + " FROM \"public\".pg_wait_sampling_profile WHERE (event_type, event) IN (('IO', 'WALWrite'),"
        + " ('IO', 'WALInitWrite'), ('IO', 'WALSync'), ('IO', 'WALInitSync'), ('LWLock', 'WALWrite'),"
        + " ('LWLock', 'WALWriteLock'), ('LWLock', 'WALInsert'), ('LWLock', 'wal_insert'), ('IPC', 'SyncRep'))"
        + " GROUP BY pid, event_type, event");
    assertThat(db.asked()).doesNotContain("SELECT pg_wait_sampling_reset_profile()");
  }

  @Test
  void aProfileResetWithinTheWindowLeavesThePartsUnmeasured() throws Exception {
    RecordedRows db = profileServer()
        .answer(PROFILE_SQL, profile(101, "IO", "WALSync", 50))
        .answer(PROFILE_SQL, profile(101, "IO", "WALSync", 3));
    CommitTimeSource source = PostgresqlCommitWaits.open(db, () -> {}, context(100), false);

    source.begin();
    SourceReading reading = source.end();

    assertThat(reading.parts()).isEmpty();
    assertThat(reading.unmeasured()).extracting(UnmeasuredPart::name).containsExactlyElementsOf(PostgresqlWaitEvents.PARTS);
    assertThat(reading.unmeasured().get(0).reason()).contains("pg_wait_sampling's profile was reset within the window");
  }

  @Test
  void aLostConnectionAtTheEndLeavesThePartsUnmeasuredWithTheReason() throws Exception {
    RecordedRows db = profileServer()
        .answer(PROFILE_SQL, profile(101, "IO", "WALSync", 50))
        .fail(PROFILE_SQL, new SQLException("An I/O error occurred while sending to the backend.", "08006"));
    CommitTimeSource source = PostgresqlCommitWaits.open(db, () -> {}, context(100), false);

    source.begin();
    SourceReading reading = source.end();

    assertThat(reading.parts()).isEmpty();
    assertThat(reading.unmeasured()).hasSize(PostgresqlWaitEvents.PARTS.size()).allSatisfy(u -> assertThat(u.reason())
        .isEqualTo("pg_wait_sampling: the window's end could not be read:"
            + " An I/O error occurred while sending to the backend."));
  }

  /** PostgreSQL 15 with pg_wait_sampling, track_wal_io_timing off, one run's backend; the profile left to the test. */
  private static RecordedRows profileServer() {
    return new RecordedRows()
        .answer(PostgresqlCommitWaits.NAME_SQL, Row.of("application_name", "commitbench waits"))
        .answer(PostgresqlWaitSamplingProbe.PROBE_SQL, probe("10ms", "on", "public"))
        .answer("SELECT count(*) AS entries FROM \"public\".pg_wait_sampling_profile", Row.of("entries", 40L))
        .answer(PostgresqlLogCounters.SETTINGS_SQL, settings(150020, "off"))
        .answer(PostgresqlLogCounters.WAL_SQL, wal(1000, 0, 900, 0))
        .answer(PIDS_SQL, pid(101));
  }

  @Test
  void withoutTheLibraryTheFallbackCountsEachSessionOncePerSample() throws Exception {
    RecordedRows db = new RecordedRows()
        .answer(PostgresqlCommitWaits.NAME_SQL, Row.of("application_name", "commitbench waits"))
        .answer(PostgresqlWaitSamplingProbe.PROBE_SQL, probe(null, null, null))
        .answer(PostgresqlLogCounters.SETTINGS_SQL, settings(150020, "off"))
        .answer(PostgresqlLogCounters.WAL_SQL, wal(1000, 0, 900, 0))
        .answer(ACTIVITY_SQL, activity(101, "IO", "WALSync"), activity(102, "LWLock", "WALWrite"))
        .answer(ACTIVITY_SQL, activity(101, "IO", "WALSync"), activity(102, "IO", "WALSync"))
        .answer(ACTIVITY_SQL, activity(101, "Client", "ClientRead"), activity(102, null, null));
    PostgresqlActivitySource source = (PostgresqlActivitySource) PostgresqlCommitWaits.open(db, () -> {},
        context(50), false);

    source.begin();
    for (int i = 0; i < 3; i++) {
      assertThat(source.sampleOnce()).isTrue();
    }
    SourceReading reading = source.end();

    ActivityTally tally = source.tally();
    assertThat(tally.samples()).isEqualTo(3);
    assertThat(tally.sessionSamples()).isEqualTo(6);
    assertThat(tally.events()).containsExactlyInAnyOrderEntriesOf(Map.of("IO:WALSync", 3L, "LWLock:WALWrite", 1L,
        "Client:ClientRead", 1L, "CPU", 1L));
    Map<String, PartReading> parts = byName(reading);
    String why = " (pg_wait_sampling is not loaded: its library is not in shared_preload_libraries)";
    // At 50 Hz each sample is 20 ms of one session's time.
    assertThat(parts.get(CommitParts.LOG_SYNC)).isEqualTo(PartReading.total(CommitParts.LOG_SYNC, 60.0, 3,
        "pg_stat_activity IO:WALSync, sampled at 50 Hz" + why + ", 3 samples"));
    assertThat(parts.get(CommitParts.GROUP_COMMIT_WAIT).millis()).isEqualTo(20.0);
    assertThat(parts.get(CommitParts.LOG_WRITE).millis()).isZero();
    assertThat(parts.get(CommitParts.LOG_WRITE).events()).isZero();
    assertThat(source.name()).isEqualTo("pg_stat_activity sampling");
    assertThat(reading.unmeasured()).containsExactly(new UnmeasuredPart("pg_stat_wal_timing",
        "track_wal_io_timing=off: the server does not time WAL writes and syncs; turn it on"
            + " (ALTER SYSTEM SET track_wal_io_timing = on; SELECT pg_reload_conf()) to see them"));
    assertThat(reading.views()).isEmpty();
    assertThat(reading.cost().get(0)).startsWith("pg_stat_activity sampled 3 times at 50 Hz (6 session samples),"
        + " mean sampling query ");
  }

  @Test
  void aSamplerThatLosesItsConnectionLeavesThePartsUnmeasured() throws Exception {
    RecordedRows db = new RecordedRows()
        .answer(PostgresqlCommitWaits.NAME_SQL, Row.of("application_name", "commitbench waits"))
        .answer(PostgresqlWaitSamplingProbe.PROBE_SQL, probe(null, null, null))
        .answer(PostgresqlLogCounters.SETTINGS_SQL, settings(150020, "off"))
        .answer(PostgresqlLogCounters.WAL_SQL, wal(1000, 0, 900, 0))
        .answer(ACTIVITY_SQL, activity(101, "IO", "WALSync"))
        .fail(ACTIVITY_SQL, new SQLException("This connection has been closed.", "08003"));
    PostgresqlActivitySource source = (PostgresqlActivitySource) PostgresqlCommitWaits.open(db, () -> {},
        context(50), false);

    source.begin();
    assertThat(source.sampleOnce()).isTrue();
    assertThat(source.sampleOnce()).isFalse();
    SourceReading reading = source.end();

    assertThat(reading.parts()).isEmpty();
    assertThat(reading.unmeasured()).extracting(UnmeasuredPart::reason).containsOnly(
        "pg_stat_activity sampling: sampling pg_stat_activity failed: This connection has been closed.");
  }

  @Test
  void theProbeSaysWhyTheProfileCannotBeUsed() throws Exception {
    assertThat(PostgresqlWaitSamplingProbe.of(new RecordedRows()
        .answer(PostgresqlWaitSamplingProbe.PROBE_SQL, probe("10", "on", null))).unusable())
        .isEqualTo("the extension is not created in database test (its library is in shared_preload_libraries;"
            + " CREATE EXTENSION pg_wait_sampling makes it readable)");
    assertThat(PostgresqlWaitSamplingProbe.of(new RecordedRows()
        .answer(PostgresqlWaitSamplingProbe.PROBE_SQL, probe("10", "off", "public"))).unusable())
        .isEqualTo("pg_wait_sampling.profile_pid is off, so its profile does not tell sessions apart");
    assertThat(PostgresqlWaitSamplingProbe.of(new RecordedRows()
        .answer(PostgresqlWaitSamplingProbe.PROBE_SQL, probe("10", "on", "public"))
        .fail("SELECT count(*) AS entries FROM \"public\".pg_wait_sampling_profile",
            new SQLException("ERROR: permission denied for function pg_wait_sampling_get_profile", "42501")))
        .unusable()).isEqualTo("reading \"public\".pg_wait_sampling_profile failed:"
            + " ERROR: permission denied for function pg_wait_sampling_get_profile");
    assertThat(PostgresqlWaitSamplingProbe.periodMillis("10")).isEqualTo(10);
    assertThat(PostgresqlWaitSamplingProbe.periodMillis("20ms")).isEqualTo(20);
    assertThat(PostgresqlWaitSamplingProbe.periodMillis("1s")).isEqualTo(1000);
  }

  @Test
  void onPostgresql18TheWalViewsComeFromPgStatIo() throws Exception {
    RecordedRows db = profileServer()
        .answerInstead(PostgresqlLogCounters.SETTINGS_SQL, settings(180001, "on"))
        .answer(PostgresqlLogCounters.IO_WAL_SQL_18, io(10, 5.0, 8, 16.0), io(30, 15.0, 18, 36.0))
        .answer(PostgresqlLogCounters.IO_WAL_SQL_18, io(110, 25.0, 58, 116.0), io(30, 15.0, 18, 36.0))
        .answer(PROFILE_SQL, profile(101, "IO", "WALSync", 50));
    CommitTimeSource source = PostgresqlCommitWaits.open(db, () -> {}, context(100), false);

    source.begin();
    SourceReading reading = source.end();

    assertThat(reading.views()).containsExactly(
        new LogIoView("wal_write", "log", 100, 0.2, null, null, "pg_stat_io (whole server)"),
        new LogIoView("wal_sync", "log", 50, 2.0, null, null, "pg_stat_io (whole server)"));
    assertThat(reading.unmeasured()).isEmpty();
    assertThat(byName(reading).get(CommitParts.LOG_SYNC).millis()).isZero();
  }

  /** pg_stat_io's WAL rows: normal first, then init, as its ORDER BY context gives them. */
  private static Row io(long writes, double writeMs, long fsyncs, double fsyncMs) {
    return Row.of("context", "normal", "writes", new BigDecimal(writes), "write_bytes", null,
        "write_time", writeMs, "fsyncs", new BigDecimal(fsyncs), "fsync_time", fsyncMs);
  }

  @Test
  void aPartOfSeveralEventsSumsThem() {
    List<PartReading> parts = WaitParts.of(Map.of("IO:WALSync", 7L, "IO:WALInitSync", 2L, "CPU", 100L), 10,
        "pg_wait_sampling", "10 ms period");

    assertThat(parts).extracting(PartReading::name).containsExactlyElementsOf(PostgresqlWaitEvents.PARTS);
    assertThat(parts.get(1)).isEqualTo(PartReading.total(CommitParts.LOG_SYNC, 90.0, 9,
        "pg_wait_sampling IO:WALSync+IO:WALInitSync, 10 ms period, 9 samples"));
    assertThat(PostgresqlWaitEvents.PART_OF_EVENT).containsEntry("LWLock:WALWrite", CommitParts.GROUP_COMMIT_WAIT)
        .containsEntry("LWLock:WALInsert", CommitParts.LOG_INSERT).containsEntry("IPC:SyncRep",
            CommitParts.SYNC_REPLICATION).containsEntry("IO:WALWrite", CommitParts.LOG_WRITE)
        .doesNotContainKey("CPU");
  }
}
