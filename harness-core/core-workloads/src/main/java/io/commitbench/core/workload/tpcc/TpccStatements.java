package io.commitbench.core.workload.tpcc;

import io.commitbench.core.workload.ActorWork.StatementPreparer;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * A terminal's statements, prepared once per connection ({@link #prepare}, again after a
 * reconnect): each of {@link TpccSql}, and New-Order's stock read once per district, whose
 * s_dist_xx column it reads.
 */
final class TpccStatements {

  private final TpccNames names;
  private final PreparedStatement[] statements = new PreparedStatement[TpccSql.values().length];
  private final PreparedStatement[] stockByDistrict = new PreparedStatement[TpccInputs.DISTRICTS];

  TpccStatements(TpccNames names) {
    this.names = names;
  }

  void prepare(StatementPreparer preparer) throws SQLException {
    for (TpccSql sql : TpccSql.values()) {
      if (sql != TpccSql.NEW_ORDER_STOCK) {
        statements[sql.ordinal()] = preparer.prepare(sql.sql(names));
      }
    }
    for (int d = 1; d <= stockByDistrict.length; d++) {
      stockByDistrict[d - 1] = preparer.prepare(TpccSql.NEW_ORDER_STOCK.sql(names, d));
    }
  }

  /** The prepared statement of {@code sql}, its parameters to be set. */
  PreparedStatement of(TpccSql sql) {
    return statements[sql.ordinal()];
  }

  /** New-Order's stock read for an order of {@code district} (1 to 10). */
  PreparedStatement stock(int district) {
    return stockByDistrict[district - 1];
  }
}
