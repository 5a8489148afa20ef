package io.commitbench.core.workload;

import io.commitbench.core.measure.ActorCycleTimes;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * What one actor of a workload does, transaction by transaction. The engine decides when each
 * transaction starts (rate, think time), times it, retries it and records it; the workload
 * decides which transaction comes next and runs its statements through the {@link
 * TransactionContext}. Confined to the actor's thread.
 */
public interface ActorWork {

  /** {@link #next()} returns it when the actor's cycle is over. */
  int END_OF_CYCLE = -1;

  /** Prepares the actor's statements on a new connection (again after every reconnect). */
  void prepare(StatementPreparer preparer) throws SQLException;

  /** A cycle begins (a workload without cycles has one, as long as the run). */
  default void cycleStarting(int cycle) {}

  /** The index of the next transaction type, or {@link #END_OF_CYCLE}. */
  int next();

  /**
   * Runs one attempt of a transaction of {@code type}, commit included. An exception ends the
   * attempt: the engine rolls back, and retries it or counts it failed.
   */
  void execute(int type, TransactionContext tx) throws Exception;

  /**
   * The cycle's work is done (not called when it was stopped early).
   *
   * @param actorNanos from the start of its first transaction to the end of its last
   * @return the actor's figures for the cycle, or null when the workload keeps none
   */
  default ActorCycleTimes cycleFinished(int cycle, long actorNanos) {
    return null;
  }

  /**
   * After a finished cycle: put right what failed transactions may have left (untimed, not
   * counted). The default does nothing.
   */
  default void repair(TransactionContext tx) throws Exception {}

  /** Prepares statements for an actor; the engine closes them when the connection goes. */
  interface StatementPreparer {
    PreparedStatement prepare(String sql) throws SQLException;
  }
}
