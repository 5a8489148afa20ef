package io.commitbench.driver.oracle;

import static io.commitbench.driver.oracle.OracleLogCounters.EVENTS_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.HISTOGRAM_SQL;
import static io.commitbench.driver.oracle.OracleLogCounters.TIMED_SQL;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SnapshotSource;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The instance's {@code log file sync} and {@code log file parallel write} over the window, read
 * at its begin and end on a connection of its own. As a DBA reads them:
 *
 * <ul>
 *   <li>{@code log file parallel write} is LGWR's I/O: it writes the redo to every member of the
 *       current group and waits for the writes to complete, which on Oracle's synchronous (or
 *       waited-for asynchronous) log writes includes the sync. Its mean per write is {@code
 *       log_sync}, per event: each commit waits for one such write that covers its redo;
 *   <li>{@code log file sync} is what a committing session waits: from posting LGWR to being
 *       posted back, so LGWR's write plus its wake-up, a wait for LGWR's previous write when the
 *       commit missed it, and the post and the session's wake-up (or polling, under adaptive log
 *       file sync). That remainder is not only a wait for another session's flush, so it is not
 *       {@code group_commit_wait}: {@code log file sync} is a view beside the parts, to compare;
 *   <li>{@code log_write} has no event of its own: the write and the sync are one I/O.
 * </ul>
 *
 * <p>Percentiles come from the difference of V$EVENT_HISTOGRAM's buckets and are bucket upper
 * bounds. Every figure is the whole instance's: other sessions' commits count too.
 */
final class OracleWaitSource extends SnapshotSource<OracleWaitSource.Snapshot> {

  static final String SYNC = "log file sync";
  static final String PARALLEL_WRITE = "log file parallel write";

  static final String LOG_WRITE_REASON = "Oracle's LGWR writes and syncs the log in one I/O ('log file parallel"
      + " write'): its time is log_sync";
  static final String GROUP_REASON = "'log file sync' less 'log file parallel write' mixes the wait for LGWR's"
      + " previous write with LGWR's post and the session's wake-up (or polling, under adaptive log file sync);"
      + " 'log file sync' is shown as a view, not split";
  static final String NOT_TIMED = "timed_statistics is FALSE: the instance times no wait (set timed_statistics=TRUE;"
      + " STATISTICS_LEVEL TYPICAL or ALL implies it)";

  private static final List<String> PARTS = List.of(CommitParts.LOG_WRITE, CommitParts.LOG_SYNC,
      CommitParts.GROUP_COMMIT_WAIT);

  private final RowSource db;
  private int queries;

  private OracleWaitSource(RowSource db, Closer closer) {
    super("V$SYSTEM_EVENT", PARTS, closer);
    this.db = db;
  }

  /** The source, or one that measures nothing when the instance times no wait. */
  static CommitTimeSource open(RowSource db, Closer closer) throws SQLException {
    List<Row> timed = db.query(TIMED_SQL);
    if (!timed.isEmpty() && "FALSE".equalsIgnoreCase(timed.get(0).text("value"))) {
      closer.close();
      return CommitTimeSource.unavailable("wait events", PARTS, NOT_TIMED);
    }
    return new OracleWaitSource(db, closer);
  }

  @Override
  public String name() {
    return "wait events";
  }

  @Override
  protected SourceReading between(Snapshot before, Snapshot after) {
    List<PartReading> parts = new ArrayList<>();
    List<UnmeasuredPart> unmeasured = new ArrayList<>();
    unmeasured.add(new UnmeasuredPart(CommitParts.LOG_WRITE, LOG_WRITE_REASON));
    Event write = after.event(PARALLEL_WRITE).since(before.event(PARALLEL_WRITE));
    OracleWaitHistogram writeBuckets = after.histogram(PARALLEL_WRITE).since(before.histogram(PARALLEL_WRITE));
    if (write.waits > 0) {
      parts.add(PartReading.perEvent(CommitParts.LOG_SYNC, write.meanMillis(), bound(writeBuckets, 0.5),
          bound(writeBuckets, 0.99), write.waits, "V$SYSTEM_EVENT '" + PARALLEL_WRITE + "': LGWR's write, which on"
              + " Oracle includes the sync; mean per write, whole instance" + percentiles(writeBuckets)));
    } else {
      unmeasured.add(new UnmeasuredPart(CommitParts.LOG_SYNC, "V$SYSTEM_EVENT shows no '" + PARALLEL_WRITE
          + "' over the window (from a PDB, LGWR's waits may be the root's only: read as a user of CDB$ROOT or of"
          + " a non-CDB)"));
    }
    unmeasured.add(new UnmeasuredPart(CommitParts.GROUP_COMMIT_WAIT, GROUP_REASON));
    List<LogIoView> views = new ArrayList<>();
    Event sync = after.event(SYNC).since(before.event(SYNC));
    OracleWaitHistogram syncBuckets = after.histogram(SYNC).since(before.histogram(SYNC));
    if (sync.waits > 0) {
      views.add(new LogIoView(SYNC, "log", sync.waits, sync.meanMillis(), bound(syncBuckets, 0.5),
          bound(syncBuckets, 0.99), "V$SYSTEM_EVENT '" + SYNC + "': what committing sessions waited for, LGWR's"
              + " write with its post and wake-up; whole instance" + percentiles(syncBuckets)));
    }
    return new SourceReading(parts, unmeasured, views, List.of(queriesCost(queries)));
  }

  private static Double bound(OracleWaitHistogram buckets, double fraction) {
    Long bound = buckets.percentileBound(fraction);
    return bound == null ? null : bound.doubleValue();
  }

  private static String percentiles(OracleWaitHistogram buckets) {
    Long p50 = buckets.percentileBound(0.5);
    Long p99 = buckets.percentileBound(0.99);
    if (p50 == null) {
      return "; no V$EVENT_HISTOGRAM waits, no percentiles";
    }
    return String.format(Locale.ROOT, "; p50 in the \u2264 %d ms bucket, p99 in the \u2264 %d ms bucket"
        + " (V$EVENT_HISTOGRAM upper bounds)", p50, p99);
  }

  @Override
  protected Snapshot read() throws SQLException {
    queries += 2;
    Map<String, Event> events = new HashMap<>();
    for (Row row : db.query(EVENTS_SQL)) {
      events.put(row.text("event"), new Event(count(row, "total_waits"), count(row, "time_waited_micro")));
    }
    List<Row> histogram = db.query(HISTOGRAM_SQL);
    return new Snapshot(events, Map.of(SYNC, OracleWaitHistogram.of(histogram, SYNC), PARALLEL_WRITE,
        OracleWaitHistogram.of(histogram, PARALLEL_WRITE)));
  }

  private static long count(Row row, String column) {
    Double value = row.number(column);
    return value == null ? 0 : value.longValue();
  }

  /** One event's waits and time; an event V$SYSTEM_EVENT does not list was never waited for. */
  private record Event(long waits, long micros) {
    Event since(Event before) {
      return new Event(waits - before.waits, micros - before.micros);
    }

    double meanMillis() {
      return micros / 1000.0 / waits;
    }
  }

  record Snapshot(Map<String, Event> events, Map<String, OracleWaitHistogram> histograms) {
    Event event(String name) {
      return events.getOrDefault(name, new Event(0, 0));
    }

    OracleWaitHistogram histogram(String name) {
      return histograms.get(name);
    }
  }
}
