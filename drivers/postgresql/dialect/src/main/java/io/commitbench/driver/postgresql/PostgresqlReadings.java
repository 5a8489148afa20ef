package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.CommitWaits;
import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.LogCounters;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * What a PostgreSQL server says about itself: the WAL settings and directory, the WAL counters,
 * and the tables' size on disk. Stateless and thread-safe.
 */
final class PostgresqlReadings implements ServerReadings {

  /** The server's log-write counters; see {@link PostgresqlLogCounters}. */
  @Override
  public LogCounters logCounters() {
    return new PostgresqlLogCounters();
  }

  /** Product, version, the WAL settings and the WAL directory; see {@link PostgresqlServerFacts}. */
  @Override
  public List<Fact> serverFacts(Connection admin) throws SQLException {
    return PostgresqlServerFacts.read(admin);
  }

  /** pg_wait_sampling's profile, or pg_stat_activity sampled; see {@link PostgresqlCommitWaits}. */
  @Override
  public CommitWaits commitWaits() {
    return new PostgresqlCommitWaits();
  }

  /** {@code pg_total_relation_size}: the tables' files with their indexes and TOAST, as they are on disk. */
  @Override
  public Optional<DataSize> dataSize(Connection admin,
      List<TableSpec> tables) throws SQLException {
    return PostgresqlDataSize.read(RowSource.of(admin), tables);
  }
}
