package io.commitbench.bench;

import io.commitbench.core.dialect.WorkloadSql;
import io.commitbench.core.workload.TextValues;
import io.commitbench.core.workload.paper.RowKeys;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * One plain-loop thread's cycle of the paper's statements on its own connection: every table's
 * inserts, then its selects, updates and deletes, with the keys and values the harness's actor of
 * the same index uses, and nothing around them but the thread's {@link StatementClock}. Public so
 * that a runner in the engine's package can set a cycle of it beside a cycle of the real actor.
 * Confined to one thread.
 */
public final class PlainPaperCycle {

  private final List<PreparedStatement[]> statements = new ArrayList<>();
  private final RowKeys keys;
  private final TextValues texts;
  private final int perTable;
  private final StatementClock clock;

  /** Prepares every table's four statements on {@code connection}, for the actor of index {@code actor}. */
  PlainPaperCycle(Connection connection, List<WorkloadSql> sql, int actor, int perTable, StatementClock clock)
      throws SQLException {
    for (WorkloadSql table : sql) {
      statements.add(new PreparedStatement[] {connection.prepareStatement(table.insert()),
        connection.prepareStatement(table.select()), connection.prepareStatement(table.update()),
        connection.prepareStatement(table.delete())});
    }
    this.keys = new RowKeys(actor, perTable, perTable);
    this.texts = TextValues.forActor(actor, 32);
    this.perTable = perTable;
    this.clock = clock;
  }

  /** A cycle whose statements are not timed. */
  public static PlainPaperCycle untimed(Connection connection, List<WorkloadSql> sql, int actor, int perTable)
      throws SQLException {
    return new PlainPaperCycle(connection, sql, actor, perTable, StatementClock.none());
  }

  /** Statements a cycle issues. */
  public long statementsPerCycle() {
    return 4L * statements.size() * perTable;
  }

  /** Statements its clock timed so far (0 when untimed). */
  long timed() {
    return clock.timed();
  }

  /** Runs one cycle. */
  public void run() throws SQLException {
    for (PreparedStatement[] s : statements) {
      for (int i = 0; i < perTable; i++) {
        s[0].setLong(1, keys.insertKey(i));
        s[0].setString(2, texts.get(i));
        s[0].setString(3, texts.get(i + 1));
        long began = clock.begin();
        s[0].executeUpdate();
        clock.end(began);
      }
    }
    for (PreparedStatement[] s : statements) {
      for (int j = 0; j < perTable; j++) {
        s[1].setLong(1, keys.addressedKey(j));
        long began = clock.begin();
        try (ResultSet rows = s[1].executeQuery()) {
          while (rows.next()) {
            rows.getLong(1);
          }
        }
        clock.end(began);
      }
    }
    for (PreparedStatement[] s : statements) {
      for (int j = 0; j < perTable; j++) {
        s[2].setString(1, texts.get(j + 2));
        s[2].setString(2, texts.get(j + 3));
        s[2].setLong(3, keys.addressedKey(j));
        long began = clock.begin();
        s[2].executeUpdate();
        clock.end(began);
      }
    }
    for (PreparedStatement[] s : statements) {
      for (int j = 0; j < perTable; j++) {
        s[3].setLong(1, keys.deleteFrom(j));
        s[3].setLong(2, keys.deleteTo(j));
        long began = clock.begin();
        s[3].executeUpdate();
        clock.end(began);
      }
    }
  }
}
