package io.commitbench.core.workload.paper;

import io.commitbench.core.dialect.WorkloadSql;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TextValues;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

/**
 * One actor of the paper's testframe. In each cycle it runs its inserts on every table, then its
 * selects, then its updates, then its deletes, on its own keys ({@link RowKeys}). With autocommit
 * every statement is a transaction; without, a transaction is {@code commit.interval} statements
 * of one phase and their commit (a phase's remainder commits at its end).
 *
 * <p>A failed statement is counted by its error class and the actor goes on with the next one
 * ({@link TransactionContext#continueAfter}), so every planned statement is counted once, as a
 * success or as an error. Confined to the actor's thread.
 */
final class PaperActorWork implements ActorWork {

  private static final int KINDS = OperationKind.values().length;

  private final int index;
  private final PaperSettings settings;
  private final List<WorkloadSql> sql;
  private final RowKeys keys;
  private final TextValues texts;
  /** By table index, then by {@link OperationKind#ordinal()}. */
  private PreparedStatement[][] statements = new PreparedStatement[0][];
  /** Summed latency per DML kind in the current cycle, indexed by ordinal. */
  private final long[] cycleNanos = new long[KINDS];
  private final long[] attemptNanos = new long[KINDS];
  /** Where the cycle stands: phase (index into PHASES), table, statement within the table. */
  private int phase;
  private int table;
  private int statement;
  /** A delete or commit failed this cycle, so some of the actor's rows may have survived it. */
  private boolean rowsMayRemain;

  PaperActorWork(int index, PaperSettings settings, List<WorkloadSql> sql) {
    this.index = index;
    this.settings = settings;
    this.sql = sql;
    this.keys = new RowKeys(index, settings.inserts(), settings.deletes());
    this.texts = TextValues.forActor(index, settings.textLength());
  }

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    PreparedStatement[][] prepared = new PreparedStatement[sql.size()][KINDS];
    for (int t = 0; t < sql.size(); t++) {
      WorkloadSql s = sql.get(t);
      prepared[t][OperationKind.INSERT.ordinal()] = preparer.prepare(s.insert());
      prepared[t][OperationKind.SELECT.ordinal()] = preparer.prepare(s.select());
      prepared[t][OperationKind.UPDATE.ordinal()] = preparer.prepare(s.update());
      prepared[t][OperationKind.DELETE.ordinal()] = preparer.prepare(s.delete());
    }
    statements = prepared;
  }

  @Override
  public void cycleStarting(int cycle) {
    Arrays.fill(cycleNanos, 0);
    phase = 0;
    table = 0;
    statement = 0;
    skipEmpty();
  }

  @Override
  public int next() {
    return phase < OperationKind.PHASES.size() ? phase : END_OF_CYCLE;
  }

  @Override
  public void execute(int type, TransactionContext tx) throws Exception {
    OperationKind kind = OperationKind.PHASES.get(type);
    Arrays.fill(attemptNanos, 0);
    int t = table;
    int j = statement;
    int count = settings.perTable(kind);
    int group = settings.autocommit() ? 1 : settings.commitInterval();
    for (int n = 0; n < group && t < settings.tables(); n++) {
      run(kind, t, j, tx);
      if (++j == count) {
        j = 0;
        t++;
      }
    }
    if (!settings.autocommit()) {
      try {
        tx.commit();
      } catch (SQLException e) {
        rowsMayRemain = true;
        tx.continueAfter(e);
      }
    }
    // The attempt is done (a retried one threw before this point): take its figures and move on.
    for (int k = 0; k < KINDS; k++) {
      cycleNanos[k] += attemptNanos[k];
    }
    table = t;
    statement = j;
    if (table == settings.tables()) {
      phase++;
      table = 0;
      statement = 0;
      skipEmpty();
    }
  }

  private void run(OperationKind kind, int t, int j, TransactionContext tx) throws Exception {
    PreparedStatement s = statements[t][kind.ordinal()];
    try {
      bind(s, kind, j);
      if (kind == OperationKind.SELECT) {
        tx.query(kind, s);
      } else {
        tx.update(kind, s);
      }
      attemptNanos[kind.ordinal()] += tx.lastNanos();
    } catch (SQLException e) {
      if (kind == OperationKind.DELETE) {
        rowsMayRemain = true;
      }
      tx.continueAfter(e);
    }
  }

  /** Moves past phases with no statements, so {@link #next} names only phases with work. */
  private void skipEmpty() {
    while (phase < OperationKind.PHASES.size() && settings.perTable(OperationKind.PHASES.get(phase)) == 0) {
      phase++;
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

  @Override
  public ActorCycleTimes cycleFinished(int cycle, long actorNanos) {
    return new ActorCycleTimes(cycle, index + 1, actorNanos, cycleNanos[OperationKind.INSERT.ordinal()],
        cycleNanos[OperationKind.SELECT.ordinal()], cycleNanos[OperationKind.UPDATE.ordinal()],
        cycleNanos[OperationKind.DELETE.ordinal()]);
  }

  /**
   * After a failed delete or commit, removes what is left of the actor's rows, so the next
   * cycle's inserts do not collide with them: the cycle leaves the tables as it found them even
   * after a failure. Neither timed nor counted: it is repair, not workload.
   */
  @Override
  public void repair(TransactionContext tx) throws Exception {
    if (!rowsMayRemain || settings.inserts() == 0) {
      return;
    }
    for (int t = 0; t < settings.tables(); t++) {
      PreparedStatement delete = statements[t][OperationKind.DELETE.ordinal()];
      delete.setLong(1, keys.base());
      delete.setLong(2, keys.base() + settings.inserts() - 1);
      delete.executeUpdate();
    }
    if (!settings.autocommit()) {
      tx.connection().commit();
    }
    rowsMayRemain = false;
  }
}
