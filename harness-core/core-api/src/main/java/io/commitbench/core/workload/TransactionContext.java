package io.commitbench.core.workload;

import io.commitbench.core.measure.OperationKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * What a transaction's code uses to run and time its statements. Each call times one statement
 * and records it with its kind when the transaction is recorded; a failing statement is counted
 * by its error class and its exception passed on. A transaction ends when its last call here
 * returns: what its code does after that is not part of its time. Confined to the actor's thread.
 */
public interface TransactionContext {

  /** Executes an INSERT, UPDATE or DELETE; returns the rows it changed. */
  int update(OperationKind kind, PreparedStatement statement) throws SQLException;

  /** Executes a query and reads every row; returns the number of rows. */
  int query(OperationKind kind, PreparedStatement statement) throws SQLException;

  /**
   * Executes a query and hands every row to {@code reader} as it is read (the reading is timed
   * with the statement); returns the number of rows.
   */
  int query(OperationKind kind, PreparedStatement statement, RowReader reader) throws SQLException;

  /** Reads one row of a query, positioned on it; called on the actor's thread. */
  @FunctionalInterface
  interface RowReader {
    void read(java.sql.ResultSet row) throws SQLException;
  }

  /** Commits, timed as {@link OperationKind#COMMIT}. */
  void commit() throws SQLException;

  /** The latency of the last successful statement or commit, in nanoseconds. */
  long lastNanos();

  /**
   * Whether the transaction counts in the measurement: false during the warm-up. For a workload
   * that keeps figures of its own beside the engine's (the script workload's per-statement
   * latencies), so they cover the same window. Read when asked: a transaction in flight as the
   * warm-up ends may fall on the other side of it than the engine's figures put it. The default:
   * measured.
   */
  default boolean measured() {
    return true;
  }

  /** The actor's connection (for what is neither timed nor counted, such as a repair). */
  Connection connection();

  /**
   * For a workload that goes on with its next statement after one failed (the paper's
   * testframe): throws when the failure must end the attempt (to be retried), else reconnects a
   * lost connection or rolls back, marks the transaction failed, and returns.
   */
  void continueAfter(SQLException failure) throws Exception;
}
