package io.commitbench.core.workload.commit;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TextValues;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * One actor of the commit workload: each transaction writes k rows and commits. Actors own
 * disjoint key ranges, so they never wait for each other's row locks: what a commit waits for is
 * the log. Confined to the actor's thread.
 */
final class CommitActorWork implements ActorWork {

  /** Keys of actor a start at a × 2^40: room for a trillion rows each, far beyond any run. */
  private static final int ACTOR_SHIFT = 40;

  private final int index;
  private final CommitMode mode;
  private final int rows;
  private final int preload;
  private final String sql;
  private final TextValues payloads;
  private final SplittableRandom random;
  private PreparedStatement statement;
  /** Rows written so far: the next key in insert mode, the next payload in both. */
  private long written;
  /** The end of the keys the last attempt wrote, committed or not. */
  private long attempted;

  CommitActorWork(int index, CommitMode mode, int rows, int preload, String sql, TextValues payloads) {
    this.index = index;
    this.mode = mode;
    this.rows = rows;
    this.preload = preload;
    this.sql = sql;
    this.payloads = payloads;
    this.random = new SplittableRandom(index);
  }

  static long keyOf(int actor, long row) {
    return ((long) actor << ACTOR_SHIFT) + row;
  }

  /**
   * On a new connection the keys of an attempt the old one may have committed are skipped: a
   * connection lost during a commit leaves its outcome unknown (the server may have committed
   * before the reply was lost), and writing them again would fail with a duplicate key each time.
   */
  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    statement = preparer.prepare(sql);
    written = Math.max(written, attempted);
  }

  @Override
  public int next() {
    return 0;
  }

  @Override
  public void execute(int type, TransactionContext tx) throws Exception {
    long first = mode == CommitMode.INSERT ? written : random.nextLong(preload);
    attempted = mode == CommitMode.INSERT ? first + rows : 0;
    for (int i = 0; i < rows; i++) {
      long row = mode == CommitMode.INSERT ? first + i : (first + i) % preload;
      // A new value each time: InnoDB writes no redo for an update that changes nothing.
      String payload = payloads.get((int) ((written + i) % TextValues.VARIANTS));
      if (mode == CommitMode.INSERT) {
        statement.setLong(1, keyOf(index, row));
        statement.setString(2, payload);
        tx.update(OperationKind.INSERT, statement);
      } else {
        statement.setString(1, payload);
        statement.setLong(2, keyOf(index, row));
        tx.update(OperationKind.UPDATE, statement);
      }
    }
    tx.commit();
    written += rows; // only once committed: a retry on the same connection writes the same keys again
  }
}
