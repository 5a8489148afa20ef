package io.commitbench.driver.mariadb;

import static io.commitbench.driver.mariadb.MariadbCommitWaits.INSTRUMENTS_SQL;
import static io.commitbench.driver.mariadb.MariadbCommitWaits.SERVER_SQL;
import static io.commitbench.driver.mariadb.MariadbWaitSource.GROUP_WAIT_SQL;
import static io.commitbench.driver.mariadb.MariadbWaitSource.REDO_IO_SQL;
import static io.commitbench.driver.mariadb.MariadbWaitSource.STATUS_SQL;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * MariaDB's commit waits with performance_schema ON, on recorded rows: a pre-10.8 server with the
 * redo log's instrument and log_bin, shaped as performance_schema's summary tables document them
 * (timers in picoseconds, SHOW STATUS values as text); a 10.11 server whose setup_instruments has
 * neither instrument, as a managed 10.11.19 instance answers; instruments not enabled; a read
 * that fails. The local service (performance_schema OFF) is in {@code MariadbCommitWaitsLocalServiceTest}.
 */
class MariadbCommitWaitsRecordedRowsTest {

  private static Row server(String version, String logBin) {
    return Row.of("performance_schema", "1", "version", version, "log_bin", logBin);
  }

  private static Row instrument(String name, String enabled, String timed) {
    return Row.of("NAME", name, "ENABLED", enabled, "TIMED", timed);
  }

  private static Row redo(long writes, long writePicos, long misc, long miscPicos) {
    return Row.of("COUNT_WRITE", writes, "SUM_TIMER_WRITE", writePicos, "COUNT_MISC", misc, "SUM_TIMER_MISC",
        miscPicos);
  }

  private static Row[] status(String fsyncs, String writes) {
    return new Row[] {Row.of("Variable_name", "Innodb_log_writes", "Value", writes),
        Row.of("Variable_name", "Innodb_os_log_fsyncs", "Value", fsyncs)};
  }

  /** A 10.6 server with both instruments on and timed, read at begin and at end. */
  private static RecordedRows instrumented() {
    return new RecordedRows()
        .answer(SERVER_SQL, server("10.6.18-MariaDB", "1"))
        .answer(INSTRUMENTS_SQL, instrument(MariadbCommitWaits.REDO_FILE, "YES", "YES"),
            instrument(MariadbCommitWaits.BINLOG_FOLLOWER_WAIT, "YES", "YES"))
        // 1000 writes in 40 ms, then 2 s; 1000 syncs in 300 ms, then 1000 more in 1.8 s.
        .answer(REDO_IO_SQL, redo(1000, 40_000_000_000L, 1000, 300_000_000_000L))
        .answer(REDO_IO_SQL, redo(2000, 90_000_000_000L, 2000, 2_100_000_000_000L))
        .answer(GROUP_WAIT_SQL, Row.of("COUNT_STAR", 10L, "SUM_TIMER_WAIT", 5_000_000_000L))
        .answer(GROUP_WAIT_SQL, Row.of("COUNT_STAR", 3010L, "SUM_TIMER_WAIT", 4_505_000_000_000L))
        .answer(STATUS_SQL, status("500", "700"))
        .answer(STATUS_SQL, status("1500", "1700"));
  }

  private static PartReading part(SourceReading r, String name) {
    return r.parts().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
  }

  private static String reason(SourceReading r, String name) {
    return r.unmeasured().stream().filter(u -> u.name().equals(name)).map(UnmeasuredPart::reason).findFirst()
        .orElseThrow();
  }

  @Test
  void sqlText() {
    assertThat(INSTRUMENTS_SQL).isEqualTo("SELECT NAME, ENABLED, TIMED FROM performance_schema.setup_instruments"
        + " WHERE NAME IN ('wait/io/file/innodb/innodb_log_file', 'wait/synch/cond/sql/THD::COND_wakeup_ready')");
    assertThat(REDO_IO_SQL).isEqualTo("SELECT COUNT_WRITE, SUM_TIMER_WRITE, COUNT_MISC, SUM_TIMER_MISC"
        + " FROM performance_schema.file_summary_by_event_name WHERE EVENT_NAME = 'wait/io/file/innodb/innodb_log_file'");
    assertThat(GROUP_WAIT_SQL).isEqualTo("SELECT COUNT_STAR, SUM_TIMER_WAIT"
        + " FROM performance_schema.events_waits_summary_global_by_event_name"
        + " WHERE EVENT_NAME = 'wait/synch/cond/sql/THD::COND_wakeup_ready'");
  }

