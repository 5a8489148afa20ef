package io.commitbench.storage.mariadb;

import io.commitbench.storage.format.FormatterContext;
import io.commitbench.storage.format.FormatterTally;
import io.commitbench.storage.format.LogFilesystemTrim;
import io.commitbench.storage.format.LogFormatter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * MariaDB's pre-format arm {@code resize}: InnoDB writes one circular redo log, {@code ib_logfile0}.
 * Since 10.9 {@code SET GLOBAL innodb_log_file_size} is dynamic (MDEV-27812): the server writes a
 * new file and swaps it in at a checkpoint. Each time the log has wrapped once — the LSN advanced by
 * the log's size, so every block of it has become reusable — this arm asks for the other of two
 * sizes (the original and one MiB more), waits until the server shows it, and trims the log's
 * filesystem so the old file's blocks are discarded. At the end the original size is put back.
 */
public final class MariadbRedoFormatter implements LogFormatter {

  public static final String ARM = "resize";
  private static final long STEP = 1L << 20;
  private static final Duration RESIZE_WAIT = Duration.ofSeconds(120);
  private static final Pattern VERSION = Pattern.compile("^(\\d+)\\.(\\d+)");

  private final FormatterContext context;
  private final FormatterTally tally = new FormatterTally(ARM);
  private Connection connection;
  private long originalSize;
  private long currentSize;
  private long lsnAtLastResize;
  private Path logDirectory;

  public MariadbRedoFormatter(FormatterContext context) {
    this.context = context;
  }

  @Override
  public String arm() {
    return ARM;
  }

  @Override
  public void prepare() throws Exception {
    connection = context.connections().open();
    String version = text("SELECT VERSION()");
    Matcher m = VERSION.matcher(version);
    if (!m.find() || Integer.parseInt(m.group(1)) * 100 + Integer.parseInt(m.group(2)) < 1009) {
      throw new SQLException("arm " + ARM + " needs MariaDB 10.9 or later, where innodb_log_file_size is dynamic "
          + "(MDEV-27812); this server is " + version + "; allowed arm here: baseline");
    }
    originalSize = number("SELECT @@GLOBAL.innodb_log_file_size");
    currentSize = originalSize;
    logDirectory = MariadbLogExposure.redoDirectory(connection);
    tally.note("redo log " + logDirectory.resolve(MariadbLogFiles.REDO_LOG) + ", " + originalSize + " bytes; alternates with "
        + (originalSize + STEP) + " bytes each time the log wraps");
    new LogFilesystemTrim(context.runner(), context.fstrim()).trim(logDirectory, tally);
    lsnAtLastResize = MariadbLogExposure.lsn(connection);
  }

  @Override
  public void poll() throws Exception {
    long lsn = MariadbLogExposure.lsn(connection);
    if (lsn - lsnAtLastResize < currentSize) {
      return;
    }
    long target = currentSize == originalSize ? originalSize + STEP : originalSize;
    resize(target, "re-create redo log (innodb_log_file_size)");
    new LogFilesystemTrim(context.runner(), context.fstrim()).trim(logDirectory, tally);
    lsnAtLastResize = MariadbLogExposure.lsn(connection);
  }

  @Override
  public void finish() throws Exception {
    if (connection == null) {
      return;
    }
    try (Connection closing = connection) {
      if (currentSize != originalSize) {
        // Counted apart: it happens after the measured run and is not part of the arm's cost.
        resize(originalSize, "restore redo log size after the run");
        tally.note("redo log size restored to " + originalSize + " bytes");
      }
    }
  }

  @Override
  public FormatterTally tally() {
    return tally;
  }

  private void resize(long target, String action) throws Exception {
    long began = System.nanoTime();
    try (Statement s = connection.createStatement()) {
      s.execute("SET GLOBAL innodb_log_file_size = " + target);
    }
    long deadline = began + RESIZE_WAIT.toNanos();
    while (number("SELECT @@GLOBAL.innodb_log_file_size") != target) {
      if (System.nanoTime() > deadline) {
        throw new SQLException("innodb_log_file_size did not become " + target + " within " + RESIZE_WAIT.toSeconds() + " s");
      }
      Thread.sleep(20);
    }
    currentSize = target;
    tally.record(action, Duration.ofNanos(System.nanoTime() - began));
  }

  private String text(String sql) throws SQLException {
    try (Statement s = connection.createStatement(); ResultSet r = s.executeQuery(sql)) {
      r.next();
      return r.getString(1);
    }
  }

  private long number(String sql) throws SQLException {
    return Long.parseLong(text(sql));
  }
}
