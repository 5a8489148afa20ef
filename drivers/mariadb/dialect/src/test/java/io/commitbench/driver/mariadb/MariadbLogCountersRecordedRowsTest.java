package io.commitbench.driver.mariadb;

import static io.commitbench.core.server.CounterAssertions.absent;
import static io.commitbench.core.server.CounterAssertions.value;
import static io.commitbench.driver.mariadb.MariadbLogCounters.INSTRUMENT_SQL;
import static io.commitbench.driver.mariadb.MariadbLogCounters.PERFORMANCE_SCHEMA_SQL;
import static io.commitbench.driver.mariadb.MariadbLogCounters.REDO_IO_SQL;
import static io.commitbench.driver.mariadb.MariadbLogCounters.STATUS_SQL;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.LogActivity;
import io.commitbench.core.server.ResetMark;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The status query MariaDB's counters are read with, and its parsing, against the rows a MariaDB
 * 10.11.19 service returned (values as text, as the driver returns them; no
 * Innodb_os_log_fsyncs, which 10.8 removed), and a pre-10.8 server's row with it; then the redo
 * log's times from performance_schema: OFF as on a service with its defaults, ON without an
 * instrument for the redo log as on a managed 10.11.19 instance, and a server with the instrument
 * (rows shaped as file_summary_by_instance documents them, not recorded). No server runs here.
 */
class MariadbLogCountersRecordedRowsTest {

  private final MariadbLogCounters counters = new MariadbLogCounters();

  /** Recorded from MariaDB 10.11.19 (SHOW GLOBAL STATUS returns the variables sorted by name). */
  private static RecordedRows mariadb1011(Row... extra) {
    Row[] rows = {
        status("Com_commit", "378031"), status("Com_delete", "224139"), status("Com_insert", "598382"),
        status("Com_rollback", "44"), status("Com_select", "224941"), status("Com_update", "224051"),
        status("Handler_commit", "1651874"), status("Handler_rollback", "48"), status("Innodb_data_fsyncs", "547205"),
        status("Innodb_log_waits", "0"), status("Innodb_log_write_requests", "9310099"),
        status("Innodb_log_writes", "543508"), status("Innodb_lsn_current", "533744534"),
        status("Innodb_os_log_written", "533700130")};
    Row[] all = java.util.Arrays.copyOf(rows, rows.length + extra.length);
    System.arraycopy(extra, 0, all, rows.length, extra.length);
    return new RecordedRows().answer(STATUS_SQL, all)
        .answer(PERFORMANCE_SCHEMA_SQL, performanceSchema("0"));
  }

  /** A service's answer with the defaults (performance_schema is 0), or a managed instance's ("1"). */
  private static Row performanceSchema(String on) {
    return Row.of("performance_schema", on, "version", "10.11.19-MariaDB-0+deb12u1");
  }

  /** A server whose performance_schema runs with the redo log's instrument on and timed. */
  private static RecordedRows instrumented(Row io) {
    return mariadb1011().answerInstead(PERFORMANCE_SCHEMA_SQL, performanceSchema("1"))
        .answer(INSTRUMENT_SQL, Row.of("ENABLED", "YES", "TIMED", "YES"))
        .answer(REDO_IO_SQL, io);
  }

  private static Row redoIo(long files, long writes, long bytes, long writePicos, long misc, long miscPicos) {
    return Row.of("files", files, "count_write", writes, "bytes_write", bytes, "sum_timer_write", writePicos,
        "count_misc", misc, "sum_timer_misc", miscPicos);
  }

  private static Row status(String name, String value) {
    return Row.of("Variable_name", name, "Value", value);
  }

  @Test
  void sqlText() {
    assertThat(STATUS_SQL).isEqualTo("SHOW GLOBAL STATUS WHERE Variable_name IN ("
        + "'Com_commit', 'Com_rollback', 'Handler_commit', 'Handler_rollback',"
        + " 'Com_insert', 'Com_update', 'Com_delete', 'Com_select',"
        + " 'Innodb_os_log_written', 'Innodb_log_writes', 'Innodb_log_write_requests', 'Innodb_log_waits',"
        + " 'Innodb_lsn_current', 'Innodb_os_log_fsyncs', 'Innodb_data_fsyncs', 'Uptime', 'Uptime_since_flush_status')");
  }

