package io.commitbench.driver.mariadb;

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
 * What a MariaDB server says about itself: the InnoDB redo and binlog settings, the redo log's
 * counters from performance_schema, where commits wait, and the tables' data and index length.
 * Stateless and thread-safe.
 */
final class MariadbReadings implements ServerReadings {

  /** The server's log-write counters; see {@link MariadbLogCounters}. */
  @Override
  public LogCounters logCounters() {
    return new MariadbLogCounters();
  }

  /** Product, version, the InnoDB redo and binlog settings and the redo log directory; see {@link MariadbServerFacts}. */
  @Override
  public List<Fact> serverFacts(Connection admin) throws SQLException {
    return MariadbServerFacts.read(admin);
  }

  /** {@code information_schema.tables} data and index length, after an ANALYZE TABLE refreshed them. */
  @Override
  public Optional<DataSize> dataSize(Connection admin,
      List<TableSpec> tables) throws SQLException {
    return MariadbDataSize.read(RowSource.of(admin), tables);
  }

  /** performance_schema's commit-path instruments and the log's status counters; see {@link MariadbCommitWaits}. */
  @Override
  public CommitWaits commitWaits() {
    return new MariadbCommitWaits();
  }
}
