package io.commitbench.core.workload.tpcc;

import static io.commitbench.core.workload.tpcc.MissingRows.require;
import static io.commitbench.core.workload.tpcc.TpccSql.*;

import io.commitbench.core.workload.TransactionContext;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.sql.Timestamp;

/**
 * The Delivery transaction (clause 2.7.4), run in the terminal's own transaction rather than
 * queued (so its completion time is its response time): for each district of the home warehouse,
 * the oldest undelivered order is delivered — its new-order row deleted, its carrier set, its lines
 * dated, their amount added to the customer's balance — and a district without one is skipped.
 *
 * <p>The oldest new order is read with a lock. When another Delivery on the same warehouse took it
 * first, the locking read finds nothing although the district still has new orders; under snapshot
 * reads the same statement would find that gone row again, so the transaction is given up as a
 * serialization failure (SQLState 40001), which the engine retries as it retries the server's own
 * ({@code retry.max}).
 */
final class Delivery {

  /** The standard's SQLState for a transaction that cannot be serialized with a concurrent one. */
  static final String SERIALIZATION_FAILURE = "40001";

  /**
   * The terminal's inputs (clause 2.7.1).
   *
   * @param warehouse the home warehouse
   * @param carrierId drawn in 1 to 10
   */
  record Input(int warehouse, int carrierId) {}

  private final TpccStatements statements;

  Delivery(TpccStatements statements) {
    this.statements = statements;
  }

  /** Delivers an order in each district that has one; returns the districts delivered (the rest were skipped). */
  int run(Input input, TransactionContext tx) throws SQLException {
    int w = input.warehouse();
    Timestamp delivered = new Timestamp(System.currentTimeMillis());
    int districts = 0;
    for (int d = 1; d <= TpccInputs.DISTRICTS; d++) {
      if (deliver(w, d, input.carrierId(), delivered, tx)) {
        districts++;
      }
    }
    tx.commit();
    return districts;
  }

  /** Delivers the district's oldest undelivered order; false when it has none. */
  private boolean deliver(int w, int d, int carrier, Timestamp delivered, TransactionContext tx)
      throws SQLException {
    PreparedStatement s = statements.of(DELIVERY_OLDEST_NEW_ORDER);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, w);
    s.setInt(4, d);
    int[] orderId = new int[1];
    if (tx.query(DELIVERY_OLDEST_NEW_ORDER.kind, s, row -> orderId[0] = row.getInt(1)) == 0) {
      if (hasNewOrder(w, d, tx)) {
        throw new SQLTransactionRollbackException("the oldest new order of district " + d + " of warehouse " + w
            + " was delivered by a concurrent Delivery", SERIALIZATION_FAILURE);
      }
      return false;
    }
    s = statements.of(DELIVERY_DELETE_NEW_ORDER);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, orderId[0]);
    tx.update(DELIVERY_DELETE_NEW_ORDER.kind, s);

    s = statements.of(DELIVERY_ORDER);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, orderId[0]);
    int[] customerId = new int[1];
    require(tx.query(DELIVERY_ORDER.kind, s, row -> customerId[0] = row.getInt(1)), "orders", w, d, orderId[0]);
    s = statements.of(DELIVERY_ORDER_CARRIER);
    s.setInt(1, carrier);
    s.setInt(2, w);
    s.setInt(3, d);
    s.setInt(4, orderId[0]);
    tx.update(DELIVERY_ORDER_CARRIER.kind, s);

    s = statements.of(DELIVERY_LINES_DELIVERED);
    s.setTimestamp(1, delivered);
    s.setInt(2, w);
    s.setInt(3, d);
    s.setInt(4, orderId[0]);
    tx.update(DELIVERY_LINES_DELIVERED.kind, s);
    s = statements.of(DELIVERY_LINES_AMOUNT);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, orderId[0]);
    BigDecimal[] amount = new BigDecimal[1];
    tx.query(DELIVERY_LINES_AMOUNT.kind, s, row -> amount[0] = row.getBigDecimal(1));

    s = statements.of(DELIVERY_CUSTOMER);
    s.setBigDecimal(1, amount[0] == null ? BigDecimal.ZERO : amount[0]);
    s.setInt(2, w);
    s.setInt(3, d);
    s.setInt(4, customerId[0]);
    tx.update(DELIVERY_CUSTOMER.kind, s);
    return true;
  }

  /** Whether the district has an undelivered order, as the transaction sees it. */
  private boolean hasNewOrder(int w, int d, TransactionContext tx) throws SQLException {
    PreparedStatement s = statements.of(DELIVERY_ANY_NEW_ORDER);
    s.setInt(1, w);
    s.setInt(2, d);
    boolean[] any = new boolean[1];
    tx.query(DELIVERY_ANY_NEW_ORDER.kind, s, row -> {
      row.getInt(1);
      any[0] = !row.wasNull();
    });
    return any[0];
  }
}
