package io.commitbench.driver.oracle;

import static io.commitbench.driver.oracle.OracleLogCounters.EVENTS_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.HISTOGRAM_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.TIMED_SQL;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import java.math.BigDecimal;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/**
 * Oracle's commit waits on recorded rows, in the shape ojdbc returns them (upper-case labels,
 * NUMBER as BigDecimal): V$SYSTEM_EVENT and V$EVENT_HISTOGRAM at the window's begin and end. No
 * Oracle server runs here: the rows were written from the views' documented columns.
 */
class OracleCommitWaitsRecordedRowsTest {

  private static BigDecimal n(long value) {
    return BigDecimal.valueOf(value);
  }

  private static Row event(String name, long waits, long micros) {
    return Row.of("EVENT", name, "TOTAL_WAITS", n(waits), "TIME_WAITED_MICRO", n(micros));
  }

  private static Row bucket(String name, long millis, long count) {
    return Row.of("EVENT", name, "WAIT_TIME_MILLI", n(millis), "WAIT_COUNT", n(count));
  }

  /** Over the window: 1000 LGWR writes of 0.8 ms, 4000 log file syncs of 2.5 ms. */
  private static RecordedRows instance() {
    return new RecordedRows()
        .answer(TIMED_SQL, Row.of("VALUE", "TRUE"))
        .answer(EVENTS_SQL, event("log file sync", 10_000, 20_000_000), event("log file parallel write", 5000, 3_000_000))
        .answer(EVENTS_SQL, event("log file sync", 14_000, 30_000_000), event("log file parallel write", 6000, 3_800_000))
        .answer(HISTOGRAM_SQL,
            bucket("log file parallel write", 1, 4000), bucket("log file parallel write", 2, 1000),
            bucket("log file sync", 1, 2000), bucket("log file sync", 2, 6000), bucket("log file sync", 4, 2000))
        .answer(HISTOGRAM_SQL,
            // parallel write: +900 below 1 ms, +95 in < 2 ms, +5 in < 8 ms (a bucket new since the begin).
            bucket("log file parallel write", 1, 4900), bucket("log file parallel write", 2, 1095),
            bucket("log file parallel write", 8, 5),
            // log file sync: +1000 < 1 ms, +2500 < 2 ms, +459 < 4 ms, +41 < 16 ms (a new bucket): the 3960th wait of 4000 is in < 16 ms.
            bucket("log file sync", 1, 3000), bucket("log file sync", 2, 8500), bucket("log file sync", 4, 2459),
            bucket("log file sync", 16, 41));
  }

  private static String reason(SourceReading r, String name) {
    return r.unmeasured().stream().filter(u -> u.name().equals(name)).map(UnmeasuredPart::reason).findFirst()
        .orElseThrow();
  }

  @Test
  void onRecordedRowsLgwrsWriteIsTheLogSyncPerEventWithBucketPercentiles() throws Exception {
    RecordedRows db = instance();
    CommitTimeSource source = OracleWaitSource.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    PartReading sync = r.parts().get(0);
    assertThat(r.parts()).singleElement();
    assertThat(sync.name()).isEqualTo("log_sync");
    assertThat(sync.basis()).isEqualTo(PartReading.Basis.PER_EVENT);
    assertThat(sync.millis()).isEqualTo(0.8);
    assertThat(sync.events()).isEqualTo(1000);
    assertThat(sync.p50Millis()).isEqualTo(1.0);
    assertThat(sync.p99Millis()).isEqualTo(2.0);
    assertThat(sync.source()).isEqualTo("V$SYSTEM_EVENT 'log file parallel write': LGWR's write, which on Oracle"
        + " includes the sync; mean per write, whole instance; p50 in the \u2264 1 ms bucket, p99 in the \u2264 2 ms"
        + " bucket (V$EVENT_HISTOGRAM upper bounds)");
    assertThat(db.asked()).containsExactly(TIMED_SQL, EVENTS_SQL, HISTOGRAM_SQL, EVENTS_SQL, HISTOGRAM_SQL);
    assertThat(r.cost()).containsExactly("4 queries on a connection of its own, at the window's begin and end");
  }

  @Test
  void onRecordedRowsLogFileSyncIsAViewAndNotSplitIntoAGroupCommitWait() throws Exception {
    CommitTimeSource source = OracleWaitSource.open(instance(), () -> {});

    source.begin();
    SourceReading r = source.end();

    LogIoView sync = r.views().get(0);
    assertThat(r.views()).singleElement();
    assertThat(sync.operation()).isEqualTo("log file sync");
    assertThat(sync.count()).isEqualTo(4000);
    assertThat(sync.meanMillis()).isEqualTo(2.5);
    assertThat(sync.p50Millis()).isEqualTo(2.0);
    assertThat(sync.p99Millis()).isEqualTo(16.0);
    assertThat(sync.source()).contains("whole instance");
    assertThat(reason(r, "group_commit_wait")).startsWith("'log file sync' less 'log file parallel write' mixes");
    assertThat(reason(r, "log_write")).isEqualTo("Oracle's LGWR writes and syncs the log in one I/O"
        + " ('log file parallel write'): its time is log_sync");
  }

  @Test
  void onRecordedRowsNoLgwrWriteInTheWindowLeavesTheLogSyncUnmeasured() throws Exception {
    RecordedRows db = instance()
        .answerInstead(EVENTS_SQL, event("log file sync", 10, 20_000), event("log file parallel write", 5, 3000));
    CommitTimeSource source = OracleWaitSource.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(r.parts()).isEmpty();
    assertThat(reason(r, "log_sync")).startsWith("V$SYSTEM_EVENT shows no 'log file parallel write' over the window");
  }

  @Test
  void onRecordedRowsAnEventNeverWaitedForBeforeTheWindowCountsFromZero() throws Exception {
    RecordedRows db = instance().answerInstead(EVENTS_SQL)
        .answer(EVENTS_SQL, event("log file parallel write", 10, 5000));
    CommitTimeSource source = OracleWaitSource.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(r.parts().get(0).millis()).isEqualTo(0.5);
    assertThat(r.parts().get(0).events()).isEqualTo(10);
  }

  @Test
  void onRecordedRowsWithoutTimedStatisticsNothingIsMeasuredAndTheReasonSaysWhy() throws Exception {
    RecordedRows db = instance().answerInstead(TIMED_SQL, Row.of("VALUE", "FALSE"));
    CommitTimeSource source = OracleWaitSource.open(db, () -> {});

    source.begin();
    SourceReading r = source.end();

    assertThat(r.unmeasured()).extracting(UnmeasuredPart::reason).containsOnly(OracleWaitSource.NOT_TIMED);
    assertThat(db.asked()).containsExactly(TIMED_SQL);
  }

  @Test
  void onRecordedRowsAFailedReadAtTheEndIsUnmeasuredWithTheMessage() throws Exception {
    RecordedRows db = instance().fail(EVENTS_SQL,
        new SQLException("ORA-00942: table or view does not exist", "42000", 942));
    // The queue now holds: begin's rows, end's rows, the failure; begin twice, so the end fails.
    CommitTimeSource source = OracleWaitSource.open(db, () -> {});

    source.begin();
    source.begin();
    SourceReading r = source.end();

    assertThat(r.parts()).isEmpty();
    assertThat(reason(r, "log_sync")).isEqualTo("reading V$SYSTEM_EVENT at the window's end failed:"
        + " ORA-00942: table or view does not exist");
  }

  @Test
  void theDialectHandsOutTheseWaits() {
    assertThat(new OracleDialect().server().commitWaits()).isInstanceOf(OracleCommitWaits.class);
  }
}
