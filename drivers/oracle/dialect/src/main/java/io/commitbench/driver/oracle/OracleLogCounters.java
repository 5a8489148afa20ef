package io.commitbench.driver.oracle;

import static io.commitbench.core.server.LogCounterNames.COMMITS;
import static io.commitbench.core.server.LogCounterNames.LOG_BYTES;
import static io.commitbench.core.server.LogCounterNames.LOG_SYNCS;
import static io.commitbench.core.server.LogCounterNames.LOG_SYNC_TIME_MS;
import static io.commitbench.core.server.LogCounterNames.LOG_WRITES;
import static io.commitbench.core.server.LogCounterNames.LOG_WRITE_TIME_MS;

import io.commitbench.core.server.CounterSet;
import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.LogCounters;
import io.commitbench.core.server.ResetMark;
import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Oracle's redo counters from the dynamic performance views (SELECT_CATALOG_ROLE or SELECT ANY
 * DICTIONARY). Canonical mapping:
 *
 * <ul>
 *   <li>{@code commits}: V$SYSSTAT {@code user commits}; {@code log_bytes}: {@code redo size}
 *       (redo generated; {@code redo wastage} is a product counter); {@code log_writes}: {@code
 *       redo writes} (LGWR's writes);
 *   <li>{@code log_syncs} and {@code log_sync_time_ms}: the wait event {@code log file sync}
 *       (V$SYSTEM_EVENT waits and time): what a committing session waits for, LGWR's write and
 *       the wake-up;
 *   <li>{@code log_write_time_ms}: the wait event {@code log file parallel write}, LGWR's I/O.
 * </ul>
 *
 * <p>The times are absent when {@code timed_statistics} is FALSE. V$SYSTEM_EVENT lists an event
 * only once it was waited for, and V$EVENT_HISTOGRAM a bucket only up to the longest wait so
 * far: a row that is not there has no waits, so it reads 0 (the counter exists, it is not
 * absent). Product counters: each event's {@code total_waits} and {@code time_waited_ms}, its
 * histogram buckets {@code oracle.<event>.histogram.lt_<n>ms} (waits shorter than n ms and at
 * least n/2; {@code ge_32768ms} for the rest), the V$SYSSTAT figures, and {@code
 * oracle.log_switches}: the sum over threads of the highest V$LOG_HISTORY sequence number, whose
 * difference is the number of log switches. Reset mark ({@link ResetMark}): {@code
 * V$INSTANCE.STARTUP_TIME}, which a restart of the instance moves. Stateless and thread-safe.
 */
final class OracleLogCounters implements LogCounters {

  static final String EVENTS_SQL = "SELECT event, total_waits, time_waited_micro FROM v$system_event"
      + " WHERE event IN ('log file sync', 'log file parallel write')";
  static final String HISTOGRAM_SQL = "SELECT event, wait_time_milli, wait_count FROM v$event_histogram"
      + " WHERE event IN ('log file sync', 'log file parallel write') ORDER BY event, wait_time_milli";
  static final String SYSSTAT_SQL = "SELECT name, value FROM v$sysstat WHERE name IN ('user commits',"
      + " 'redo size', 'redo wastage', 'redo writes', 'redo synch writes', 'redo synch time', 'redo write time')";
  static final String LOG_HISTORY_SQL = "SELECT thread#, MAX(sequence#) AS last_sequence FROM v$log_history"
      + " GROUP BY thread#";
  /** The instance's start as epoch seconds of its own clock: only whether it moved counts. */
  static final String STARTUP_SQL = "SELECT (startup_time - DATE '1970-01-01') * 86400 AS startup_epoch FROM v$instance";
  static final String TIMED_SQL = "SELECT value FROM v$parameter WHERE name = 'timed_statistics'";

  static final List<String> EVENTS = List.of("log file sync", "log file parallel write");

  /** Histogram bucket bounds in ms: 1, 2, 4, ... 32768; longer waits go to one last bucket. */
  static final int LAST_BUCKET_MS = 32768;

  /** V$SYSSTAT name, product counter name, unit, factor to that unit. */
  private static final List<Object[]> SYSSTAT = List.of(
      new Object[] {"user commits", "oracle.sysstat.user_commits", "count", 1.0},
      new Object[] {"redo size", "oracle.sysstat.redo_size", "bytes", 1.0},
      new Object[] {"redo wastage", "oracle.sysstat.redo_wastage", "bytes", 1.0},
      new Object[] {"redo writes", "oracle.sysstat.redo_writes", "count", 1.0},
      new Object[] {"redo synch writes", "oracle.sysstat.redo_synch_writes", "count", 1.0},
      // V$SYSSTAT times are centiseconds.
      new Object[] {"redo synch time", "oracle.sysstat.redo_synch_time_ms", "ms", 10.0},
      new Object[] {"redo write time", "oracle.sysstat.redo_write_time_ms", "ms", 10.0});

  @Override
  public CounterSnapshot read(Connection admin) throws SQLException {
    return read(RowSource.of(admin));
  }

  /** Reads through {@code db}: a connection in a run, recorded rows in a test. */
  CounterSnapshot read(RowSource db) throws SQLException {
    Instant at = Instant.now();
    CounterSet set = new CounterSet();
    String untimed = untimed(db);
    sysstat(db, set);
    events(db, set, untimed);
    histogram(db, set);
    logSwitches(db, set);
    startup(db, set);
    return set.snapshot(at);
  }

  /** The instance's start as the reset mark of every counter; none when V$INSTANCE cannot be read. */
  private static void startup(RowSource db, CounterSet set) {
    try {
      List<Row> rows = db.query(STARTUP_SQL);
      Double epoch = rows.isEmpty() ? null : rows.get(0).number("startup_epoch");
      if (epoch != null) {
        set.reset(ResetMark.serverStart("V$INSTANCE.STARTUP_TIME", ResetMark.epochSeconds(epoch), null));
      }
    } catch (SQLException e) {
      // Without it a counter that went down still marks every counter as unusable.
    }
  }

  /** Why times are absent, or null when the instance times waits. */
  private static String untimed(RowSource db) {
    try {
      List<Row> rows = db.query(TIMED_SQL);
      boolean off = !rows.isEmpty() && "FALSE".equalsIgnoreCase(rows.get(0).text("value"));
      return off ? "timed_statistics is FALSE, so the instance does not time waits" : null;
    } catch (SQLException e) {
      return null; // cannot tell; the default (TRUE with statistics_level TYPICAL) is assumed
    }
  }

  private static void sysstat(RowSource db, CounterSet set) {
    List<Row> rows;
    try {
      rows = db.query(SYSSTAT_SQL);
    } catch (SQLException e) {
      String reason = CounterSet.failure("V$SYSSTAT", e);
      set.absent(COMMITS, "count", reason).absent(LOG_BYTES, "bytes", reason).absent(LOG_WRITES, "count", reason);
      SYSSTAT.forEach(s -> set.absent((String) s[1], (String) s[2], reason));
      return;
    }
    for (Object[] s : SYSSTAT) {
      Row row = rows.stream().filter(r -> s[0].equals(r.text("name"))).findFirst().orElse(null);
      Double value = row == null || row.number("value") == null ? null : row.number("value") * (Double) s[3];
      set.value((String) s[1], value, (String) s[2], "V$SYSSTAT has no statistic '" + s[0] + "'");
    }
    set.copy("oracle.sysstat.user_commits", COMMITS);
    set.copy("oracle.sysstat.redo_size", LOG_BYTES);
    set.copy("oracle.sysstat.redo_writes", LOG_WRITES);
  }

  private static void events(RowSource db, CounterSet set, String untimed) {
    List<Row> rows;
    try {
      rows = db.query(EVENTS_SQL);
    } catch (SQLException e) {
      String reason = CounterSet.failure("V$SYSTEM_EVENT", e);
      set.absent(LOG_SYNCS, "count", reason).absent(LOG_WRITE_TIME_MS, "ms", reason)
          .absent(LOG_SYNC_TIME_MS, "ms", reason);
      for (String event : EVENTS) {
        set.absent(prefix(event) + ".total_waits", "count", reason).absent(prefix(event) + ".time_waited_ms", "ms", reason);
      }
      return;
    }
    for (String event : EVENTS) {
      Row row = rows.stream().filter(r -> event.equals(r.text("event"))).findFirst().orElse(null);
      // No row: never waited for since startup.
      double waits = row == null ? 0 : orZero(row.number("total_waits"));
      double ms = row == null ? 0 : orZero(row.number("time_waited_micro")) / 1000.0;
      set.value(prefix(event) + ".total_waits", waits, "count", "");
      if (untimed != null) {
        set.absent(prefix(event) + ".time_waited_ms", "ms", untimed);
      } else {
        set.value(prefix(event) + ".time_waited_ms", ms, "ms", "");
      }
    }
    set.copy("oracle.log_file_sync.total_waits", LOG_SYNCS);
    set.copy("oracle.log_file_parallel_write.time_waited_ms", LOG_WRITE_TIME_MS);
    set.copy("oracle.log_file_sync.time_waited_ms", LOG_SYNC_TIME_MS);
  }

  private static void histogram(RowSource db, CounterSet set) {
    List<Row> rows;
    String reason = null;
    try {
      rows = db.query(HISTOGRAM_SQL);
    } catch (SQLException e) {
      rows = List.of();
      reason = CounterSet.failure("V$EVENT_HISTOGRAM", e);
    }
    for (String event : EVENTS) {
      double[] counts = new double[Integer.numberOfTrailingZeros(LAST_BUCKET_MS) + 2];
      for (Row row : rows) {
        if (event.equals(row.text("event"))) {
          double bound = orZero(row.number("wait_time_milli"));
          int bucket = bound >= LAST_BUCKET_MS * 2.0 ? counts.length - 1 : bucketIndex(bound);
          counts[bucket] += orZero(row.number("wait_count"));
        }
      }
      for (int i = 0; i < counts.length; i++) {
        String name = prefix(event) + ".histogram." + (i == counts.length - 1 ? "ge_" + LAST_BUCKET_MS + "ms"
            : "lt_" + (1 << i) + "ms");
        if (reason != null) {
          set.absent(name, "count", reason);
        } else {
          set.value(name, counts[i], "count", "");
        }
      }
    }
  }

  /** Bucket of the bound 1, 2, 4, ...: its power of two (a bound between powers rounds up). */
  private static int bucketIndex(double bound) {
    int index = 0;
    while ((1L << index) < bound) {
      index++;
    }
    return index;
  }

  private static void logSwitches(RowSource db, CounterSet set) {
    try {
      double sum = 0;
      for (Row row : db.query(LOG_HISTORY_SQL)) {
        sum += orZero(row.number("last_sequence"));
      }
      set.value("oracle.log_switches", sum, "count", "");
    } catch (SQLException e) {
      set.absent("oracle.log_switches", "count", CounterSet.failure("V$LOG_HISTORY", e));
    }
  }

  /** {@code log file sync} becomes {@code oracle.log_file_sync}. */
  static String prefix(String event) {
    return "oracle." + event.replace(' ', '_').toLowerCase(Locale.ROOT);
  }

  private static double orZero(Double value) {
    return value == null ? 0 : value;
  }
}
