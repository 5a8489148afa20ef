package io.commitbench.storage.mariadb;

import io.commitbench.storage.format.LogExposure;
import io.commitbench.storage.format.LogSample;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * InnoDB's redo log as the formatter's exposure sees it: one circular file ({@code ib_logfile0}
 * since 10.5; {@code ib_logfile101} while a resize writes its successor) in
 * {@code innodb_log_group_home_dir}, overwritten in place; its size {@code innodb_log_file_size}
 * (times {@code innodb_log_files_in_group} where the server still has it, before 10.6); the
 * position {@code Innodb_lsn_current}. InnoDB counts no checkpoints: its status has only the
 * checkpoint age and the last checkpoint's LSN, so the count is not available. Stateless.
 */
final class MariadbLogExposure implements LogExposure {

  static final String CHECKPOINTS_ABSENT = "InnoDB counts no checkpoints (SHOW GLOBAL STATUS has only"
      + " Innodb_checkpoint_age and Innodb_lsn_last_checkpoint, and it checkpoints continuously)";

  @Override
  public Path logDirectory(Connection admin) throws SQLException {
    return redoDirectory(admin);
  }

  /** {@code innodb_log_group_home_dir} resolved against the data directory; the formatter's too. */
  static Path redoDirectory(Connection admin) throws SQLException {
    Path data = Path.of(text(admin, "SELECT @@datadir"));
    String home = text(admin, "SELECT @@innodb_log_group_home_dir");
    return home == null || home.isBlank() ? data : data.resolve(home).normalize();
  }

  /** The redo log's position, {@code Innodb_lsn_current}; the formatter's too. */
  static long lsn(Connection admin) throws SQLException {
    return Long.parseLong(status(admin, "Innodb_lsn_current"));
  }

  @Override
  public LogSample sample(Connection admin) throws SQLException {
    long position = lsn(admin);
    long size = Long.parseLong(text(admin, "SELECT @@GLOBAL.innodb_log_file_size"));
    String files = variable(admin, "innodb_log_files_in_group");
    return LogSample.uncounted(position, size * (files == null ? 1 : Long.parseLong(files)), CHECKPOINTS_ABSENT);
  }

  @Override
  public boolean isLogFile(String fileName) {
    return fileName.matches("ib_logfile[0-9]+");
  }

  @Override
  public String unit() {
    return "redo log";
  }

  @Override
  public Reuse reuse() {
    return Reuse.IN_PLACE;
  }

  private static String status(Connection c, String name) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
      if (!r.next()) {
        throw new SQLException("this server shows no " + name);
      }
      return r.getString(2);
    }
  }

  /** A global variable's value, or null when this server has no such variable. */
  private static String variable(Connection c, String name) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery("SHOW GLOBAL VARIABLES LIKE '" + name + "'")) {
      return r.next() ? r.getString(2) : null;
    }
  }

  private static String text(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getString(1);
    }
  }
}
