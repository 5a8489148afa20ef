package io.commitbench.core.breakdown;

import java.util.List;

/**
 * The names of the parts a commit's time is split into, as {@code summary.json} and the report
 * show them, in the order they are shown.
 */
public final class CommitParts {

  /** A trivial statement's round trip on an idle connection: network, driver and statement overhead. */
  public static final String ROUND_TRIP = "round_trip";
  /** Writing the log out of the server's buffers (PostgreSQL IO:WALWrite, Oracle's LGWR write). */
  public static final String LOG_WRITE = "log_write";
  /** Syncing the log to the device (fdatasync, IO:WALSync, log file sync's share on the device). */
  public static final String LOG_SYNC = "log_sync";
  /** Waiting for another session's flush that covers this commit (PostgreSQL LWLock:WALWrite). */
  public static final String GROUP_COMMIT_WAIT = "group_commit_wait";
  /** Waiting to insert into the log buffers (PostgreSQL LWLock:WALInsert). */
  public static final String LOG_INSERT = "log_insert";
  /** Waiting for a synchronous standby (PostgreSQL IPC:SyncRep). */
  public static final String SYNC_REPLICATION = "sync_replication";

  /** Every part, in the order of the report. */
  public static final List<String> ORDER = List.of(ROUND_TRIP, LOG_WRITE, LOG_SYNC, GROUP_COMMIT_WAIT, LOG_INSERT,
      SYNC_REPLICATION);

  private CommitParts() {}
}
