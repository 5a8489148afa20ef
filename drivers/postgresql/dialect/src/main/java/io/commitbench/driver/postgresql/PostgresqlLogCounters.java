package io.commitbench.driver.postgresql;

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
import java.util.List;

/**
 * PostgreSQL's WAL counters. Canonical mapping:
 *
 * <ul>
 *   <li>{@code commits}: {@code pg_stat_database.xact_commit} summed over all databases, like the
 *       WAL, which is the cluster's (read-only transactions count too);
 *   <li>{@code log_bytes}: {@code pg_stat_wal.wal_bytes} (14+; the WAL insert position before);
 *   <li>{@code log_writes}, {@code log_syncs}, {@code log_write_time_ms}, {@code
 *       log_sync_time_ms}: {@code pg_stat_wal.wal_write, wal_sync, wal_write_time, wal_sync_time}
 *       on 14 to 17; on 18+, where those columns are gone, {@code pg_stat_io} rows of object
 *       {@code wal}, context {@code normal}, summed over backend types ({@code writes}, {@code
 *       fsyncs}, {@code write_time}, {@code fsync_time}). The times are absent when {@code
 *       track_wal_io_timing} is off: the server then keeps them at 0, which would read as "free".
 * </ul>
 *
 * <p>Product counters: every column of {@code pg_stat_wal} as {@code pg_stat_wal.<column>},
 * {@code pg_stat_database.xact_commit}, {@code .xact_rollback} and {@code
 * .xact_commit.current_database}, {@code pg_current_wal_insert_lsn} (bytes of WAL ever inserted,
 * exact at once), and on 18+ {@code pg_stat_io.wal.<context>.<column>}.
 *
 * <p>Reset marks ({@link ResetMark}): {@code pg_postmaster_start_time()}, which a restart moves
 * (a crash restart also discards every statistic); and the {@code stats_reset} of {@code
 * pg_stat_database} (the latest over its rows), of {@code pg_stat_wal} (14+) and of {@code
 * pg_stat_io}'s WAL rows (18+), which {@code pg_stat_reset()} and {@code pg_stat_reset_shared()}
 * move, each covering the counters read from its view.
 *
 * <p>PostgreSQL 15+ publishes a session's counts when it goes idle, at most once a second, and an
 * idle session's leftovers only after 10 s or when it ends. So the harness reads the end snapshot
 * after closing the actors' connections, and this reader first waits until their sessions have
 * left the server (see {@link #LATER_SESSIONS_SQL}). Before reading, {@code
 * pg_stat_force_next_flush()} (15+) makes the admin session publish its own counts (it changes
 * nothing else). Stateless and thread-safe.
 */
final class PostgresqlLogCounters implements LogCounters {

  static final String SETTINGS_SQL = "SELECT current_setting('server_version_num')::int AS server_version_num,"
      + " current_setting('server_version') AS server_version,"
      + " current_setting('track_wal_io_timing', true) AS track_wal_io_timing";
  static final String FLUSH_SQL = "SELECT pg_stat_force_next_flush()";
  static final String DATABASE_SQL = "SELECT sum(xact_commit) AS xact_commit, sum(xact_rollback) AS xact_rollback,"
      + " sum(xact_commit) FILTER (WHERE datname = current_database()) AS xact_commit_current_database"
      + " FROM pg_stat_database";
  static final String WAL_SQL = "SELECT wal_records, wal_fpi, wal_bytes, wal_buffers_full,"
      + " wal_write, wal_sync, wal_write_time, wal_sync_time FROM pg_stat_wal";
  static final String WAL_SQL_18 = "SELECT wal_records, wal_fpi, wal_bytes, wal_buffers_full FROM pg_stat_wal";
  static final String IO_WAL_SQL_18 = "SELECT context, sum(writes) AS writes, sum(write_bytes) AS write_bytes,"
      + " sum(write_time) AS write_time, sum(fsyncs) AS fsyncs, sum(fsync_time) AS fsync_time"
      + " FROM pg_stat_io WHERE object = 'wal' GROUP BY context ORDER BY context";
  /** Since when the counters count, as epoch seconds; see {@link #resetsSql}. */
  static final String RESETS_SQL = "SELECT extract(epoch FROM pg_postmaster_start_time()) AS postmaster_start,"
      + " (SELECT extract(epoch FROM max(stats_reset)) FROM pg_stat_database) AS database_reset";
  static final String RESETS_SQL_14 = RESETS_SQL
      + ", (SELECT extract(epoch FROM stats_reset) FROM pg_stat_wal) AS wal_reset";
  static final String RESETS_SQL_18 = RESETS_SQL_14
      + ", (SELECT extract(epoch FROM max(stats_reset)) FROM pg_stat_io WHERE object = 'wal') AS io_reset";
  static final String LSN_SQL = "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0') AS wal_insert_lsn_bytes";

