package io.commitbench.core.run;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.OperationKind;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Random;

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

  /** Distinct text values per actor; enough variety for the indexes, nothing generated per statement. */
  private static final int TEXT_VARIANTS = 64;

  private final int index;
  private final PaperWorkload workload;
  private final ActorSession session;
  private final Dialect dialect;
  private final Measurements measurements;
  private final StopSignal stop;
  private final RowKeys keys;
  private final String[] texts;
  private final Map<OperationKind, Long> cycleNanos = new EnumMap<>(OperationKind.class);
  private int uncommitted;

  PaperActor(int index, PaperWorkload workload, ActorSession session, Dialect dialect, Measurements measurements,
      StopSignal stop) {
    this.index = index;
    this.workload = workload;
    this.session = session;
    this.dialect = dialect;
    this.measurements = measurements;
    this.stop = stop;
    this.keys = new RowKeys(index, workload.inserts(), workload.deletes());
    this.texts = randomTexts(new Random(index), workload.textLength());
  }

  @Override
  public void open() throws SQLException {
    session.open();
  }

  @Override
  public ActorCycleTimes runCycle(int cycle) throws Exception {
    OperationKind.PHASES.forEach(k -> cycleNanos.put(k, 0L));
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
    return new ActorCycleTimes(cycle, index + 1, actorNanos, cycleNanos.get(OperationKind.INSERT),
        cycleNanos.get(OperationKind.SELECT), cycleNanos.get(OperationKind.UPDATE), cycleNanos.get(OperationKind.DELETE));
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
      measurements.recordSuccess(kind, latency);
      cycleNanos.merge(kind, latency, Long::sum);
      afterStatement();
    } catch (SQLException e) {
      onError(kind, e);
    }
  }

  private void bind(PreparedStatement statement, OperationKind kind, int j) throws SQLException {
    switch (kind) {
      case INSERT -> {
        statement.setLong(1, keys.insertKey(j));
        statement.setString(2, texts[j % TEXT_VARIANTS]);
        statement.setString(3, texts[(j + 1) % TEXT_VARIANTS]);
      }
      case SELECT -> statement.setLong(1, keys.addressedKey(j));
      case UPDATE -> {
        statement.setString(1, texts[(j + 2) % TEXT_VARIANTS]);
        statement.setString(2, texts[(j + 3) % TEXT_VARIANTS]);
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
      measurements.recordSuccess(OperationKind.COMMIT, System.nanoTime() - began);
      measurements.recordTransaction();
    } catch (SQLException e) {
      onError(OperationKind.COMMIT, e);
    }
    uncommitted = 0;
  }

  /** Counts the error; reconnects when the connection is gone, else rolls back an open transaction. */
  private void onError(OperationKind kind, SQLException e) throws Exception {
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

  private static String[] randomTexts(Random random, int length) {
    String alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    String[] texts = new String[TEXT_VARIANTS];
    for (int i = 0; i < TEXT_VARIANTS; i++) {
      StringBuilder text = new StringBuilder(length);
      for (int c = 0; c < length; c++) {
        text.append(alphabet.charAt(random.nextInt(alphabet.length())));
      }
      texts[i] = text.toString();
    }
    return texts;
  }
}
