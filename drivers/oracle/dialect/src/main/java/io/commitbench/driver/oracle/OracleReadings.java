package io.commitbench.driver.oracle;

import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.TableSpec;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * What an Oracle server says about itself: log mode, commit parameters, redo groups and
 * members, the redo counters, and the tables' segment bytes. Stateless and thread-safe.
 */
final class OracleReadings implements ServerReadings {

  /** The server's log-write counters; see {@link OracleLogCounters}. */
  @Override
  public io.commitbench.core.server.LogCounters logCounters() {
    return new OracleLogCounters();
  }

  /** Product, version, log mode, commit parameters, redo groups and members; see {@link OracleServerFacts}. */
  @Override
  public List<io.commitbench.core.server.Fact> serverFacts(Connection admin) throws SQLException {
    return OracleServerFacts.read(admin);
  }

  /** The bytes of the tables' and their indexes' segments ({@code user_segments}). */
  @Override
  public java.util.Optional<io.commitbench.core.dialect.DataSize> dataSize(Connection admin,
      List<TableSpec> tables) throws SQLException {
    return OracleDataSize.read(io.commitbench.core.server.RowSource.of(admin), tables);
  }
}