  /**
   * Sessions of commitbench (the dialect names every connection so) other than this one that
   * started after it: the run's actors, and those of runs started later.
   */
  static final String LATER_SESSIONS_SQL = "SELECT count(*) AS sessions FROM pg_stat_activity"
      + " WHERE application_name = 'commitbench' AND pid <> pg_backend_pid()"
      + " AND backend_start >= (SELECT backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid())";

  static final long SESSIONS_GONE_WAIT_MILLIS = 2_000;
  private static final long SESSIONS_POLL_MILLIS = 10;

  /** pg_stat_wal (and track_wal_io_timing) appeared in 14. */
  static final int PG14 = 140000;
  static final int PG15 = 150000;
  /** 18 moved WAL I/O from pg_stat_wal to pg_stat_io. */
  static final int PG18 = 180000;

  private static final List<String> IO_CONTEXTS = List.of("normal", "init");
  private static final List<String> IO_COLUMNS = List.of("writes", "write_bytes", "write_time", "fsyncs", "fsync_time");

  @Override
  public CounterSnapshot read(Connection admin) throws SQLException {
    return read(RowSource.of(admin), false);
  }

  @Override
  public CounterSnapshot read(Connection admin, CounterContext context) throws SQLException {
    return read(RowSource.of(admin), context.sessionsEnded());
  }

  /**
   * Reads through {@code db}: a connection in a run, recorded rows in a test.
   *
   * @param sessionsEnded the run closed its sessions: first wait until the server has let them go
   */
  CounterSnapshot read(RowSource db, boolean sessionsEnded) throws SQLException {
    if (sessionsEnded) {
      awaitSessionsGone(db);
    }
    Instant at = Instant.now();
    Row settings = db.query(SETTINGS_SQL).get(0);
    int version = settings.number("server_version_num").intValue();
    String versionText = settings.text("server_version");
    boolean timed = "on".equals(settings.text("track_wal_io_timing"));
    if (version >= PG15) {
      db.query(FLUSH_SQL);
    }
    CounterSet set = new CounterSet();
    commits(db, set);
    Double lsn = lsn(db, set);
    if (version < PG14) {
      set.value(LOG_BYTES, lsn, "bytes", "pg_current_wal_insert_lsn could not be read");
      String reason = "pg_stat_wal exists from PostgreSQL 14 on; this server is " + versionText;
      for (String name : List.of(LOG_WRITES, LOG_SYNCS)) {
        set.absent(name, "count", reason);
      }
      set.absent(LOG_WRITE_TIME_MS, "ms", reason).absent(LOG_SYNC_TIME_MS, "ms", reason);
    } else if (version < PG18) {
      walUpTo17(db, set, timed);
      ioAbsent(set, "pg_stat_io has rows for the WAL from PostgreSQL 18 on; this server is " + versionText);
    } else {
      wal18(db, set);
      io18(db, set, timed);
    }
    resets(db, set, version);
    return set.snapshot(at);
  }

  static String resetsSql(int version) {
    return version >= PG18 ? RESETS_SQL_18 : version >= PG14 ? RESETS_SQL_14 : RESETS_SQL;
  }

