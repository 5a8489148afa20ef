package io.commitbench.core.workload.index;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.SplittableRandom;

/**
 * One user of the index test. Cycle 1: it inserts its share of N in multi-row INSERTs of {@code
 * index.batch} records, each with a random 8-byte key drawn as it goes and fields from its
 * {@link TickWalk}, each INSERT a transaction. Cycles 2 and 3 (the first and the second read):
 * it reads its part of the key range ({@link KeyRange}) in key order, page after page, each page
 * starting after the last key of the one before, and checks that the keys come in order.
 * Confined to the actor's thread; the figures go to the shared {@link IndexProgress}.
 */
final class IndexActorWork implements ActorWork {

  private final String insertFullSql;
  private final String insertRestSql;
  private final String readSql;
  private final long share;
  private final int batch;
  private final int page;
  private final KeyRange range;
  private final SplittableRandom keys;
  private final TickWalk walk;
  private final IndexProgress progress;
  private PreparedStatement insertFull;
  private PreparedStatement insertRest;
  private PreparedStatement read;
  /** The transaction type of the current cycle (its phase); past the last one when the run is over. */
  private int phase;
  private long inserted;
  /** The first key of the next page of a read; its part is read when {@code readDone}. */
  private long nextFrom;
  private boolean readDone;

  /**
   * @param insertSql a multi-row INSERT of the given number of rows
   * @param share the records this user inserts
   */
  IndexActorWork(java.util.function.IntFunction<String> insertSql, String readSql, long share, int batch, int page,
      KeyRange range, long seed, IndexProgress progress) {
    this.share = share;
    this.batch = batch;
    this.page = page;
    this.insertFullSql = share >= batch ? insertSql.apply(batch) : null;
    this.insertRestSql = share % batch != 0 ? insertSql.apply((int) (share % batch)) : null;
    this.readSql = readSql;
    this.range = range;
    SplittableRandom random = new SplittableRandom(seed);
    this.keys = random.split();
    this.walk = new TickWalk(random.split());
    this.progress = progress;
  }

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    insertFull = insertFullSql == null ? null : preparer.prepare(insertFullSql);
    insertRest = insertRestSql == null ? null : preparer.prepare(insertRestSql);
    read = preparer.prepare(readSql);
  }

  @Override
  public void cycleStarting(int cycle) {
    phase = cycle - 1;
    nextFrom = range.from();
    readDone = false;
  }

  @Override
  public int next() {
    if (phase == IndexProgress.INSERT) {
      return inserted < share ? IndexProgress.INSERT : END_OF_CYCLE;
    }
    return phase < IndexProgress.PHASES && !readDone ? phase : END_OF_CYCLE;
  }

  @Override
  public void execute(int type, TransactionContext tx) throws Exception {
    if (type == IndexProgress.INSERT) {
      insert(tx);
    } else {
      readPage(type, tx);
    }
  }

  private void insert(TransactionContext tx) throws SQLException {
    int rows = (int) Math.min(batch, share - inserted);
    PreparedStatement statement = rows == batch ? insertFull : insertRest;
    int p = 1;
    for (int r = 0; r < rows; r++) {
      walk.step();
      statement.setLong(p++, keys.nextLong());
      statement.setLong(p++, walk.time());
      statement.setDouble(p++, walk.bid());
      statement.setDouble(p++, walk.ask());
      statement.setInt(p++, walk.bidSize());
      statement.setInt(p++, walk.askSize());
      statement.setString(p++, walk.symbol());
      statement.setString(p++, walk.provider());
    }
    progress.starting(IndexProgress.INSERT, System.nanoTime());
    tx.update(OperationKind.INSERT, statement);
    inserted += rows;
    progress.inserted(rows, System.nanoTime());
  }

  private void readPage(int phase, TransactionContext tx) throws SQLException {
    read.setLong(1, nextFrom);
    read.setLong(2, range.to());
    PageOrder order = new PageOrder(nextFrom);
    progress.starting(phase, System.nanoTime());
    int rows = tx.query(OperationKind.SELECT, read, row -> {
      order.next(row.getLong(1));
      row.getLong(2);
      row.getDouble(3);
      row.getDouble(4);
      row.getInt(5);
      row.getInt(6);
      row.getString(7);
      row.getString(8);
    });
    progress.read(phase, rows, order.outOfOrder, System.nanoTime());
    if (rows < page || order.last == range.to()) {
      readDone = true;
    } else {
      nextFrom = order.last + 1;
    }
  }

  /** The keys of one page as they come: the last one, and how many came after a larger one or outside the page. */
  static final class PageOrder {
    private long last;
    private boolean any;
    private final long from;
    long outOfOrder;

    PageOrder(long from) {
      this.from = from;
    }

    void next(long key) {
      if (key < from || any && key <= last) {
        outOfOrder++;
      }
      last = Math.max(any ? last : key, key);
      any = true;
    }

    long last() {
      return last;
    }
  }
}