  @Test
  void theServersStartAndTheLastFlushStatusAreResetMarks() throws SQLException {
    RecordedRows db = mariadb1011().answerInstead(STATUS_SQL, status("Com_commit", "10"), status("Uptime", "3600"),
        status("Uptime_since_flush_status", "60"));
    CounterSnapshot before = counters.read(db, false);

    assertThat(before.resets()).extracting(ResetMark::source)
        .containsExactly("the server's start (Uptime)", "the last FLUSH STATUS (Uptime_since_flush_status)");
    assertThat(before.resets().get(0).since()).isEqualTo(before.takenAt().minusSeconds(3600));
    assertThat(before.resets().get(1).counters()).contains("commits", "log_bytes", "Com_commit");

    db.answerInstead(STATUS_SQL, status("Com_commit", "15"), status("Uptime", "4"),
        status("Uptime_since_flush_status", "4"));
    LogActivity restarted = LogActivity.between(before, counters.read(db, false));
    assertThat(restarted.reset()).startsWith("the server restarted during the run: the server's start (Uptime) was");
    assertThat(restarted.counter("commits").orElseThrow().present()).isFalse();
  }

  @Test
  void mariadb1011HasBytesAndWritesButNoSyncCountAndNoTimes() throws SQLException {
    RecordedRows db = mariadb1011();

    CounterSnapshot s = counters.read(db, true);

    assertThat(db.asked()).containsExactly(STATUS_SQL, PERFORMANCE_SCHEMA_SQL);
    assertThat(value(s, "log_bytes")).isEqualTo(533700130);
    assertThat(value(s, "log_writes")).isEqualTo(543508);
    assertThat(absent(s, "log_syncs")).contains("no Innodb_os_log_fsyncs").contains("10.8");
    assertThat(absent(s, "log_write_time_ms")).startsWith("redo write/sync time not available (performance_schema=OFF");
    assertThat(absent(s, "log_sync_time_ms")).isEqualTo(absent(s, "log_write_time_ms"));
    assertThat(absent(s, "Innodb_os_log_fsyncs")).isEqualTo("this server has no status variable Innodb_os_log_fsyncs");
    assertThat(value(s, "Innodb_log_waits")).isZero();
    assertThat(value(s, "Innodb_lsn_current")).isEqualTo(533744534);
    assertThat(value(s, "Innodb_data_fsyncs")).isEqualTo(547205);
    assertThat(s.counter("Innodb_os_log_written").orElseThrow().unit()).isEqualTo("bytes");
  }

  @ParameterizedTest(name = "autocommit={0}: commits = {1}")
  @CsvSource({"true, Handler_commit, 1651874", "false, Com_commit, 378031"})
  void commitsComeFromTheCounterThatCountsTheRunsCommits(boolean autocommit, String source, double expected)
      throws SQLException {
    CounterSnapshot s = counters.read(mariadb1011(), autocommit);

    assertThat(value(s, "commits")).isEqualTo(expected).isEqualTo(value(s, source));
    assertThat(value(s, "Com_commit")).isEqualTo(378031);
    assertThat(value(s, "Handler_commit")).isEqualTo(1651874);
  }

  @Test
  void withoutKnowingTheCommitModeCommitsAreAbsent() throws SQLException {
    CounterSnapshot s = counters.read(mariadb1011(), null);

    assertThat(absent(s, "commits")).contains("depends on whether the sessions autocommit");
  }

  @Test
  void aServerBefore108CountsLogFsyncs() throws SQLException {
    CounterSnapshot s = counters.read(mariadb1011(status("Innodb_os_log_fsyncs", "4242")), false);

    assertThat(value(s, "log_syncs")).isEqualTo(4242);
  }

  @Test
  void performanceSchemaSqlText() {
    assertThat(PERFORMANCE_SCHEMA_SQL)
        .isEqualTo("SELECT @@GLOBAL.performance_schema AS performance_schema, @@GLOBAL.version AS version");
    assertThat(INSTRUMENT_SQL).isEqualTo("SELECT ENABLED, TIMED FROM performance_schema.setup_instruments"
        + " WHERE NAME = 'wait/io/file/innodb/innodb_log_file'");
    assertThat(REDO_IO_SQL).isEqualTo("SELECT COUNT(*) AS files, SUM(COUNT_WRITE) AS count_write,"
        + " SUM(SUM_NUMBER_OF_BYTES_WRITE) AS bytes_write, SUM(SUM_TIMER_WRITE) AS sum_timer_write,"
        + " SUM(COUNT_MISC) AS count_misc, SUM(SUM_TIMER_MISC) AS sum_timer_misc"
        + " FROM performance_schema.file_summary_by_instance WHERE EVENT_NAME = 'wait/io/file/innodb/innodb_log_file'");
  }

