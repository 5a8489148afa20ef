package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.LogFiles;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.List;

/**
 * The server's WAL writes and syncs over a window, with their mean time, as views beside the
 * commit's parts. Whole server: the WAL writer's and every other session's count too. Read with
 * {@link PostgresqlLogCounters}' queries: {@code pg_stat_wal} on 14 to 17, {@code pg_stat_io}'s
 * WAL rows of context {@code normal} on 18+. The times exist only with {@code
 * track_wal_io_timing} on; without it the views are left out and said so. A session publishes
 * its counts when it goes idle, at most once a second, so each end of the window may lag by up to
 * a second of the busiest sessions' I/O.
 */
final class PostgresqlWalIoWindow {

  /** The name under which the missing times are reported. */
  static final String TIMING = "pg_stat_wal_timing";

  /** The counts and times at one moment; times null when the server does not time WAL I/O. */
  record WalIo(double writes, Double writeMillis, double syncs, Double syncMillis, String source) {}

  /** The server's counts now; null with {@code missing} set when it has none. */
  static WalIo read(RowSource db, StringBuilder missing) throws SQLException {
    Row settings = db.query(PostgresqlLogCounters.SETTINGS_SQL).get(0);
    int version = settings.number("server_version_num").intValue();
    boolean timed = "on".equals(settings.text("track_wal_io_timing"));
    if (version < PostgresqlLogCounters.PG14) {
      missing.append("pg_stat_wal exists from PostgreSQL 14 on; this server is ")
          .append(settings.text("server_version"));
      return null;
    }
    if (version < PostgresqlLogCounters.PG18) {
      Row row = db.query(PostgresqlLogCounters.WAL_SQL).get(0);
      return new WalIo(row.number("wal_write"), timed ? row.number("wal_write_time") : null, row.number("wal_sync"),
          timed ? row.number("wal_sync_time") : null, "pg_stat_wal (whole server)");
    }
    Row row = db.query(PostgresqlLogCounters.IO_WAL_SQL_18).stream().filter(r -> "normal".equals(r.text("context")))
        .findFirst().orElse(null);
    if (row == null) {
      missing.append("pg_stat_io has no row of object 'wal', context 'normal'");
      return null;
    }
    return new WalIo(zero(row.number("writes")), timed ? zero(row.number("write_time")) : null,
        zero(row.number("fsyncs")), timed ? zero(row.number("fsync_time")) : null, "pg_stat_io (whole server)");
  }

  /** The views over the window from {@code begin} to {@code end}, or why there are none. */
  static void between(WalIo begin, WalIo end, List<LogIoView> views, List<UnmeasuredPart> unmeasured) {
    if (begin.writeMillis() == null || end.writeMillis() == null) {
      unmeasured.add(new UnmeasuredPart(TIMING, "track_wal_io_timing=off: the server does not time WAL writes and"
          + " syncs; turn it on (ALTER SYSTEM SET track_wal_io_timing = on; SELECT pg_reload_conf()) to see them"));
      return;
    }
    view("wal_write", end.writes() - begin.writes(), end.writeMillis() - begin.writeMillis(), end.source(), views);
    view("wal_sync", end.syncs() - begin.syncs(), end.syncMillis() - begin.syncMillis(), end.source(), views);
  }

  private static void view(String operation, double count, double millis, String source, List<LogIoView> views) {
    long events = Math.round(count);
    // None over the window, or counters reset within it: no mean to give.
    if (events > 0 && millis >= 0) {
      views.add(new LogIoView(operation, LogFiles.LOG, events, millis / events, null, null, source));
    }
  }

  private static double zero(Double value) {
    return value == null ? 0 : value;
  }

  private PostgresqlWalIoWindow() {}
}
