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
   * Whether the actor's user pauses before its transactions ({@link #pauseNanos}); asked once,
   * before the first transaction. The default: no, the engine's pacing alone decides.
   */
  default boolean pauses() {
    return false;
  }

  /**
   * How long the actor's user pauses before the transaction of {@code type} that {@link #next()}
   * just chose, in nanoseconds, on top of the engine's pacing: for a workload that models its
   * users' own times per transaction type, such as TPC-C's keying time before a transaction and
   * think time after the one before. The engine waits it out (a stop ends the wait), and the
   * transaction's response time counts from the end of the pause. Called once per transaction
   * when {@link #pauses()} is true.
   */
  default long pauseNanos(int type) {
    return 0;
  }

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
