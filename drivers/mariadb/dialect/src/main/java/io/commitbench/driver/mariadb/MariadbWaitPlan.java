package io.commitbench.driver.mariadb;

import static io.commitbench.driver.mariadb.MariadbCommitWaits.BINLOG_FOLLOWER_WAIT;

import io.commitbench.core.server.Row;

/**
 * What a MariaDB server's performance_schema can measure of the commit path, decided once as the
 * source opens: for the redo log's file I/O and for the binlog group commit's wait, either null
 * (read it) or the reason it is unmeasured.
 *
 * @param redoReason why {@code log_write} and {@code log_sync} are unmeasured, or null
 * @param groupReason why {@code group_commit_wait} is unmeasured, or null
 */
record MariadbWaitPlan(String redoReason, String groupReason) {

  static final String PERFORMANCE_SCHEMA_OFF = "performance_schema is OFF (start the server with performance_schema=ON)";

  static MariadbWaitPlan performanceSchemaOff() {
    return new MariadbWaitPlan(PERFORMANCE_SCHEMA_OFF, PERFORMANCE_SCHEMA_OFF);
  }

  /**
   * @param redo the redo log instrument's setup row, or null when the server registers none
   * @param follower the binlog group commit wait's setup row, or null when there is none
   */
  static MariadbWaitPlan of(String version, boolean logBin, Row redo, Row follower) {
    String redoReason;
    if (redo == null) {
      redoReason = "performance_schema on MariaDB " + version + " registers no redo log instrument; the kernel's"
          + " view (breakdown.kernel=true) measures the log's syncs";
    } else {
      redoReason = notTimed(redo);
    }
    String groupReason;
    if (!logBin) {
      groupReason = "with log_bin=OFF a commit waits for another session's redo flush in InnoDB's group commit"
          + " lock, which performance_schema on MariaDB " + version + " does not instrument";
    } else if (follower == null) {
      groupReason = "performance_schema on MariaDB " + version + " registers no " + BINLOG_FOLLOWER_WAIT;
    } else {
      groupReason = notTimed(follower);
    }
    return new MariadbWaitPlan(redoReason, groupReason);
  }

  boolean readsRedo() {
    return redoReason == null;
  }

  boolean readsGroup() {
    return groupReason == null;
  }

  /** Null when the instrument is enabled and timed; else what it is and how to turn it on. */
  private static String notTimed(Row instrument) {
    String enabled = instrument.text("enabled");
    String timed = instrument.text("timed");
    if ("YES".equalsIgnoreCase(enabled) && "YES".equalsIgnoreCase(timed)) {
      return null;
    }
    String name = instrument.text("name");
    return "performance_schema's " + name + " is ENABLED=" + enabled + ", TIMED=" + timed + "; start the server"
        + " with performance-schema-instrument='" + name + "=ON'";
  }
}
