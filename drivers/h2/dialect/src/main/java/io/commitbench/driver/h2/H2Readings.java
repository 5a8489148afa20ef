package io.commitbench.driver.h2;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.dialect.ServerReadings;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.LogCounters;
import io.commitbench.core.server.RowSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Optional;

/**
 * What an H2 database says about itself: its MVStore facts and file, its log-write counters, and
 * the disk space of its tables. Stateless and thread-safe.
 */
final class H2Readings implements ServerReadings {

  /** The server's log-write counters; see {@link H2LogCounters}. */
  @Override
  public LogCounters logCounters() {
    return new H2LogCounters();
  }

  /** Product, version, the MVStore settings and the database file; see {@link H2ServerFacts}. */
  @Override
  public List<Fact> serverFacts(Connection admin) throws SQLException {
    return H2ServerFacts.read(admin);
  }

  /**
   * H2's own {@code DISK_SPACE_USED} of each table, which counts its indexes' pages too, after a
   * CHECKPOINT wrote the pages still held in memory (which it does not count).
   */
  @Override
  public Optional<DataSize> dataSize(Connection admin,
      List<TableSpec> tables) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      statement.execute(H2DataSize.CHECKPOINT);
    }
    return H2DataSize.read(RowSource.of(admin), tables);
  }
}
