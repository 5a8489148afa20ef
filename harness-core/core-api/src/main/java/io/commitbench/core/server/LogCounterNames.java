package io.commitbench.core.server;

/**
 * Canonical counter names every dialect maps its product's counters to, so generic code can
 * derive the same figures for every product (average log sync time per commit, log bytes per
 * transaction, commits per log write). A dialect reports a canonical counter it cannot read as
 * absent, with the reason.
 */
public final class LogCounterNames {

  /** Committed transactions (PostgreSQL xact_commit, MariaDB Com_commit + autocommits, Oracle user commits). */
  public static final String COMMITS = "commits";
  /** Bytes written to the redo/WAL log. */
  public static final String LOG_BYTES = "log_bytes";
  /** Write calls to the log. */
  public static final String LOG_WRITES = "log_writes";
  /** Syncs (fsync/fdatasync) of the log. */
  public static final String LOG_SYNCS = "log_syncs";
  /** Time spent writing the log, milliseconds. */
  public static final String LOG_WRITE_TIME_MS = "log_write_time_ms";
  /** Time spent syncing the log, milliseconds (what a commit waits for). */
  public static final String LOG_SYNC_TIME_MS = "log_sync_time_ms";

  private LogCounterNames() {}
}
