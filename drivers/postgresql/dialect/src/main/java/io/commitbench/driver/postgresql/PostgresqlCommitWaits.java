package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.CommitWaitContext;
import io.commitbench.core.breakdown.CommitWaits;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * PostgreSQL's view of where the run's sessions' commits wait, on a connection of its own: from
 * pg_wait_sampling's profile where the extension is loaded and created in the database ({@link
 * PostgresqlProfileSource}), otherwise from pg_stat_activity sampled at the context's rate
 * ({@link PostgresqlActivitySource}); both with the WAL's writes and syncs over the window as
 * views. It creates nothing on the server and resets no statistic. The run's sessions are those
 * {@link PostgresqlRunSessions} picks; the source's connection names itself so that it is not one
 * of them.
 */
final class PostgresqlCommitWaits implements CommitWaits {

  static final String NAME_SQL = "SELECT set_config('application_name', '"
      + PostgresqlRunSessions.SOURCE_APPLICATION_NAME + "', false) AS application_name";

  @Override
  public CommitTimeSource open(CommitWaitContext context) throws SQLException {
    Connection connection = context.admin().open();
    try {
      // One read-only transaction that is never committed: a commit per sample would count in
      // the server's commits beside the run's own. Each read clears the transaction's statistics
      // snapshot first, so it sees pg_stat_activity and the cumulative statistics anew.
      connection.setAutoCommit(false);
      return open(freshReads(RowSource.of(connection)), connection, context, true);
    } catch (SQLException | RuntimeException e) {
      connection.close();
      throw e;
    }
  }

  /**
   * The source over {@code db}: a connection in a run, recorded rows in a test.
   *
   * @param background whether the fallback samples on a thread of its own
   */
  static CommitTimeSource open(RowSource db, AutoCloseable connection, CommitWaitContext context, boolean background)
      throws SQLException {
    db.query(NAME_SQL);
    PostgresqlWaitSamplingProbe probe = PostgresqlWaitSamplingProbe.of(db);
    if (probe.usable()) {
      return new PostgresqlProfileSource(db, connection, probe, context.runStartedAt());
    }
    if (context.sampleHz() <= 0) {
      closeQuietly(connection);
      return CommitTimeSource.unavailable("pg_stat_activity sampling", PostgresqlWaitEvents.PARTS,
          "pg_wait_sampling is not loaded (" + probe.unusable() + ") and sampling is off (rate "
              + context.sampleHz() + " Hz)");
    }
    return new PostgresqlActivitySource(db, connection, context.runStartedAt(), context.sampleHz(), probe.unusable(),
        background);
  }

  static final String CLEAR_SNAPSHOT_SQL = "SELECT pg_stat_clear_snapshot()";

  /** Reads that each see the statistics as they are now, inside one transaction. */
  static RowSource freshReads(RowSource db) {
    return sql -> {
      db.query(CLEAR_SNAPSHOT_SQL);
      return db.query(sql);
    };
  }

  private static void closeQuietly(AutoCloseable connection) {
    try {
      connection.close();
    } catch (Exception e) {
      // Nothing is left to release.
    }
  }
}
