package io.commitbench.core.workload.tpcc;

import static io.commitbench.core.workload.tpcc.MissingRows.require;
import static io.commitbench.core.workload.tpcc.TpccSql.*;

import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The Order-Status transaction (clause 2.6.2), read-only: the customer (by id, or by last name as
 * Payment finds one), the customer's last order (the highest o_id, through the orders-by-customer
 * index) and its lines.
 */
final class OrderStatus {

  /**
   * The terminal's inputs (clause 2.6.1).
   *
   * @param warehouse the home warehouse
   * @param district drawn in 1 to 10
   * @param customerId NURand(1023, 1, 3000) in 40 %; 0 when the customer is found by name
   * @param lastName in 60 % a name of NURand(255, 0, 999); null when the customer is found by id
   */
  record Input(int warehouse, int district, int customerId, String lastName) {
    boolean byName() {
      return lastName != null;
    }
  }

  /** What the terminal shows: the customer, the last order's id (0 when there is none) and its lines. */
  record Outcome(int customerId, int orderId, int lines) {}

  private final TpccStatements statements;

  OrderStatus(TpccStatements statements) {
    this.statements = statements;
  }

  Outcome run(Input input, TransactionContext tx) throws SQLException {
    int w = input.warehouse();
    int d = input.district();
    int c = input.byName()
        ? CustomerByLastName.middleId(statements, ORDER_STATUS_CUSTOMERS_BY_NAME, w, d, input.lastName(), tx)
        : customerById(w, d, input.customerId(), tx);

    PreparedStatement s = statements.of(ORDER_STATUS_LAST_ORDER);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, c);
    s.setInt(4, w);
    s.setInt(5, d);
    s.setInt(6, c);
    int[] orderId = new int[1];
    tx.query(ORDER_STATUS_LAST_ORDER.kind, s, row -> orderId[0] = row.getInt(1));
    int lines = 0;
    if (orderId[0] != 0) {
      s = statements.of(ORDER_STATUS_LINES);
      s.setInt(1, w);
      s.setInt(2, d);
      s.setInt(3, orderId[0]);
      lines = tx.query(ORDER_STATUS_LINES.kind, s);
    }
    tx.commit();
    return new Outcome(c, orderId[0], lines);
  }

  private int customerById(int w, int d, int c, TransactionContext tx) throws SQLException {
    PreparedStatement s = statements.of(ORDER_STATUS_CUSTOMER);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, c);
    require(tx.query(ORDER_STATUS_CUSTOMER.kind, s), "customer", w, d, c);
    return c;
  }
}
