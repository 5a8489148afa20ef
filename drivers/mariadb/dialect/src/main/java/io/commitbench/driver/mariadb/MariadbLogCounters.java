package io.commitbench.driver.mariadb;

import static io.commitbench.core.server.LogCounterNames.COMMITS;
import static io.commitbench.core.server.LogCounterNames.LOG_BYTES;
import static io.commitbench.core.server.LogCounterNames.LOG_SYNCS;
import static io.commitbench.core.server.LogCounterNames.LOG_SYNC_TIME_MS;
import static io.commitbench.core.server.LogCounterNames.LOG_WRITES;
import static io.commitbench.core.server.LogCounterNames.LOG_WRITE_TIME_MS;

import io.commitbench.core.server.CounterContext;
import io.commitbench.core.server.CounterSet;
import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.LogCounters;
import io.commitbench.core.server.ResetMark;
import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * MariaDB's InnoDB redo log counters from {@code SHOW GLOBAL STATUS}. Canonical mapping:
 *
 * <ul>
 *   <li>{@code log_bytes}: {@code Innodb_os_log_written}; {@code log_writes}: {@code
 *       Innodb_log_writes};
 *   <li>{@code log_syncs}: {@code Innodb_os_log_fsyncs} where the server has it; MariaDB 10.8
 *       removed it, and {@code Innodb_data_fsyncs} (a product counter here) counts the log's
 *       fsyncs together with the data files', so on 10.8+ it is absent;
 *   <li>{@code log_write_time_ms}, {@code log_sync_time_ms}: from performance_schema's file I/O
 *       waits on the redo log (instrument {@value MariadbDialect#REDO_LOG_INSTRUMENT}, {@code
 *       file_summary_by_instance} summed over its files): {@code SUM_TIMER_WRITE} and {@code
 *       SUM_TIMER_MISC}, picoseconds, as ms. performance_schema has no sync column: a file's syncs
 *       are among its "misc" operations (with open, close, stat), and on the open redo log during a
 *       run those are its syncs. Absent, with the reason, where performance_schema is OFF (a static
 *       variable, OFF by default), where the server registers no instrument for the redo log
 *       (MariaDB 10.11.19 has none: only {@code innodb_data_file} and {@code innodb_temp_file}),
 *       where the instrument is not enabled and timed, or where no redo log
 *       file is instrumented (the instrument was enabled after the server opened it). Never 0 for
 *       "not measured". The counts and bytes are also reported as {@code
 *       performance_schema.redo_log.<column>};
 *   <li>{@code commits}: depends on how the run's sessions commit, since no status counter counts
 *       transactions. {@code Com_commit} counts explicit {@code COMMIT} statements only, so it
 *       misses every autocommitted statement; {@code Handler_commit} counts each commit a storage
 *       engine makes, statement-level ones inside a transaction included. So: with autocommit,
 *       {@code Handler_commit} (one per statement that touched InnoDB, reads too: each is its own
 *       transaction); without it, {@code Com_commit}. Both are global: another session's work is
 *       counted too, and counted by the other rule (an autocommitting session elsewhere is missed
 *       by {@code Com_commit}; statements inside another session's transaction inflate {@code
 *       Handler_commit}). Read without knowing the mode, {@code commits} is absent.
 * </ul>
 *
 * <p>Reset marks ({@link ResetMark}): the server's start, the reading's time less {@code Uptime};
 * and the last {@code FLUSH STATUS}, the reading's time less {@code Uptime_since_flush_status},
 * which covers every status counter (FLUSH STATUS sets global status counters back to zero).
 *
 * <p>Every status variable read is also reported under its own name. Stateless and thread-safe.
 */
final class MariadbLogCounters implements LogCounters {

  static final String STATUS_SQL = "SHOW GLOBAL STATUS WHERE Variable_name IN ("
      + "'Com_commit', 'Com_rollback', 'Handler_commit', 'Handler_rollback',"
      + " 'Com_insert', 'Com_update', 'Com_delete', 'Com_select',"
      + " 'Innodb_os_log_written', 'Innodb_log_writes', 'Innodb_log_write_requests', 'Innodb_log_waits',"
      + " 'Innodb_lsn_current', 'Innodb_os_log_fsyncs', 'Innodb_data_fsyncs', 'Uptime', 'Uptime_since_flush_status')";