  /** The reset marks; none when they cannot be read (the counters are then not checked against them). */
  private static void resets(RowSource db, CounterSet set, int version) {
    Row row;
    try {
      row = db.query(resetsSql(version)).get(0);
    } catch (SQLException e) {
      return;
    }
    Instant started = ResetMark.epochSeconds(row.number("postmaster_start"));
    if (started != null) {
      set.reset(ResetMark.serverStart("pg_postmaster_start_time()", started, null));
    }
    set.reset(ResetMark.statsReset("pg_stat_database.stats_reset", ResetMark.epochSeconds(row.number("database_reset")),
        List.of(COMMITS, "pg_stat_database.xact_commit", "pg_stat_database.xact_rollback",
            "pg_stat_database.xact_commit.current_database")));
    if (version >= PG14) {
      List<String> wal = new java.util.ArrayList<>(List.of(LOG_BYTES, "pg_stat_wal.wal_records", "pg_stat_wal.wal_fpi",
          "pg_stat_wal.wal_bytes", "pg_stat_wal.wal_buffers_full"));
      if (version < PG18) {
        wal.addAll(List.of(LOG_WRITES, LOG_SYNCS, LOG_WRITE_TIME_MS, LOG_SYNC_TIME_MS, "pg_stat_wal.wal_write",
            "pg_stat_wal.wal_sync", "pg_stat_wal.wal_write_time", "pg_stat_wal.wal_sync_time"));
      }
      set.reset(ResetMark.statsReset("pg_stat_wal.stats_reset", ResetMark.epochSeconds(row.number("wal_reset")), wal));
    }
    if (version >= PG18) {
      List<String> io = new java.util.ArrayList<>(List.of(LOG_WRITES, LOG_SYNCS, LOG_WRITE_TIME_MS, LOG_SYNC_TIME_MS));
      for (String context : IO_CONTEXTS) {
        IO_COLUMNS.forEach(column -> io.add("pg_stat_io.wal." + context + "." + column));
      }
      set.reset(ResetMark.statsReset("pg_stat_io.stats_reset", ResetMark.epochSeconds(row.number("io_reset")), io));
    }
  }

