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
 *   <li>{@code log_write_time_ms}, {@code log_sync_time_ms}: always absent, the status counters
 *       keep no time;
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
 * <p>Every status variable read is also reported under its own name. Stateless and thread-safe.
 */
final class MariadbLogCounters implements LogCounters {

  static final String STATUS_SQL = "SHOW GLOBAL STATUS WHERE Variable_name IN ("
      + "'Com_commit', 'Com_rollback', 'Handler_commit', 'Handler_rollback',"
      + " 'Com_insert', 'Com_update', 'Com_delete', 'Com_select',"
      + " 'Innodb_os_log_written', 'Innodb_log_writes', 'Innodb_log_write_requests', 'Innodb_log_waits',"
      + " 'Innodb_lsn_current', 'Innodb_os_log_fsyncs', 'Innodb_data_fsyncs')";

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

  private static final String NO_TIME = "MariaDB's status counters keep no redo log write or sync time";

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
    set.absent(LOG_WRITE_TIME_MS, "ms", NO_TIME).absent(LOG_SYNC_TIME_MS, "ms", NO_TIME);
    for (String[] variable : STATUS) {
      set.value(variable[0], value(status, variable[0]), variable[1], missing(variable[0]));
    }
    return set.snapshot(at);
  }

  private static Double value(Map<String, Row> status, String variable) {
    Row row = status.get(variable);
    return row == null ? null : row.number("value");
  }

  private static String missing(String variable) {
    return "this server has no status variable " + variable;
  }
}
