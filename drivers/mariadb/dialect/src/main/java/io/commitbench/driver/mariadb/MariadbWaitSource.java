package io.commitbench.driver.mariadb;

import static io.commitbench.driver.mariadb.MariadbCommitWaits.BINLOG_FOLLOWER_WAIT;
import static io.commitbench.driver.mariadb.MariadbCommitWaits.REDO_FILE;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.LogIoView;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SnapshotSource;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.Row;
import io.commitbench.core.server.RowSource;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads what its {@link MariadbWaitPlan} allows at the window's begin and end, on a connection of
 * its own, and answers the differences:
 *
 * <ul>
 *   <li>{@code log_write}, {@code log_sync}: the mean of one write and of one sync of the redo log
 *       ({@code file_summary_by_event_name}, which splits a file's I/O by operation; a sync is among
 *       its "misc" operations, and on the open log during a run those are its syncs). Per event,
 *       not a total: a group's leader writes and syncs once for every commit in the group, and each
 *       of them waits for that one write and sync;
 *   <li>{@code group_commit_wait}: the binlog group commit followers' waits, summed (each waits on
 *       its own), for the split to divide by the commits;
 *   <li>views: the status counters {@code Innodb_os_log_fsyncs} (up to MariaDB 10.7) and {@code
 *       Innodb_log_writes}, counts without time: their mean is NaN, which means "not timed".
 * </ul>
 *
 * Every figure is the whole server's: other sessions' commits and InnoDB's own log I/O count too.
 */
final class MariadbWaitSource extends SnapshotSource<MariadbWaitSource.Snapshot> {

  static final String REDO_IO_SQL = "SELECT COUNT_WRITE, SUM_TIMER_WRITE, COUNT_MISC, SUM_TIMER_MISC"
      + " FROM performance_schema.file_summary_by_event_name WHERE EVENT_NAME = '" + REDO_FILE + "'";
  static final String GROUP_WAIT_SQL = "SELECT COUNT_STAR, SUM_TIMER_WAIT"
      + " FROM performance_schema.events_waits_summary_global_by_event_name WHERE EVENT_NAME = '"
      + BINLOG_FOLLOWER_WAIT + "'";
  static final String STATUS_SQL = "SHOW GLOBAL STATUS WHERE Variable_name IN ('Innodb_os_log_fsyncs',"
      + " 'Innodb_log_writes')";

  static final String REDO_SOURCE = "performance_schema " + REDO_FILE
      + " (file_summary_by_event_name), mean per operation, whole server";
  static final String GROUP_SOURCE = "performance_schema " + BINLOG_FOLLOWER_WAIT
      + " (events_waits_summary_global_by_event_name): binlog group commit followers waiting for their leader,"
      + " summed, whole server; InnoDB's own redo group commit is not instrumented";
  private static final String STATUS_SOURCE = "SHOW GLOBAL STATUS %s, whole server; a count only (mean NaN: not timed)";

  private static final double PICOS_PER_MILLI = 1e9;
  private static final List<String> PARTS = List.of(CommitParts.LOG_WRITE, CommitParts.LOG_SYNC,
      CommitParts.GROUP_COMMIT_WAIT);

  private final RowSource db;
  private final MariadbWaitPlan plan;
  private int queries;

  MariadbWaitSource(RowSource db, Closer closer, MariadbWaitPlan plan) {
    super("the server's waits", PARTS, closer);
    this.db = db;
    this.plan = plan;
  }

  @Override
  public String name() {
    return "performance_schema";
  }

  MariadbWaitPlan plan() {
    return plan;
  }

  @Override
  protected SourceReading between(Snapshot before, Snapshot after) {
    List<PartReading> parts = new ArrayList<>();
    List<UnmeasuredPart> unmeasured = new ArrayList<>();
    if (plan.readsRedo()) {
      perOperation(CommitParts.LOG_WRITE, "write", "count_write", "sum_timer_write", before, after, parts, unmeasured);
      perOperation(CommitParts.LOG_SYNC, "sync (misc)", "count_misc", "sum_timer_misc", before, after, parts, unmeasured);
    } else {
      unmeasured.add(new UnmeasuredPart(CommitParts.LOG_WRITE, plan.redoReason()));
      unmeasured.add(new UnmeasuredPart(CommitParts.LOG_SYNC, plan.redoReason()));
    }
    if (plan.readsGroup()) {
      long waits = delta(after.group, before.group, "count_star");
      double millis = deltaDouble(after.group, before.group, "sum_timer_wait") / PICOS_PER_MILLI;
      parts.add(PartReading.total(CommitParts.GROUP_COMMIT_WAIT, millis, waits, GROUP_SOURCE));
    } else {
      unmeasured.add(new UnmeasuredPart(CommitParts.GROUP_COMMIT_WAIT, plan.groupReason()));
    }
    List<LogIoView> views = new ArrayList<>();
    view("log_fsync", "Innodb_os_log_fsyncs", before, after, views);
    view("log_write", "Innodb_log_writes", before, after, views);
    return new SourceReading(parts, unmeasured, views, List.of(queriesCost(queries)));
  }

  private void perOperation(String part, String operation, String count, String timer, Snapshot before, Snapshot after,
      List<PartReading> parts, List<UnmeasuredPart> unmeasured) {
    long n = delta(after.redo, before.redo, count);
    if (n <= 0) {
      unmeasured.add(new UnmeasuredPart(part, "performance_schema timed no " + operation + " of the redo log over"
          + " the window (" + REDO_FILE + " must be on from the server's start, before InnoDB opens the log)"));
      return;
    }
    double mean = deltaDouble(after.redo, before.redo, timer) / PICOS_PER_MILLI / n;
    parts.add(PartReading.perEvent(part, mean, null, null, n, REDO_SOURCE + ": " + operation));
  }

  private static void view(String operation, String variable, Snapshot before, Snapshot after, List<LogIoView> views) {
    Double then = before.status.get(variable);
    Double now = after.status.get(variable);
    if (then != null && now != null) {
      views.add(new LogIoView(operation, "log", (long) (now - then), Double.NaN, null, null,
          String.format(java.util.Locale.ROOT, STATUS_SOURCE, variable)));
    }
  }

  @Override
  protected Snapshot read() throws SQLException {
    Row redo = plan.readsRedo() ? one(REDO_IO_SQL) : null;
    Row group = plan.readsGroup() ? one(GROUP_WAIT_SQL) : null;
    Map<String, Double> status = new HashMap<>();
    queries++;
    for (Row row : db.query(STATUS_SQL)) {
      status.put(row.text("variable_name"), row.number("value"));
    }
    return new Snapshot(redo, group, status);
  }

  /** The instrument's summary row; an instrument without one (none registered since the start) reads as zeros. */
  private Row one(String sql) throws SQLException {
    queries++;
    List<Row> rows = db.query(sql);
    return rows.isEmpty() ? null : rows.get(0);
  }

  private static long delta(Row after, Row before, String column) {
    return (long) deltaDouble(after, before, column);
  }

  private static double deltaDouble(Row after, Row before, String column) {
    return number(after, column) - number(before, column);
  }

  private static double number(Row row, String column) {
    Double value = row == null ? null : row.number(column);
    return value == null ? 0 : value;
  }

  record Snapshot(Row redo, Row group, Map<String, Double> status) {}
}
