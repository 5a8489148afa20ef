package io.commitbench.driver.oracle;

import static io.commitbench.core.server.CounterAssertions.absent;
import static io.commitbench.core.server.CounterAssertions.value;
import static io.commitbench.driver.oracle.OracleLogCounters.EVENTS_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.HISTOGRAM_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.LOG_HISTORY_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.STARTUP_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.SYSSTAT_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.TIMED_SQL;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.LogActivity;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.math.BigDecimal;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * The SQL text Oracle's redo counters are read with, and their parsing, against result rows in
 * the shape ojdbc returns them (upper-case labels, NUMBER as BigDecimal). No Oracle server runs:
 * the rows were written down for the test from the views' documented columns, not captured from
 * a live instance; {@code OracleIT} runs the real queries where an Oracle answers.
 */
class OracleLogCountersRecordedRowsTest {

  private final OracleLogCounters counters = new OracleLogCounters();

  private static BigDecimal n(long value) {
    return BigDecimal.valueOf(value);
  }

  private static RecordedRows instance(String timedStatistics) {
    return new RecordedRows()
        .answer(TIMED_SQL, Row.of("VALUE", timedStatistics))
        .answer(SYSSTAT_SQL,
            Row.of("NAME", "user commits", "VALUE", n(48213)),
            Row.of("NAME", "redo size", "VALUE", n(91_234_560)),
            Row.of("NAME", "redo wastage", "VALUE", n(2_310_144)),
            Row.of("NAME", "redo writes", "VALUE", n(20511)),
            Row.of("NAME", "redo synch writes", "VALUE", n(47990)),
            Row.of("NAME", "redo synch time", "VALUE", n(1234)),
            Row.of("NAME", "redo write time", "VALUE", n(987)))
        .answer(EVENTS_SQL,
            Row.of("EVENT", "log file sync", "TOTAL_WAITS", n(47002), "TIME_WAITED_MICRO", n(61_234_567)),
            Row.of("EVENT", "log file parallel write", "TOTAL_WAITS", n(20488), "TIME_WAITED_MICRO", n(14_000_250)))
        .answer(HISTOGRAM_SQL,
            Row.of("EVENT", "log file parallel write", "WAIT_TIME_MILLI", n(1), "WAIT_COUNT", n(19000)),
            Row.of("EVENT", "log file parallel write", "WAIT_TIME_MILLI", n(2), "WAIT_COUNT", n(1300)),
            Row.of("EVENT", "log file parallel write", "WAIT_TIME_MILLI", n(4), "WAIT_COUNT", n(188)),
            Row.of("EVENT", "log file sync", "WAIT_TIME_MILLI", n(1), "WAIT_COUNT", n(40000)),
            Row.of("EVENT", "log file sync", "WAIT_TIME_MILLI", n(2), "WAIT_COUNT", n(5000)),
            Row.of("EVENT", "log file sync", "WAIT_TIME_MILLI", n(4), "WAIT_COUNT", n(0)),
            Row.of("EVENT", "log file sync", "WAIT_TIME_MILLI", n(8), "WAIT_COUNT", n(2000)),
            Row.of("EVENT", "log file sync", "WAIT_TIME_MILLI", n(65536), "WAIT_COUNT", n(1)),
            Row.of("EVENT", "log file sync", "WAIT_TIME_MILLI", n(131072), "WAIT_COUNT", n(1)))
        .answer(LOG_HISTORY_SQL, Row.of("THREAD#", n(1), "LAST_SEQUENCE", n(57)))
        .answer(STARTUP_SQL, Row.of("STARTUP_EPOCH", n(1_764_600_000)));
  }

  @Test
  void theInstancesStartupTimeIsTheResetMarkOfEveryCounter() throws SQLException {
    RecordedRows db = instance("TRUE");
    CounterSnapshot before = counters.read(db);
    db.answerInstead(STARTUP_SQL, Row.of("STARTUP_EPOCH", n(1_764_603_600)));
    LogActivity a = LogActivity.between(before, counters.read(db));

    assertThat(STARTUP_SQL).isEqualTo("SELECT (startup_time - DATE '1970-01-01') * 86400 AS startup_epoch FROM v$instance");
    assertThat(before.resets()).singleElement().satisfies(m -> assertThat(m.wholeServer()).isTrue());
    assertThat(a.reset()).startsWith("the server restarted during the run: V$INSTANCE.STARTUP_TIME was"
        + " 2025-12-01T14:40:00Z at the first reading and 2025-12-01T15:40:00Z at the last");
    assertThat(a.counter("commits").orElseThrow().present()).isFalse();
  }

  @Test
  void sqlText() {
    assertThat(EVENTS_SQL).isEqualTo("SELECT event, total_waits, time_waited_micro FROM v$system_event"
        + " WHERE event IN ('log file sync', 'log file parallel write')");
    assertThat(HISTOGRAM_SQL).isEqualTo("SELECT event, wait_time_milli, wait_count FROM v$event_histogram"
        + " WHERE event IN ('log file sync', 'log file parallel write') ORDER BY event, wait_time_milli");
    assertThat(SYSSTAT_SQL).isEqualTo("SELECT name, value FROM v$sysstat WHERE name IN ('user commits',"
        + " 'redo size', 'redo wastage', 'redo writes', 'redo synch writes', 'redo synch time', 'redo write time')");
    assertThat(LOG_HISTORY_SQL).isEqualTo("SELECT thread#, MAX(sequence#) AS last_sequence FROM v$log_history"
        + " GROUP BY thread#");
    assertThat(TIMED_SQL).isEqualTo("SELECT value FROM v$parameter WHERE name = 'timed_statistics'");
  }

