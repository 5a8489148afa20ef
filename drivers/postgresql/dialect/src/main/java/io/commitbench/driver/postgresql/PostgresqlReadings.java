package io.commitbench.driver.postgresql;

import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What a PostgreSQL server says about itself: the WAL settings and directory, the WAL
 * counters, and the tables' size on disk. Stateless and thread-safe.
 */
final class PostgresqlReadings implements ServerReadings {

  /** The server's log-write counters; see {@link PostgresqlLogCounters}. */
  @Override
  public io.commitbench.core.server.LogCounters logCounters() {
    return new PostgresqlLogCounters();
  }

  /** Product, version, the WAL settings and the WAL directory; see {@link PostgresqlServerFacts}. */
  @Override
  public List<io.commitbench.core.server.Fact> serverFacts(Connection admin) throws SQLException {
    return PostgresqlServerFacts.read(admin);
  }

  /** {@code pg_total_relation_size}: the tables' files with their indexes and TOAST, as they are on disk. */
  @Override
  public java.util.Optional<io.commitbench.core.dialect.DataSize> dataSize(Connection admin,
      List<TableSpec> tables) throws SQLException {
    return PostgresqlDataSize.read(io.commitbench.core.server.RowSource.of(admin), tables);
  }
}