  @Test
  void aManaged1011InstanceHasPerformanceSchemaButNoInstrumentForTheRedoLog() throws SQLException {
    // Recorded: a managed 10.11.19 instance lists only innodb_data_file and innodb_temp_file.
    RecordedRows db = mariadb1011().answerInstead(PERFORMANCE_SCHEMA_SQL, performanceSchema("1"))
        .answer(INSTRUMENT_SQL);

    CounterSnapshot s = counters.read(db, false);

    assertThat(db.asked()).containsExactly(STATUS_SQL, PERFORMANCE_SCHEMA_SQL, INSTRUMENT_SQL);
    assertThat(absent(s, "log_sync_time_ms")).isEqualTo("redo write/sync time not available (this server,"
        + " 10.11.19-MariaDB-0+deb12u1, has no performance_schema instrument for the redo log,"
        + " wait/io/file/innodb/innodb_log_file)");
    assertThat(absent(s, "log_write_time_ms")).isEqualTo(absent(s, "log_sync_time_ms"));
    assertThat(s.counter("performance_schema.redo_log.count_misc")).isEmpty();
  }

  @Test
  void anInstrumentNotEnabledAndTimedGivesNoTime() throws SQLException {
    RecordedRows db = mariadb1011().answerInstead(PERFORMANCE_SCHEMA_SQL, performanceSchema("1"))
        .answer(INSTRUMENT_SQL, Row.of("ENABLED", "YES", "TIMED", "NO"));

    CounterSnapshot s = counters.read(db, false);

    assertThat(absent(s, "log_sync_time_ms")).contains("ENABLED=YES, TIMED=NO");
    assertThat(db.asked()).doesNotContain(REDO_IO_SQL);
  }

  @Test
  void anInstrumentEnabledAfterTheLogWasOpenedCountsNothingAndSaysSo() throws SQLException {
    CounterSnapshot s = counters.read(instrumented(Row.of("files", 0L, "count_write", null, "bytes_write", null,
        "sum_timer_write", null, "count_misc", null, "sum_timer_misc", null)), false);

    assertThat(absent(s, "log_write_time_ms")).contains("no redo log file is instrumented");
    assertThat(absent(s, "log_sync_time_ms")).isEqualTo(absent(s, "log_write_time_ms"));
  }

  @Test
  void withTheInstrumentTheTimesComeFromTheRedoLogsFileIoInMilliseconds() throws SQLException {
    // 1200 writes taking 30 ms, 400 misc operations (the syncs) taking 2.5 s; timers in picoseconds.
    RecordedRows db = instrumented(redoIo(1, 1200, 4_915_200, 30_000_000_000L, 400, 2_500_000_000_000L));

    CounterSnapshot s = counters.read(db, false);

    assertThat(db.asked()).containsExactly(STATUS_SQL, PERFORMANCE_SCHEMA_SQL, INSTRUMENT_SQL, REDO_IO_SQL);
    assertThat(value(s, "log_write_time_ms")).isEqualTo(30.0);
    assertThat(value(s, "log_sync_time_ms")).isEqualTo(2500.0);
    assertThat(value(s, "performance_schema.redo_log.count_write")).isEqualTo(1200);
    assertThat(value(s, "performance_schema.redo_log.bytes_write")).isEqualTo(4_915_200);
    assertThat(value(s, "performance_schema.redo_log.count_misc")).isEqualTo(400);
    assertThat(value(s, "performance_schema.redo_log.misc_time_ms")).isEqualTo(2500.0);
    assertThat(s.counter("performance_schema.redo_log.bytes_write").orElseThrow().unit()).isEqualTo("bytes");
    // The sync count stays the status counter's: where the server has none, it is absent, not the misc count.
    assertThat(absent(s, "log_syncs")).contains("no Innodb_os_log_fsyncs");
  }

  @Test
  void performanceSchemaThatCannotBeReadGivesTheReason() throws SQLException {
    RecordedRows db = mariadb1011().answerInstead(PERFORMANCE_SCHEMA_SQL, performanceSchema("1"))
        .fail(INSTRUMENT_SQL, new SQLException("SELECT command denied to user 'bench'@'localhost' for table"
            + " `performance_schema`.`setup_instruments`", "42000", 1142));

    CounterSnapshot s = counters.read(db, true);

    assertThat(absent(s, "log_sync_time_ms")).startsWith("redo write/sync time not available (cannot read"
        + " performance_schema: SELECT command denied");
    assertThat(value(s, "log_bytes")).as("the status counters are still read").isEqualTo(533700130);
  }

  @Test
  void theDialectReadsTheseCounters() {
    assertThat(new MariadbDialect().server().logCounters()).isInstanceOf(MariadbLogCounters.class);
  }
}