  @Test
  void canonicalCountersFromSysstatAndTheWaitEvents() throws SQLException {
    RecordedRows db = instance("TRUE");

    CounterSnapshot s = counters.read(db);

    assertThat(db.asked()).containsExactly(TIMED_SQL, SYSSTAT_SQL, EVENTS_SQL, HISTOGRAM_SQL, LOG_HISTORY_SQL, STARTUP_SQL);
    assertThat(s.note()).isEmpty();
    assertThat(value(s, "commits")).isEqualTo(48213);
    assertThat(value(s, "log_bytes")).isEqualTo(91_234_560);
    assertThat(value(s, "log_writes")).isEqualTo(20511);
    assertThat(value(s, "log_syncs")).as("log file sync waits").isEqualTo(47002);
    assertThat(value(s, "log_sync_time_ms")).isEqualTo(61_234.567);
    assertThat(value(s, "log_write_time_ms")).as("log file parallel write").isEqualTo(14_000.25);
  }

  @Test
  void productCounters() throws SQLException {
    CounterSnapshot s = counters.read(instance("TRUE"));

    assertThat(value(s, "oracle.log_file_sync.total_waits")).isEqualTo(47002);
    assertThat(value(s, "oracle.log_file_sync.time_waited_ms")).isEqualTo(61_234.567);
    assertThat(value(s, "oracle.log_file_parallel_write.total_waits")).isEqualTo(20488);
    assertThat(value(s, "oracle.sysstat.redo_wastage")).isEqualTo(2_310_144);
    assertThat(value(s, "oracle.sysstat.redo_synch_writes")).isEqualTo(47990);
    assertThat(value(s, "oracle.sysstat.redo_synch_time_ms")).as("centiseconds to ms").isEqualTo(12340);
    assertThat(value(s, "oracle.sysstat.redo_write_time_ms")).isEqualTo(9870);
    assertThat(value(s, "oracle.log_switches")).isEqualTo(57);
  }

  @Test
  void histogramBucketsAreFixedAndAMissingBucketHasNoWaits() throws SQLException {
    CounterSnapshot s = counters.read(instance("TRUE"));

    assertThat(value(s, "oracle.log_file_sync.histogram.lt_1ms")).isEqualTo(40000);
    assertThat(value(s, "oracle.log_file_sync.histogram.lt_2ms")).isEqualTo(5000);
    assertThat(value(s, "oracle.log_file_sync.histogram.lt_4ms")).isZero();
    assertThat(value(s, "oracle.log_file_sync.histogram.lt_8ms")).isEqualTo(2000);
    assertThat(value(s, "oracle.log_file_sync.histogram.lt_16ms")).as("not listed: no waits").isZero();
    assertThat(value(s, "oracle.log_file_sync.histogram.lt_32768ms")).isZero();
    assertThat(value(s, "oracle.log_file_sync.histogram.ge_32768ms")).as("65536 and 131072 together").isEqualTo(2);
    assertThat(value(s, "oracle.log_file_parallel_write.histogram.lt_4ms")).isEqualTo(188);
    assertThat(s.counters().stream().filter(c -> c.name().startsWith("oracle.log_file_sync.histogram."))).hasSize(17);
  }

  @Test
  void withoutTimedStatisticsTheTimesAreAbsent() throws SQLException {
    CounterSnapshot s = counters.read(instance("FALSE"));

    assertThat(absent(s, "log_sync_time_ms")).isEqualTo("timed_statistics is FALSE, so the instance does not time waits");
    assertThat(absent(s, "log_write_time_ms")).isEqualTo(absent(s, "log_sync_time_ms"));
    assertThat(value(s, "log_syncs")).isEqualTo(47002);
  }

  @Test
  void anEventNeverWaitedForHasNoRowAndZeroWaits() throws SQLException {
    RecordedRows db = instance("TRUE").answerInstead(EVENTS_SQL);

    CounterSnapshot s = counters.read(db);

    assertThat(value(s, "log_syncs")).isZero();
    assertThat(value(s, "log_sync_time_ms")).isZero();
  }

  @Test
  void withoutTheRightsEveryViewsCountersAreAbsentWithTheError() throws SQLException {
    SQLException noView = new SQLException("ORA-00942: table or view does not exist", "42000", 942);
    RecordedRows db = new RecordedRows().fail(TIMED_SQL, noView).fail(SYSSTAT_SQL, noView).fail(EVENTS_SQL, noView)
        .fail(HISTOGRAM_SQL, noView).fail(LOG_HISTORY_SQL, noView);

    CounterSnapshot s = counters.read(db);

    assertThat(absent(s, "commits")).isEqualTo("cannot read V$SYSSTAT: ORA-00942: table or view does not exist");
    assertThat(absent(s, "log_sync_time_ms")).isEqualTo("cannot read V$SYSTEM_EVENT: ORA-00942: table or view does not exist");
    assertThat(absent(s, "oracle.log_file_sync.histogram.lt_1ms")).startsWith("cannot read V$EVENT_HISTOGRAM");
    assertThat(absent(s, "oracle.log_switches")).startsWith("cannot read V$LOG_HISTORY");
  }

  @Test
  void aStatisticTheInstanceDoesNotHaveIsAbsent() throws SQLException {
    RecordedRows db = instance("TRUE").answerInstead(SYSSTAT_SQL, Row.of("NAME", "user commits", "VALUE", n(5)));

    CounterSnapshot s = counters.read(db);

    assertThat(value(s, "commits")).isEqualTo(5);
    assertThat(absent(s, "log_bytes")).isEqualTo("V$SYSSTAT has no statistic 'redo size'");
  }

  @Test
  void theDialectReadsTheseCounters() {
    assertThat(new OracleDialect().server().logCounters()).isInstanceOf(OracleLogCounters.class);
  }
}
