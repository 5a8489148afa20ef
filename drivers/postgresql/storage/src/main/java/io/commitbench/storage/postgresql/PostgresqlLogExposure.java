package io.commitbench.storage.postgresql;

import io.commitbench.storage.format.LogExposure;
import io.commitbench.storage.format.LogSample;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * PostgreSQL's WAL as the formatter's exposure sees it: segments of {@code wal_segment_size}
 * (fixed at initdb) in {@code pg_wal}, renamed for reuse when {@code wal_recycle} is on; the WAL
 * position from {@code pg_current_wal_insert_lsn()}; checkpoints from {@code pg_stat_bgwriter}
 * ({@code checkpoints_timed + checkpoints_req}) before 17 and {@code pg_stat_checkpointer}
 * ({@code num_timed + num_requested}) from 17 on — both count timed checkpoints the server skipped
 * because nothing was written. Reading {@code data_directory} needs a superuser or
 * {@code pg_read_all_settings}. Stateless.
 */
final class PostgresqlLogExposure implements LogExposure {

  private static final Pattern SEGMENT = Pattern.compile("^[0-9A-F]{24}$");
  static final int PG17 = 170000;
  static final String POSITION_SQL = "SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::bigint";
  static final String SEGMENT_SIZE_SQL = "SELECT setting::bigint, unit FROM pg_settings WHERE name = 'wal_segment_size'";

  @Override
  public Path logDirectory(Connection admin) throws SQLException {
    return walDirectory(admin);
  }

  /** {@code pg_wal} in the server's data directory; the formatter's too. */
  static Path walDirectory(Connection admin) throws SQLException {
    return Path.of(text(admin, "SHOW data_directory")).resolve(PostgresqlLogFiles.WAL_DIR);
  }

  @Override
  public LogSample sample(Connection admin) throws SQLException {
    long position = Long.parseLong(text(admin, POSITION_SQL));
    long segment;
    try (Statement s = admin.createStatement(); ResultSet r = s.executeQuery(SEGMENT_SIZE_SQL)) {
      r.next();
      segment = bytes(r.getLong(1), r.getString(2));
    }
    int version = Integer.parseInt(text(admin, "SELECT current_setting('server_version_num')"));
    return LogSample.counted(position, segment, Long.parseLong(text(admin, checkpointsSql(version))));
  }

  /** The checkpoint count's query for a {@code server_version_num}. */
  static String checkpointsSql(int version) {
    return version >= PG17 ? "SELECT num_timed + num_requested FROM pg_stat_checkpointer"
        : "SELECT checkpoints_timed + checkpoints_req FROM pg_stat_bgwriter";
  }

  /** {@code wal_segment_size} in bytes from pg_settings' setting and unit ({@code B} from 11 on, {@code 8kB} before). */
  static long bytes(long setting, String unit) {
    if (unit == null || unit.equals("B")) {
      return setting;
    }
    if (unit.equals("8kB")) {
      return setting * 8192;
    }
    throw new IllegalArgumentException("wal_segment_size in an unknown unit: " + setting + " " + unit);
  }

  @Override
  public boolean isLogFile(String fileName) {
    return SEGMENT.matcher(fileName).matches();
  }

  @Override
  public String unit() {
    return "WAL segment";
  }

  @Override
  public Reuse reuse() {
    return Reuse.RENAME;
  }

  private static String text(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
      if (!r.next()) {
        throw new SQLException("no row from " + sql.toLowerCase(Locale.ROOT));
      }
      return r.getString(1);
    }
  }
}