  /**
   * A session publishes its last counts as it exits, before it leaves pg_stat_activity; a client
   * that closed its connection does not wait for that. So wait, at most {@link #SESSIONS_GONE_WAIT_MILLIS},
   * until no commitbench session that started after this one is left (other runs on the server may
   * keep theirs: then the wait ends at its limit, and the counters are read anyway).
   */
  private static void awaitSessionsGone(RowSource db) throws SQLException {
    long deadline = System.nanoTime() + SESSIONS_GONE_WAIT_MILLIS * 1_000_000L;
    while (db.query(LATER_SESSIONS_SQL).get(0).number("sessions") > 0 && System.nanoTime() < deadline) {
      try {
        Thread.sleep(SESSIONS_POLL_MILLIS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private static void commits(RowSource db, CounterSet set) {
    try {
      Row row = db.query(DATABASE_SQL).get(0);
      set.value(COMMITS, row.number("xact_commit"), "count", "pg_stat_database has no rows");
      set.value("pg_stat_database.xact_commit", row.number("xact_commit"), "count", "pg_stat_database has no rows");
      set.value("pg_stat_database.xact_rollback", row.number("xact_rollback"), "count", "pg_stat_database has no rows");
      set.value("pg_stat_database.xact_commit.current_database", row.number("xact_commit_current_database"), "count",
          "pg_stat_database has no row for the current database");
    } catch (SQLException e) {
      String reason = CounterSet.failure("pg_stat_database", e);
      for (String name : List.of(COMMITS, "pg_stat_database.xact_commit", "pg_stat_database.xact_rollback",
          "pg_stat_database.xact_commit.current_database")) {
        set.absent(name, "count", reason);
      }
    }
  }

  private static Double lsn(RowSource db, CounterSet set) {
    try {
      Double bytes = db.query(LSN_SQL).get(0).number("wal_insert_lsn_bytes");
      set.value("pg_current_wal_insert_lsn", bytes, "bytes", "NULL");
      return bytes;
    } catch (SQLException e) {
      // On a standby: "recovery is in progress".
      set.absent("pg_current_wal_insert_lsn", "bytes", CounterSet.failure("pg_current_wal_insert_lsn()", e));
      return null;
    }
  }

  private static void walUpTo17(RowSource db, CounterSet set, boolean timed) {
    try {
      Row row = db.query(WAL_SQL).get(0);
      set.value(LOG_BYTES, row.number("wal_bytes"), "bytes", "NULL");
      set.value(LOG_WRITES, row.number("wal_write"), "count", "NULL");
      set.value(LOG_SYNCS, row.number("wal_sync"), "count", "NULL");
      time(set, LOG_WRITE_TIME_MS, row.number("wal_write_time"), timed);
      time(set, LOG_SYNC_TIME_MS, row.number("wal_sync_time"), timed);
      walColumns(set, row, List.of("wal_records", "wal_fpi", "wal_bytes", "wal_buffers_full", "wal_write", "wal_sync"));
      time(set, "pg_stat_wal.wal_write_time", row.number("wal_write_time"), timed);
      time(set, "pg_stat_wal.wal_sync_time", row.number("wal_sync_time"), timed);
    } catch (SQLException e) {
      String reason = CounterSet.failure("pg_stat_wal", e);
      set.absent(LOG_BYTES, "bytes", reason).absent(LOG_WRITES, "count", reason).absent(LOG_SYNCS, "count", reason)
          .absent(LOG_WRITE_TIME_MS, "ms", reason).absent(LOG_SYNC_TIME_MS, "ms", reason);
    }
  }

  private static void wal18(RowSource db, CounterSet set) {
    try {
      Row row = db.query(WAL_SQL_18).get(0);
      set.value(LOG_BYTES, row.number("wal_bytes"), "bytes", "NULL");
      walColumns(set, row, List.of("wal_records", "wal_fpi", "wal_bytes", "wal_buffers_full"));
    } catch (SQLException e) {
      set.absent(LOG_BYTES, "bytes", CounterSet.failure("pg_stat_wal", e));
    }
  }

  private static void io18(RowSource db, CounterSet set, boolean timed) {
    try {
      List<Row> rows = db.query(IO_WAL_SQL_18);
      for (String context : IO_CONTEXTS) {
        Row row = rows.stream().filter(r -> context.equals(r.text("context"))).findFirst().orElse(null);
        String missing = "pg_stat_io has no row of object 'wal', context '" + context + "'";
        for (String column : IO_COLUMNS) {
          String name = "pg_stat_io.wal." + context + "." + column;
          Double value = row == null ? null : row.number(column);
          if (column.endsWith("_time")) {
            if (row == null) {
              set.absent(name, "ms", missing);
            } else {
              time(set, name, value, timed);
            }
          } else {
            set.value(name, value, column.equals("write_bytes") ? "bytes" : "count", row == null ? missing : "NULL");
          }
        }
      }
      set.copy("pg_stat_io.wal.normal.writes", LOG_WRITES);
      set.copy("pg_stat_io.wal.normal.fsyncs", LOG_SYNCS);
      set.copy("pg_stat_io.wal.normal.write_time", LOG_WRITE_TIME_MS);
      set.copy("pg_stat_io.wal.normal.fsync_time", LOG_SYNC_TIME_MS);
    } catch (SQLException e) {
      String reason = CounterSet.failure("pg_stat_io", e);
      set.absent(LOG_WRITES, "count", reason).absent(LOG_SYNCS, "count", reason)
          .absent(LOG_WRITE_TIME_MS, "ms", reason).absent(LOG_SYNC_TIME_MS, "ms", reason);
      ioAbsent(set, reason);
    }
  }

  private static void ioAbsent(CounterSet set, String reason) {
    for (String column : IO_COLUMNS) {
      String unit = column.endsWith("_time") ? "ms" : column.equals("write_bytes") ? "bytes" : "count";
      set.absent("pg_stat_io.wal.normal." + column, unit, reason);
    }
  }

  private static void walColumns(CounterSet set, Row row, List<String> columns) {
    for (String column : columns) {
      set.value("pg_stat_wal." + column, row.number(column), column.equals("wal_bytes") ? "bytes" : "count", "NULL");
    }
  }

  /** A WAL time in ms, or absent when the server does not time WAL I/O. */
  private static void time(CounterSet set, String name, Double ms, boolean timed) {
    if (!timed) {
      set.absent(name, "ms", "track_wal_io_timing is off: the server does not time WAL I/O (it reads 0)");
    } else {
      set.value(name, ms, "ms", "NULL");
    }
  }
}