  /** Uptimes are whole seconds, so a start computed from one moves by up to a second between readings. */
  private static final java.time.Duration UPTIME_SLACK = java.time.Duration.ofSeconds(1);

  /** Product counters in report order, with their units. */
  static final List<String[]> STATUS = List.of(
      new String[] {"Com_commit", "count"},
      new String[] {"Com_rollback", "count"},
      new String[] {"Handler_commit", "count"},
      new String[] {"Handler_rollback", "count"},
      new String[] {"Com_insert", "count"},
      new String[] {"Com_update", "count"},
      new String[] {"Com_delete", "count"},
      new String[] {"Com_select", "count"},
      new String[] {"Innodb_os_log_written", "bytes"},
      new String[] {"Innodb_log_writes", "count"},
      new String[] {"Innodb_log_write_requests", "count"},
      new String[] {"Innodb_log_waits", "count"},
      new String[] {"Innodb_lsn_current", "bytes"},
      new String[] {"Innodb_os_log_fsyncs", "count"},
      new String[] {"Innodb_data_fsyncs", "count"});

  /** Whether performance_schema runs, and the version to name where it has no instrument for the redo log. */
  static final String PERFORMANCE_SCHEMA_SQL = "SELECT @@GLOBAL.performance_schema AS performance_schema,"
      + " @@GLOBAL.version AS version";
  static final String INSTRUMENT_SQL = "SELECT ENABLED, TIMED FROM performance_schema.setup_instruments"
      + " WHERE NAME = '" + MariadbDialect.REDO_LOG_INSTRUMENT + "'";
  /** The redo log's file I/O, summed over its files; {@code files} 0 when none is instrumented. */
  static final String REDO_IO_SQL = "SELECT COUNT(*) AS files, SUM(COUNT_WRITE) AS count_write,"
      + " SUM(SUM_NUMBER_OF_BYTES_WRITE) AS bytes_write, SUM(SUM_TIMER_WRITE) AS sum_timer_write,"
      + " SUM(COUNT_MISC) AS count_misc, SUM(SUM_TIMER_MISC) AS sum_timer_misc"
      + " FROM performance_schema.file_summary_by_instance WHERE EVENT_NAME = '" + MariadbDialect.REDO_LOG_INSTRUMENT + "'";

  /** performance_schema's product counters of the redo log, with their units. */
  static final List<String[]> REDO_IO = List.of(
      new String[] {"count_write", "count"},
      new String[] {"bytes_write", "bytes"},
      new String[] {"count_misc", "count"});

  private static final String REDO_IO_PREFIX = "performance_schema.redo_log.";
  private static final double PICOS_PER_MILLI = 1e9;
  private static final String NOT_AVAILABLE = "redo write/sync time not available ";

  /** Without the run's commit mode: {@code commits} is absent. */
  @Override
  public CounterSnapshot read(Connection admin) throws SQLException {
    return read(RowSource.of(admin), null);
  }

  @Override
  public CounterSnapshot read(Connection admin, CounterContext context) throws SQLException {
    return read(RowSource.of(admin), context.sessionsAutocommit());
  }

  /**
   * Reads through {@code db}: a connection in a run, recorded rows in a test.
   *
   * @param autocommit how the run's sessions commit; null when unknown
   */
  CounterSnapshot read(RowSource db, Boolean autocommit) throws SQLException {
    Instant at = Instant.now();
    Map<String, Row> status = new HashMap<>();
    for (Row row : db.query(STATUS_SQL)) {
      status.put(row.text("variable_name"), row);
    }
    CounterSet set = new CounterSet();
    if (autocommit == null) {
      set.absent(COMMITS, "count", "which status counter counts commits depends on whether the sessions autocommit");
    } else {
      String source = autocommit ? "Handler_commit" : "Com_commit";
      set.value(COMMITS, value(status, source), "count", missing(source));
    }
    set.value(LOG_BYTES, value(status, "Innodb_os_log_written"), "bytes", missing("Innodb_os_log_written"));
    set.value(LOG_WRITES, value(status, "Innodb_log_writes"), "count", missing("Innodb_log_writes"));
    set.value(LOG_SYNCS, value(status, "Innodb_os_log_fsyncs"), "count",
        "this server has no Innodb_os_log_fsyncs (MariaDB 10.8 removed it); Innodb_data_fsyncs counts the"
            + " log's fsyncs together with the data files'");
    for (String[] variable : STATUS) {
      set.value(variable[0], value(status, variable[0]), variable[1], missing(variable[0]));
    }
    redoTimes(db, set);
    Double uptime = value(status, "Uptime");
    if (uptime != null) {
      set.reset(ResetMark.serverStart("the server's start (Uptime)", at.minusSeconds(uptime.longValue()), UPTIME_SLACK));
    }
    Double sinceFlush = value(status, "Uptime_since_flush_status");
    if (sinceFlush != null) {
      List<String> flushed = new java.util.ArrayList<>(List.of(COMMITS, LOG_BYTES, LOG_WRITES, LOG_SYNCS));
      STATUS.forEach(variable -> flushed.add(variable[0]));
      set.reset(new ResetMark("the last FLUSH STATUS (Uptime_since_flush_status)",
          at.minusSeconds(sinceFlush.longValue()), UPTIME_SLACK, flushed));
    }
    return set.snapshot(at);
  }

