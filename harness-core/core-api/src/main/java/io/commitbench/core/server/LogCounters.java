package io.commitbench.core.server;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Reads a product's cumulative log-write counters (the database's own view of what commits cost).
 * Implementations live in the dialect modules; they must not change anything on the server.
 */
@FunctionalInterface
public interface LogCounters {

  /** Reads every counter now, over the given (admin) connection. */
  CounterSnapshot read(Connection admin) throws SQLException;

  /**
   * Reads every counter now, knowing when in the run (see {@link CounterContext}). The harness
   * calls this one; the default ignores the context.
   */
  default CounterSnapshot read(Connection admin, CounterContext context) throws SQLException {
    return read(admin);
  }
}
