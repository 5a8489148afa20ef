package io.commitbench.driver.mariadb;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.CommitWaitContext;
import io.commitbench.core.breakdown.CommitWaits;
import io.commitbench.core.breakdown.SnapshotSource;
import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * MariaDB's own view of where commits wait, from performance_schema where the server has it, and
 * the InnoDB status counters of the log's I/O in any case. What performance_schema offers for the
 * commit path, by version:
 *
 * <ul>
 *   <li>{@value #REDO_FILE} (MariaDB up to 10.7): the redo log's file I/O. MariaDB 10.8 removed it
 *       (MDEV-27848: the log is written without the instrumented file layer), so 10.8, 10.11 and
 *       11.x register no redo log instrument at all;
 *   <li>{@value #BINLOG_FOLLOWER_WAIT}: with {@code log_bin=ON}, a session that joins the binlog's
 *       group commit waits on it until the group's leader has written the binlog and committed the
 *       group; it is a {@code wait/synch} instrument, off unless enabled at the server's start;
 *   <li>nothing for InnoDB's own group commit of the redo log ({@code group_commit_lock}, 10.5+,
 *       a plain mutex and futex), nor for the log buffer's insert beyond the {@code log_latch}
 *       rwlock, which every mini-transaction takes, not only commits.
 * </ul>
 *
 * <p>The source reads the instruments' server-wide summaries, not those of the run's threads: the
 * redo log is written and synced by whichever session leads the group (or by InnoDB's own
 * threads), so a thread filter would miss the I/O that the run's commits waited for. It says so in
 * each part's source. Opening never changes a server variable or an instrument.
 */
final class MariadbCommitWaits implements CommitWaits {

  static final String REDO_FILE = "wait/io/file/innodb/innodb_log_file";
  static final String BINLOG_FOLLOWER_WAIT = "wait/synch/cond/sql/THD::COND_wakeup_ready";

  static final String SERVER_SQL = "SELECT @@GLOBAL.performance_schema AS performance_schema,"
      + " @@GLOBAL.version AS version, @@GLOBAL.log_bin AS log_bin";
  static final String INSTRUMENTS_SQL = "SELECT NAME, ENABLED, TIMED FROM performance_schema.setup_instruments"
      + " WHERE NAME IN ('" + REDO_FILE + "', '" + BINLOG_FOLLOWER_WAIT + "')";

  @Override
  public CommitTimeSource open(CommitWaitContext context) throws SQLException {
    Connection connection = context.admin().open();
    try {
      return open(RowSource.of(connection), connection::close);
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  /**
   * Decides what {@code db} can measure and returns the source that reads it.
   *
   * @param closer releases {@code db}'s connection when the source closes
   */
  static MariadbWaitSource open(RowSource db, SnapshotSource.Closer closer) throws SQLException {
    Row server = db.query(SERVER_SQL).get(0);
    String version = server.text("version");
    if (!on(server.text("performance_schema"))) {
      return new MariadbWaitSource(db, closer, MariadbWaitPlan.performanceSchemaOff());
    }
    Map<String, Row> instruments = new HashMap<>();
    for (Row row : db.query(INSTRUMENTS_SQL)) {
      instruments.put(row.text("name"), row);
    }
    return new MariadbWaitSource(db, closer,
        MariadbWaitPlan.of(version, on(server.text("log_bin")), instruments.get(REDO_FILE),
            instruments.get(BINLOG_FOLLOWER_WAIT)));
  }

  /** A server variable's ON as MariaDB answers it: 1 or ON. */
  static boolean on(String value) {
    return value != null && List.of("1", "ON", "YES", "TRUE").contains(value.toUpperCase(java.util.Locale.ROOT));
  }
}
