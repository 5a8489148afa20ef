package io.commitbench.core.workload.script.dataset;

import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * pgbench's data set as {@code pgbench -i -s N} makes it, on any dialect: the four tables with
 * pgbench's columns, rows, balances, fillers and keys.
 */
public final class PgbenchDataSet {

  /**
   * @param names the four tables' names
   * @param scale pgbench's scale factor ({@code -s}): branches, 10 tellers and 100,000 accounts each
   * @param loadThreads connections that load at once
   */
  public PgbenchDataSet(PgbenchTables names, int scale, int loadThreads) {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** The four tables, named in the admin's schema, each with its CREATE and DROP statements. */
  public List<SchemaTable> tables(SchemaNaming naming) {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** Fills the created, empty tables (given in the order of {@link #tables}), then vacuum and keys. */
  public void load(LoadContext context) throws SQLException, InterruptedException {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** What is wrong with existing tables (pgbench's or commitbench's) for a run at this scale, or empty. */
  public Optional<String> checkReused(Connection admin, List<SchemaTable> tables) throws SQLException {
    throw new UnsupportedOperationException("to be implemented");
  }

  /** Lines for a report: rows per table and the load's rows per second (after a load). */
  public List<String> loadLines() {
    throw new UnsupportedOperationException("to be implemented");
  }
}