  /** The redo log's write and sync time from performance_schema, or why there is none. */
  private static void redoTimes(RowSource db, CounterSet set) {
    String unavailable;
    try {
      unavailable = whyNotTimed(db);
      if (unavailable == null) {
        Row io = db.query(REDO_IO_SQL).get(0);
        if (io.number("files") == 0) {
          unavailable = NOT_AVAILABLE + "(no redo log file is instrumented: " + MariadbDialect.REDO_LOG_INSTRUMENT
              + " was enabled after the server opened the log; it must be on from the start)";
        } else {
          set.value(LOG_WRITE_TIME_MS, millis(io.number("sum_timer_write")), "ms", "NULL");
          set.value(LOG_SYNC_TIME_MS, millis(io.number("sum_timer_misc")), "ms", "NULL");
          for (String[] column : REDO_IO) {
            set.value(REDO_IO_PREFIX + column[0], io.number(column[0]), column[1], "NULL");
          }
          set.copy(LOG_WRITE_TIME_MS, REDO_IO_PREFIX + "write_time_ms");
          set.copy(LOG_SYNC_TIME_MS, REDO_IO_PREFIX + "misc_time_ms");
          return;
        }
      }
    } catch (SQLException e) {
      unavailable = NOT_AVAILABLE + "(" + CounterSet.failure("performance_schema", e) + ")";
    }
    set.absent(LOG_WRITE_TIME_MS, "ms", unavailable).absent(LOG_SYNC_TIME_MS, "ms", unavailable);
  }

  /** Null when the redo log's instrument is on and timed; otherwise the reason there is no time. */
  private static String whyNotTimed(RowSource db) throws SQLException {
    Row ps = db.query(PERFORMANCE_SCHEMA_SQL).get(0);
    String on = ps.text("performance_schema");
    if (!"1".equals(on) && !"ON".equalsIgnoreCase(on) && !"true".equalsIgnoreCase(on)) {
      return NOT_AVAILABLE + "(performance_schema=OFF: the server times no file I/O; it can only be set at"
          + " server start, as managed instances do)";
    }
    List<Row> instrument = db.query(INSTRUMENT_SQL);
    if (instrument.isEmpty()) {
      return NOT_AVAILABLE + "(this server, " + ps.text("version") + ", has no performance_schema instrument for"
          + " the redo log, " + MariadbDialect.REDO_LOG_INSTRUMENT + ")";
    }
    String enabled = instrument.get(0).text("enabled");
    String timed = instrument.get(0).text("timed");
    if (!"YES".equalsIgnoreCase(enabled) || !"YES".equalsIgnoreCase(timed)) {
      return NOT_AVAILABLE + "(performance_schema's " + MariadbDialect.REDO_LOG_INSTRUMENT + " is ENABLED=" + enabled
          + ", TIMED=" + timed + "; it must be both from server start)";
    }
    return null;
  }

  private static Double millis(Double picoseconds) {
    return picoseconds == null ? null : picoseconds / PICOS_PER_MILLI;
  }

  private static Double value(Map<String, Row> status, String variable) {
    Row row = status.get(variable);
    return row == null ? null : row.number("value");
  }

  private static String missing(String variable) {
    return "this server has no status variable " + variable;
  }
}
