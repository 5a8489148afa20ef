package io.commitbench.core.run;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.ActorRecorder;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.OperationKind;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * One actor of the paper's testframe. In each cycle it runs its inserts on every table, then
 * its selects, then its updates, then its deletes, on its own keys ({@link RowKeys}). Every
 * statement is timed; with autocommit off, a commit follows every {@code commit.interval}
 * statements and ends every phase, and is timed as {@link OperationKind#COMMIT}.
 *
 * <p>A failed statement is counted by its {@link ErrorClass} and the actor goes on with the next
 * one; a lost connection is re-established first. Confined to the actor's thread.
 */
final class PaperActor implements ActorBody {

  private final int index;
  private final PaperWorkload workload;
  private final ActorSession session;
  private final Dialect dialect;
  private final Measurements measurements;
  private final StopSignal stop;
  private final RowKeys keys;
  private final TextValues texts;
  private final ActorRecorder recorder;
  /** Summed latency per DML kind in the current cycle, indexed by ordinal. */
  private final long[] cycleNanos = new long[OperationKind.values().length];
  private int uncommitted;
  /** A delete failed this cycle, so some of the actor's rows may have survived it. */
  private boolean rowsMayRemain;

  PaperActor(int index, PaperWorkload workload, ActorSession session, Dialect dialect, Measurements measurements,
      StopSignal stop) {
    this.index = index;
    this.workload = workload;
    this.session = session;
    this.dialect = dialect;
    this.measurements = measurements;
    this.stop = stop;
    this.keys = new RowKeys(index, workload.inserts(), workload.deletes());
    this.texts = TextValues.forActor(index, workload.textLength());
    this.recorder = measurements.newActorRecorder();
  }

  @Override
  public void open() throws ReconnectFailedException, InterruptedException {
    session.open();
  }

  @Override
  public ActorCycleTimes runCycle(int cycle) throws Exception {
    java.util.Arrays.fill(cycleNanos, 0);
    long start = System.nanoTime();
    for (OperationKind phase : OperationKind.PHASES) {
      int count = workload.perTable(phase);
      for (int table = 0; table < workload.tables(); table++) {
        for (int j = 0; j < count; j++) {
          if (stop.isRequested()) {
            rollbackQuietly();
            return null;
          }
          execute(phase, table, j);
        }
      }
      commitPending();
    }
    long actorNanos = System.nanoTime() - start;
    if (rowsMayRemain && workload.inserts() > 0) {
      removeLeftoverRows();
    }
    return new ActorCycleTimes(cycle, index + 1, actorNanos, cycleNanos[OperationKind.INSERT.ordinal()],
        cycleNanos[OperationKind.SELECT.ordinal()], cycleNanos[OperationKind.UPDATE.ordinal()],
        cycleNanos[OperationKind.DELETE.ordinal()]);
  }

  private void execute(OperationKind kind, int table, int j) throws Exception {
    PreparedStatement statement = session.statement(table, kind);
    long began = 0;
    try {
      bind(statement, kind, j);
      began = System.nanoTime();
      if (kind == OperationKind.SELECT) {
        try (ResultSet rows = statement.executeQuery()) {
          while (rows.next()) {
            rows.getLong(1);
          }
        }
      } else {
        statement.executeUpdate();
      }
      long latency = System.nanoTime() - began;
      recorder.recordSuccess(kind, latency);
      cycleNanos[kind.ordinal()] += latency;
      afterStatement();
    } catch (SQLException e) {
      onError(kind, e);
    }
  }

  private void bind(PreparedStatement statement, OperationKind kind, int j) throws SQLException {
    switch (kind) {
      case INSERT -> {
        statement.setLong(1, keys.insertKey(j));
        statement.setString(2, texts.get(j));
        statement.setString(3, texts.get(j + 1));
      }
      case SELECT -> statement.setLong(1, keys.addressedKey(j));
      case UPDATE -> {
        statement.setString(1, texts.get(j + 2));
        statement.setString(2, texts.get(j + 3));
        statement.setLong(3, keys.addressedKey(j));
      }
      case DELETE -> {
        statement.setLong(1, keys.deleteFrom(j));
        statement.setLong(2, keys.deleteTo(j));
      }
      case COMMIT -> throw new IllegalArgumentException("COMMIT is not a statement");
    }
  }

  private void afterStatement() throws Exception {
    if (workload.autocommit()) {
      measurements.recordTransaction();
    } else if (++uncommitted >= workload.commitInterval()) {
      commitPending();
    }
  }

  private void commitPending() throws Exception {
    if (workload.autocommit() || uncommitted == 0) {
      return;
    }
    long began = System.nanoTime();
    try {
      session.connection().commit();
      recorder.recordSuccess(OperationKind.COMMIT, System.nanoTime() - began);
      measurements.recordTransaction();
    } catch (SQLException e) {
      onError(OperationKind.COMMIT, e);
    }
    uncommitted = 0;
  }

  /** Counts the error; reconnects when the connection is gone, else rolls back an open transaction. */
  private void onError(OperationKind kind, SQLException e) throws Exception {
    if (kind == OperationKind.DELETE || kind == OperationKind.COMMIT) {
      rowsMayRemain = true;
    }
    ErrorClass errorClass = dialect.classify(e);
    measurements.recordError(kind, errorClass);
    if (errorClass == ErrorClass.CONNECTION_LOST || !connectionAlive()) {
      uncommitted = 0;
      session.reconnect(e);
      measurements.recordReconnect();
    } else {
      rollbackQuietly();
    }
  }

  /**
   * After a failed delete, removes what is left of the actor's rows, so the next cycle's inserts
   * do not collide with them: the cycle leaves the tables as it found them even after a failure.
   * It runs after the actor's time is taken and is neither timed nor counted: it is repair, not
   * workload. If it fails too, the rows stay and a later insert's error is counted as it happens.
   */
  private void removeLeftoverRows() throws Exception {
    try {
      for (int table = 0; table < workload.tables(); table++) {
        PreparedStatement delete = session.statement(table, OperationKind.DELETE);
        delete.setLong(1, keys.base());
        delete.setLong(2, keys.base() + workload.inserts() - 1);
        delete.executeUpdate();
      }
      if (!workload.autocommit()) {
        session.connection().commit();
      }
      rowsMayRemain = false;
    } catch (SQLException e) {
      if (dialect.classify(e) == ErrorClass.CONNECTION_LOST || !connectionAlive()) {
        session.reconnect(e);
        measurements.recordReconnect();
      } else {
        rollbackQuietly();
      }
    }
  }

  private boolean connectionAlive() {
    try {
      return session.connection().isValid(1);
    } catch (SQLException e) {
      return false;
    }
  }

  /** Abandons the open transaction (a failed statement aborts it on some servers). */
  private void rollbackQuietly() {
    if (workload.autocommit() || session.connection() == null) {
      return;
    }
    try {
      session.connection().rollback();
    } catch (SQLException ignored) {
      // The rollback's own failure changes nothing: the transaction is gone either way.
    }
    uncommitted = 0;
  }

  @Override
  public void close() {
    rollbackQuietly();
    session.close();
  }
}
