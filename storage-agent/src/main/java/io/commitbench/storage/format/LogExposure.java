package io.commitbench.storage.format;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * What one kind of server tells of its log, so that every formatter arm — {@code baseline}
 * included — can show what it had to act on: where the log's files are, how big one of them is,
 * how far the log has advanced and how many checkpoints the server took. Implemented per kind in
 * {@code drivers/KIND/storage} and handed out by {@link LogFormatterProvider#exposure()}; the
 * generic code ({@link ExposureMeter}) reads it before and after the measured run and never asks
 * which kind it is. Implementations are stateless and change nothing on the server.
 *
 * <pre>
 * LogSample before = exposure.sample(admin);
 * ... the run ...
 * long written = exposure.sample(admin).position() - before.position();
 * </pre>
 */
public interface LogExposure {

  /** How the server reuses its log files, which decides what "recycled" can mean. */
  enum Reuse {
    /** Old files are renamed to future names (PostgreSQL's WAL segments): a rename is a recycle. */
    RENAME,
    /** One circular file is overwritten in place (InnoDB's redo log): a reuse is a wrap, known from the bytes written. */
    IN_PLACE
  }

  /** The directory holding the log's files, as the server names it (on the server's host). */
  Path logDirectory(Connection admin) throws SQLException;

  /** The log's position, its file size and the checkpoint count, now. */
  LogSample sample(Connection admin) throws SQLException;

  /** Whether a file name in {@link #logDirectory} is one of the log's files. */
  boolean isLogFile(String fileName);

  /** What one file of the log is called in the report, e.g. {@code WAL segment}. */
  String unit();

  /** How the server reuses its log files. */
  Reuse reuse();
}
