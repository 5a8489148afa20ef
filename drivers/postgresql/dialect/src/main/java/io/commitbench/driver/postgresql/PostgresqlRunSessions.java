package io.commitbench.driver.postgresql;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Which backends are the run's own: commitbench's sessions (the dialect names every connection
 * {@code commitbench}) that started at or after the run, other than the asking one. A second
 * commitbench run that starts later on the same server counts too: the server cannot tell the
 * two runs' sessions apart.
 */
final class PostgresqlRunSessions {

  /** The application name of a commit-wait source's own connection, so no reader counts it as a run's session. */
  static final String SOURCE_APPLICATION_NAME = "commitbench waits";

  private PostgresqlRunSessions() {}

  /** The condition on {@code pg_stat_activity} that picks the run's sessions. */
  static String where(Instant runStartedAt) {
    return "application_name = 'commitbench' AND pid <> pg_backend_pid()"
        + " AND backend_start >= " + timestamp(runStartedAt);
  }

  /** The run's sessions' pids. */
  static String pidsSql(Instant runStartedAt) {
    return "SELECT pid FROM pg_stat_activity WHERE " + where(runStartedAt);
  }

  /** What each of the run's sessions waits for now. */
  static String activitySql(Instant runStartedAt) {
    return "SELECT pid, wait_event_type, wait_event FROM pg_stat_activity WHERE " + where(runStartedAt);
  }

  /**
   * {@code timestamptz '2025-12-01T22:00:00.123456Z'}: the instant cut to the microsecond, as
   * PostgreSQL keeps a timestamp, so a session that started in the same microsecond counts.
   */
  static String timestamp(Instant at) {
    return "timestamptz '" + at.truncatedTo(ChronoUnit.MICROS) + "'";
  }
}
