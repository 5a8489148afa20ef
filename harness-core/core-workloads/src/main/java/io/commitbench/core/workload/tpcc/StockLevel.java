package io.commitbench.core.workload.tpcc;

import static io.commitbench.core.workload.tpcc.MissingRows.require;
import static io.commitbench.core.workload.tpcc.TpccSql.*;

import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The Stock-Level transaction (clause 2.8.2), read-only: how many distinct items of the home
 * district's last 20 orders have less stock in the home warehouse than the threshold.
 */
final class StockLevel {

  /** The orders it looks at: those below the district's next order id, at most this many back. */
  static final int LAST_ORDERS = 20;

  /**
   * The terminal's inputs (clause 2.8.1).
   *
   * @param warehouse the home warehouse
   * @param district the terminal's own district, the same in all its Stock-Levels
   * @param threshold drawn in 10 to 20
   */
  record Input(int warehouse, int district, int threshold) {}

  private final TpccStatements statements;

  StockLevel(TpccStatements statements) {
    this.statements = statements;
  }

  /** Returns the number of items low in stock. */
  int run(Input input, TransactionContext tx) throws SQLException {
    int w = input.warehouse();
    int d = input.district();
    PreparedStatement s = statements.of(STOCK_LEVEL_DISTRICT);
    s.setInt(1, w);
    s.setInt(2, d);
    int[] next = new int[1];
    require(tx.query(STOCK_LEVEL_DISTRICT.kind, s, row -> next[0] = row.getInt(1)), "district", w, d);
    s = statements.of(STOCK_LEVEL_LOW_STOCK);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, next[0]);
    s.setInt(4, next[0] - LAST_ORDERS);
    s.setInt(5, w);
    s.setInt(6, input.threshold());
    int[] low = new int[1];
    tx.query(STOCK_LEVEL_LOW_STOCK.kind, s, row -> low[0] = row.getInt(1));
    tx.commit();
    return low[0];
  }
}