  @Test
  void withTheInstrumentsTheRedoLogsWriteAndSyncAreMeansAndTheFollowersWaitIsATotal() throws SQLException {
    RecordedRows db = instrumented();
    MariadbWaitSource source = MariadbCommitWaits.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(r.unmeasured()).isEmpty();
    PartReading write = part(r, "log_write");
    assertThat(write.basis()).isEqualTo(PartReading.Basis.PER_EVENT);
    assertThat(write.millis()).isEqualTo(0.05);
    assertThat(write.events()).isEqualTo(1000);
    PartReading sync = part(r, "log_sync");
    assertThat(sync.millis()).isEqualTo(1.8);
    assertThat(sync.source()).contains("whole server").contains("sync (misc)");
    PartReading group = part(r, "group_commit_wait");
    assertThat(group.basis()).isEqualTo(PartReading.Basis.TOTAL);
    assertThat(group.millis()).isEqualTo(4500.0);
    assertThat(group.events()).isEqualTo(3000);
    assertThat(group.source()).contains("whole server");
    assertThat(r.views()).extracting(LogIoView::operation, LogIoView::count)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("log_fsync", 1000L),
            org.assertj.core.groups.Tuple.tuple("log_write", 1000L));
    assertThat(r.views().get(0).meanMillis()).isNaN();
    assertThat(r.cost()).containsExactly("6 queries on a connection of its own, at the window's begin and end");
  }

  @Test
  void eachBeginStartsTheWindowAgain() throws SQLException {
    RecordedRows db = instrumented()
        .answerInstead(REDO_IO_SQL, redo(0, 0, 0, 0))
        .answer(REDO_IO_SQL, redo(100, 1_000_000_000L, 100, 100_000_000_000L))
        .answer(REDO_IO_SQL, redo(300, 3_000_000_000L, 300, 500_000_000_000L));
    MariadbWaitSource source = MariadbCommitWaits.open(db, () -> {});

    source.begin();
    source.begin();
    SourceReading r = source.end();

    assertThat(part(r, "log_sync").millis()).isEqualTo(2.0);
    assertThat(part(r, "log_sync").events()).isEqualTo(200);
  }

  @Test
  void mariadb1011RegistersNoRedoLogInstrumentAndLogBinOffHasNoGroupCommitInstrument() throws SQLException {
    RecordedRows db = new RecordedRows()
        .answer(SERVER_SQL, server("10.11.19-MariaDB-0+deb12u1", "0"))
        .answer(INSTRUMENTS_SQL)
        .answer(STATUS_SQL, Row.of("Variable_name", "Innodb_log_writes", "Value", "12"))
        .answer(STATUS_SQL, Row.of("Variable_name", "Innodb_log_writes", "Value", "20"));
    MariadbWaitSource source = MariadbCommitWaits.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(r.parts()).isEmpty();
    assertThat(reason(r, "log_sync")).isEqualTo("performance_schema on MariaDB 10.11.19-MariaDB-0+deb12u1 registers"
        + " no redo log instrument; the kernel's view (breakdown.kernel=true) measures the log's syncs");
    assertThat(reason(r, "log_write")).isEqualTo(reason(r, "log_sync"));
    assertThat(reason(r, "group_commit_wait")).startsWith("with log_bin=OFF a commit waits for another session's");
    assertThat(db.asked()).doesNotContain(REDO_IO_SQL, GROUP_WAIT_SQL);
    // 10.8+ has no Innodb_os_log_fsyncs: the view of the log's writes only.
    assertThat(r.views()).singleElement().satisfies(v -> {
      assertThat(v.operation()).isEqualTo("log_write");
      assertThat(v.count()).isEqualTo(8);
    });
  }

  @Test
  void anInstrumentNotEnabledSaysHowToEnableIt() throws SQLException {
    RecordedRows db = instrumented().answerInstead(INSTRUMENTS_SQL,
        instrument(MariadbCommitWaits.REDO_FILE, "YES", "YES"),
        instrument(MariadbCommitWaits.BINLOG_FOLLOWER_WAIT, "NO", "NO"));
    MariadbWaitSource source = MariadbCommitWaits.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(reason(r, "group_commit_wait")).isEqualTo("performance_schema's"
        + " wait/synch/cond/sql/THD::COND_wakeup_ready is ENABLED=NO, TIMED=NO; start the server with"
        + " performance-schema-instrument='wait/synch/cond/sql/THD::COND_wakeup_ready=ON'");
    assertThat(db.asked()).doesNotContain(GROUP_WAIT_SQL);
    assertThat(part(r, "log_sync").millis()).isEqualTo(1.8);
  }

  @Test
  void aRedoLogWithoutTimedOperationsIsUnmeasuredNotZero() throws SQLException {
    RecordedRows db = instrumented().answerInstead(REDO_IO_SQL, redo(0, 0, 0, 0));
    MariadbWaitSource source = MariadbCommitWaits.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(reason(r, "log_sync")).startsWith("performance_schema timed no sync (misc) of the redo log");
    assertThat(r.parts()).extracting(PartReading::name).containsExactly("group_commit_wait");
  }

  @Test
  void aFailedReadMakesEveryPartUnmeasuredWithTheMessage() throws SQLException {
    RecordedRows db = instrumented().answerInstead(GROUP_WAIT_SQL, Row.of("COUNT_STAR", 1L, "SUM_TIMER_WAIT", 1L))
        .fail(GROUP_WAIT_SQL, new SQLException("(conn=9) Connection reset", "08000"));
    MariadbWaitSource source = MariadbCommitWaits.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(r.parts()).isEmpty();
    assertThat(reason(r, "log_write")).isEqualTo("reading the server's waits at the window's end failed:"
        + " (conn=9) Connection reset");
  }

  @Test
  void theDialectHandsOutTheseWaits() {
    assertThat(new MariadbDialect().server().commitWaits()).isInstanceOf(MariadbCommitWaits.class);
  }
}
