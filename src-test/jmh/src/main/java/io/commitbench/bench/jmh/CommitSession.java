package io.commitbench.bench.jmh;

import io.commitbench.core.dialect.WorkloadSql;
import io.commitbench.core.workload.TextValues;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * One benchmark thread's connection (autocommit off) and prepared statements. Thread {@code t}
 * owns the keys from {@code t × }{@value #KEYS_PER_THREAD}, so threads never wait for each
 * other's row locks: whatever they share is the server's log.
 *
 * <p>At setup the thread inserts {@value #UPDATABLE_ROWS} rows that the update benchmarks then
 * change in turn, each time to values different from the row's previous ones (a product may skip
 * writing an update that changes nothing). Inserts take fresh keys after those; the rows they add
 * are deleted, in batches, after every iteration, outside the measurement.
 *
 * <p>Confined to its benchmark thread.
 */
@State(Scope.Thread)
public class CommitSession {

  /** Rows each thread updates in turn; also the most updates one transaction may have. */
  static final int UPDATABLE_ROWS = 256;
  static final long KEYS_PER_THREAD = 1_000_000_000L;
  private static final int DELETE_BATCH = 10_000;

  private Connection connection;
  private PreparedStatement insert;
  private PreparedStatement update;
  private PreparedStatement delete;
  private TextValues texts;
  private long base;
  private long nextInsertKey;
  private long firstUndeletedKey;
  private long updates;

  @Setup(Level.Trial)
  public void open(CommitTarget target) throws SQLException {
    int thread = target.nextThread();
    base = thread * KEYS_PER_THREAD;
    texts = TextValues.forActor(thread, target.textLength());
    connection = target.connect();
    connection.setAutoCommit(false);
    WorkloadSql sql = target.sql();
    insert = connection.prepareStatement(sql.insert());
    update = connection.prepareStatement(sql.update());
    delete = connection.prepareStatement(sql.delete());
    for (int row = 0; row < UPDATABLE_ROWS; row++) {
      // The last variant, so that the first update (variant 0) changes every row.
      insertRow(base + row, TextValues.VARIANTS - 1);
    }
    connection.commit();
    nextInsertKey = base + UPDATABLE_ROWS;
    firstUndeletedKey = nextInsertKey;
  }

  /** Inserts one row with a fresh key and commits; returns the update count (1). */
  int insertCommit() throws SQLException {
    long key = nextInsertKey++;
    int rows = insertRow(key, (int) (key % TextValues.VARIANTS));
    connection.commit();
    return rows;
  }

  /** Updates {@code k} distinct rows by their unique key, then commits; returns the rows changed ({@code k}). */
  int updateCommit(int k) throws SQLException {
    int rows = 0;
    for (int i = 0; i < k; i++) {
      rows += updateNext();
    }
    connection.commit();
    return rows;
  }

  @TearDown(Level.Iteration)
  public void deleteInserted() throws SQLException {
    while (firstUndeletedKey < nextInsertKey) {
      long last = Math.min(firstUndeletedKey + DELETE_BATCH, nextInsertKey) - 1;
      delete.setLong(1, firstUndeletedKey);
      delete.setLong(2, last);
      delete.executeUpdate();
      connection.commit();
      firstUndeletedKey = last + 1;
    }
  }

  @TearDown(Level.Trial)
  public void close() throws SQLException {
    try {
      connection.rollback();
    } finally {
      connection.close();
    }
  }

  private int insertRow(long key, int variant) throws SQLException {
    insert.setLong(1, key);
    insert.setString(2, texts.get(variant));
    insert.setString(3, texts.get(variant + 1));
    return insert.executeUpdate();
  }

  /** The next updatable row in turn, set to the variant after the one it holds. */
  private int updateNext() throws SQLException {
    long n = updates++;
    long key = base + n % UPDATABLE_ROWS;
    int variant = (int) (n / UPDATABLE_ROWS % TextValues.VARIANTS);
    update.setString(1, texts.get(variant));
    update.setString(2, texts.get(variant + 1));
    update.setLong(3, key);
    int rows = update.executeUpdate();
    if (rows != 1) {
      throw new IllegalStateException("updating key " + key + " changed " + rows + " rows, expected 1");
    }
    return rows;
  }
}
