package io.commitbench.driver.oracle;

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
 * What an Oracle server says about itself: log mode, commit parameters, redo groups and members,
 * the redo counters, the commit's wait events, and the tables' segment bytes. Stateless and thread-safe.
 */
final class OracleReadings implements ServerReadings {

  /** The server's log-write counters; see {@link OracleLogCounters}. */
  @Override
  public LogCounters logCounters() {
    return new OracleLogCounters();
  }

  /** Product, version, log mode, commit parameters, redo groups and members; see {@link OracleServerFacts}. */
  @Override
  public List<Fact> serverFacts(Connection admin) throws SQLException {
    return OracleServerFacts.read(admin);
  }

  /** The bytes of the tables' and their indexes' segments ({@code user_segments}). */
  @Override
  public Optional<DataSize> dataSize(Connection admin,
      List<TableSpec> tables) throws SQLException {
    return OracleDataSize.read(RowSource.of(admin), tables);
  }

  /** The instance's log file sync and log file parallel write; see {@link OracleWaitSource}. */
  @Override
  public CommitWaits commitWaits() {
    return new OracleCommitWaits();
  }
}
