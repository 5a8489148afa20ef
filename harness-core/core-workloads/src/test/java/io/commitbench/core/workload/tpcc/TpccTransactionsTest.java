package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.script.H2Transaction;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The five transactions on a real (H2) database of two warehouses: what each changes, what a
 * rolled back New-Order leaves (nothing), and how a Delivery that lost its order to another fails.
 */
class TpccTransactionsTest {

  /** Per district: 8 customers of 3 last names, orders 1 to 3 (1 delivered), 30 items. */
  private static final TinyTpccDatabase.Shape SHAPE = new TinyTpccDatabase.Shape(2, 8, 3, 30, 3, 2);

  private TinyTpccDatabase db;
  private Connection connection;
  private TpccStatements statements;
  private H2Transaction tx;

  @BeforeEach
  void database() throws SQLException {
    db = new TinyTpccDatabase(SHAPE);
    connection = db.connect();
    statements = new TpccStatements(db.names);
    statements.prepare(connection::prepareStatement);
    tx = new H2Transaction(connection);
  }

  @AfterEach
  void close() throws SQLException {
    connection.close();
    db.close();
  }

  private String t(TpccTable table) {
    return db.name(table);
  }

  @Test
  void newOrderEntersTheOrderItsLinesAndTakesTheStock() throws SQLException {
    db.execute("UPDATE " + t(TpccTable.STOCK) + " SET s_quantity = 15 WHERE s_i_id = 5 AND s_w_id = 1");
    NewOrder.Input input = new NewOrder.Input(1, 3, 2,
        List.of(new NewOrder.Line(5, 1, 10), new NewOrder.Line(1, 2, 3)));

    NewOrder.Outcome outcome = new NewOrder(statements).run(input, tx);

    assertThat(outcome.committed()).isTrue();
    assertThat(outcome.orderId()).isEqualTo(SHAPE.orders() + 1);
    // (5 x 1.05 x 2 + 3 x 1.01) x (1 - 0.1) x (1 + 0.1 + 0.05), lines (10.50 + 3.03) = 13.53
    assertThat(outcome.total()).isEqualByComparingTo("14.00");
    String order = " WHERE o_w_id = 1 AND o_d_id = 3 AND o_id = 4";
    assertThat(db.number("SELECT d_next_o_id FROM " + t(TpccTable.DISTRICT) + " WHERE d_w_id = 1 AND d_id = 3"))
        .isEqualTo(5);
    assertThat(db.number("SELECT d_next_o_id FROM " + t(TpccTable.DISTRICT) + " WHERE d_w_id = 1 AND d_id = 4"))
        .isEqualTo(4);
    assertThat(db.number("SELECT o_ol_cnt FROM " + t(TpccTable.ORDERS) + order)).isEqualTo(2);
    assertThat(db.number("SELECT o_all_local FROM " + t(TpccTable.ORDERS) + order)).isZero();
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDERS) + order + " AND o_carrier_id IS NULL"
        + " AND o_c_id = 2 AND o_entry_d IS NOT NULL")).isEqualTo(1);
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.NEW_ORDER)
        + " WHERE no_w_id = 1 AND no_d_id = 3 AND no_o_id = 4")).isEqualTo(1);
    String lines = " FROM " + t(TpccTable.ORDER_LINE) + " WHERE ol_w_id = 1 AND ol_d_id = 3 AND ol_o_id = 4";
    assertThat(db.number("SELECT COUNT(*)" + lines + " AND ol_delivery_d IS NULL")).isEqualTo(2);
    // Worked in the order of their items: item 1 is line 1.
    assertThat(db.number("SELECT ol_i_id" + lines + " AND ol_number = 1")).isEqualTo(1);
    assertThat(db.number("SELECT ol_supply_w_id" + lines + " AND ol_number = 1")).isEqualTo(2);
    assertThat(db.decimal("SELECT ol_amount" + lines + " AND ol_number = 2")).isEqualByComparingTo("10.50");
    assertThat(db.text("SELECT ol_dist_info" + lines + " AND ol_number = 2").trim()).isEqualTo("dist 3 of 5");

    String stock5 = " FROM " + t(TpccTable.STOCK) + " WHERE s_i_id = 5 AND s_w_id = 1";
    assertThat(db.number("SELECT s_quantity" + stock5)).as("15 - 10 leaves fewer than 10: + 91").isEqualTo(96);
    assertThat(db.number("SELECT s_ytd" + stock5)).isEqualTo(10);
    assertThat(db.number("SELECT s_order_cnt" + stock5)).isEqualTo(1);
    assertThat(db.number("SELECT s_remote_cnt" + stock5)).isZero();
    String stock1 = " FROM " + t(TpccTable.STOCK) + " WHERE s_i_id = 1 AND s_w_id = 2";
    assertThat(db.number("SELECT s_quantity" + stock1)).isEqualTo(TinyTpccDatabase.STOCK_QUANTITY - 3);
    assertThat(db.number("SELECT s_remote_cnt" + stock1)).isEqualTo(1);
    assertThat(db.number("SELECT s_ytd FROM " + t(TpccTable.STOCK) + " WHERE s_i_id = 1 AND s_w_id = 1")).isZero();

    assertThat(tx.commits).isEqualTo(1);
    assertThat(tx.kinds).contains(OperationKind.SELECT, OperationKind.UPDATE, OperationKind.INSERT)
        .doesNotContain(OperationKind.DELETE).endsWith(OperationKind.COMMIT);
  }

  @Test
  void newOrderWithAnUnusedItemRollsBackAndLeavesNoRows() throws SQLException {
    NewOrder.Input input = new NewOrder.Input(1, 1, 1,
        List.of(new NewOrder.Line(3, 1, 4), new NewOrder.Line(TpccInputs.UNUSED_ITEM, 1, 1)));
    assertThat(input.rollsBack()).isTrue();

    NewOrder.Outcome outcome = new NewOrder(statements).run(input, tx);

    assertThat(outcome.committed()).isFalse();
    assertThat(tx.commits).isZero();
    assertThat(db.number("SELECT d_next_o_id FROM " + t(TpccTable.DISTRICT) + " WHERE d_w_id = 1 AND d_id = 1"))
        .isEqualTo(4);
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDERS) + " WHERE o_id = 4")).isZero();
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.NEW_ORDER) + " WHERE no_o_id = 4")).isZero();
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDER_LINE) + " WHERE ol_o_id = 4")).isZero();
    assertThat(db.number("SELECT s_quantity FROM " + t(TpccTable.STOCK) + " WHERE s_i_id = 3 AND s_w_id = 1"))
        .isEqualTo(TinyTpccDatabase.STOCK_QUANTITY);

    // The connection is usable at once: the next order takes the id the rolled back one did not keep.
    NewOrder.Outcome next = new NewOrder(statements).run(new NewOrder.Input(1, 1, 1,
        List.of(new NewOrder.Line(3, 1, 4))), tx);
    assertThat(next.orderId()).isEqualTo(4);
  }

  @Test
  void paymentByIdMovesTheYearToDateTheBalanceAndEntersTheHistory() throws SQLException {
    Payment.Input input = new Payment.Input(1, 2, 1, 2, 3, null, new BigDecimal("12.34"));

    assertThat(new Payment(statements).run(input, tx)).isEqualTo(3);

    assertThat(db.decimal("SELECT w_ytd FROM " + t(TpccTable.WAREHOUSE) + " WHERE w_id = 1"))
        .isEqualByComparingTo("300012.34");
    assertThat(db.decimal("SELECT w_ytd FROM " + t(TpccTable.WAREHOUSE) + " WHERE w_id = 2"))
        .isEqualByComparingTo(TinyTpccDatabase.WAREHOUSE_YTD);
    assertThat(db.decimal("SELECT d_ytd FROM " + t(TpccTable.DISTRICT) + " WHERE d_w_id = 1 AND d_id = 2"))
        .isEqualByComparingTo("30012.34");
    assertThat(db.decimal("SELECT SUM(d_ytd) FROM " + t(TpccTable.DISTRICT) + " WHERE d_w_id = 1"))
        .isEqualByComparingTo("300012.34");
    String customer = " FROM " + t(TpccTable.CUSTOMER) + " WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 3";
    assertThat(db.decimal("SELECT c_balance" + customer)).isEqualByComparingTo("-22.34");
    assertThat(db.decimal("SELECT c_ytd_payment" + customer)).isEqualByComparingTo("22.34");
    assertThat(db.number("SELECT c_payment_cnt" + customer)).isEqualTo(2);
    assertThat(db.text("SELECT c_data" + customer)).as("good credit: the data stays").isEqualTo("data of customer 3");
    String history = " FROM " + t(TpccTable.HISTORY) + " WHERE h_c_id = 3 AND h_c_d_id = 2 AND h_c_w_id = 1"
        + " AND h_d_id = 2 AND h_w_id = 1 AND h_date IS NOT NULL";
    assertThat(db.number("SELECT COUNT(*)" + history)).isEqualTo(1);
    assertThat(db.decimal("SELECT h_amount" + history)).isEqualByComparingTo("12.34");
    assertThat(db.text("SELECT h_data" + history)).isEqualTo("ware1    dist2");
    assertThat(tx.kinds).endsWith(OperationKind.INSERT, OperationKind.COMMIT);
  }

  @Test
  void paymentByNameTakesTheMiddleCustomerInTheOrderOfFirstNames() throws SQLException {
    Payment payment = new Payment(statements);
    // Customers 3 and 6 are named lastName(2); 6 has the smaller first name, and ceil(2 / 2) is the first.
    assertThat(payment.run(new Payment.Input(1, 1, 1, 1, 0, TpccRandom.lastName(2), BigDecimal.ONE), tx))
        .isEqualTo(6);
    // 1, 4 and 7 are named lastName(0): by first name 7, 4, 1; ceil(3 / 2) is the second.
    assertThat(payment.run(new Payment.Input(1, 1, 2, 5, 0, TpccRandom.lastName(0), BigDecimal.ONE), tx))
        .isEqualTo(4);
    assertThat(db.number("SELECT c_payment_cnt FROM " + t(TpccTable.CUSTOMER)
        + " WHERE c_w_id = 2 AND c_d_id = 5 AND c_id = 4")).as("the remote customer paid").isEqualTo(2);
    assertThat(db.decimal("SELECT w_ytd FROM " + t(TpccTable.WAREHOUSE) + " WHERE w_id = 2"))
        .as("a remote customer's payment goes to the home warehouse").isEqualByComparingTo(
            TinyTpccDatabase.WAREHOUSE_YTD);
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.HISTORY) + " WHERE h_w_id = 1 AND h_c_w_id = 2"))
        .isEqualTo(1);
  }

  @Test
  void paymentOfABadCreditCustomerPutsThePaymentInFrontOfItsDataCutTo500() throws SQLException {
    Payment payment = new Payment(statements);
    payment.run(new Payment.Input(1, 2, 1, 2, 5, null, new BigDecimal("12.34")), tx);
    String customer = " FROM " + t(TpccTable.CUSTOMER) + " WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 5";
    assertThat(db.text("SELECT c_data" + customer)).isEqualTo("5 2 1 2 1 12.34 | data of customer 5");

    db.execute("UPDATE " + t(TpccTable.CUSTOMER) + " SET c_data = '" + "x".repeat(500) + "'"
        + " WHERE c_w_id = 1 AND c_d_id = 2 AND c_id = 5");
    payment.run(new Payment.Input(1, 3, 1, 2, 5, null, new BigDecimal("4999.99")), tx);
    String data = db.text("SELECT c_data" + customer);
    assertThat(data).hasSize(Payment.CUSTOMER_DATA_LENGTH).startsWith("5 2 1 3 1 4999.99 | xxx");
  }

  @Test
  void orderStatusFindsTheCustomersLastOrderAndItsLinesAndChangesNothing() throws SQLException {
    OrderStatus status = new OrderStatus(statements);
    OrderStatus.Outcome byId = status.run(new OrderStatus.Input(1, 1, 2, null), tx);
    assertThat(byId).isEqualTo(new OrderStatus.Outcome(2, 2, TinyTpccDatabase.LINES_PER_ORDER));

    new NewOrder(statements).run(new NewOrder.Input(1, 1, 2, List.of(new NewOrder.Line(9, 1, 1))), tx);
    tx.kinds.clear();
    assertThat(status.run(new OrderStatus.Input(1, 1, 2, null), tx)).isEqualTo(new OrderStatus.Outcome(2, 4, 1));

    // 2, 5 and 8 are named lastName(1): by first name 8, 5, 2; 5 has placed no order.
    assertThat(status.run(new OrderStatus.Input(1, 1, 0, TpccRandom.lastName(1)), tx))
        .isEqualTo(new OrderStatus.Outcome(5, 0, 0));
    assertThat(tx.kinds).containsOnly(OperationKind.SELECT, OperationKind.COMMIT);
  }

  @Test
  void deliveryDeliversTheOldestNewOrderOfEachDistrictAndSkipsThoseWithout() throws SQLException {
    Delivery delivery = new Delivery(statements);
    db.execute("DELETE FROM " + t(TpccTable.NEW_ORDER) + " WHERE no_w_id = 1 AND no_d_id = 4");

    assertThat(delivery.run(new Delivery.Input(1, 7), tx)).isEqualTo(9);

    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.NEW_ORDER) + " WHERE no_w_id = 1")).isEqualTo(9);
    assertThat(db.number("SELECT MIN(no_o_id) FROM " + t(TpccTable.NEW_ORDER) + " WHERE no_w_id = 1")).isEqualTo(3);
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.NEW_ORDER) + " WHERE no_w_id = 2"))
        .as("the other warehouse's orders wait").isEqualTo(20);
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDERS)
        + " WHERE o_w_id = 1 AND o_id = 2 AND o_carrier_id = 7")).isEqualTo(9);
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDER_LINE)
        + " WHERE ol_w_id = 1 AND ol_o_id = 2 AND ol_delivery_d IS NOT NULL")).isEqualTo(9 * 5);
    String customer = " FROM " + t(TpccTable.CUSTOMER) + " WHERE c_w_id = 1 AND c_d_id = 1 AND c_id = 2";
    // -10.00 plus the five lines of 10.00
    assertThat(db.decimal("SELECT c_balance" + customer)).isEqualByComparingTo("40.00");
    assertThat(db.number("SELECT c_delivery_cnt" + customer)).isEqualTo(1);
    assertThat(db.number("SELECT c_delivery_cnt FROM " + t(TpccTable.CUSTOMER)
        + " WHERE c_w_id = 1 AND c_d_id = 4 AND c_id = 2")).isZero();

    assertThat(delivery.run(new Delivery.Input(1, 1), tx)).isEqualTo(9);
    assertThat(delivery.run(new Delivery.Input(1, 1), tx)).as("nothing left to deliver").isZero();
    assertThat(tx.commits).isEqualTo(3);
  }

  @Test
  void deliveryThatLostTheOldestNewOrderToAnotherFailsAsASerializationFailure() throws Exception {
    try (Connection other = db.connect()) {
      other.createStatement().executeUpdate("DELETE FROM " + t(TpccTable.NEW_ORDER)
          + " WHERE no_w_id = 1 AND no_d_id = 1 AND no_o_id = 2");
      CompletableFuture<Integer> blocked = CompletableFuture.supplyAsync(() -> {
        try {
          return new Delivery(statements).run(new Delivery.Input(1, 1), tx);
        } catch (SQLException e) {
          throw new java.util.concurrent.CompletionException(e);
        }
      });
      Thread.sleep(300);
      other.commit();
      assertThatThrownBy(() -> blocked.get(10, TimeUnit.SECONDS)).hasCauseInstanceOf(
          SQLTransactionRollbackException.class).cause().hasMessageContaining("district 1 of warehouse 1")
          .satisfies(e -> assertThat(((SQLException) e).getSQLState()).isEqualTo(Delivery.SERIALIZATION_FAILURE));
    }
    connection.rollback();
  }

  @Test
  void stockLevelCountsTheDistinctItemsOfTheLast20OrdersBelowTheThreshold() throws SQLException {
    // District 1's orders 1 to 3 have items 7-11, 12-16 and 17-21 in warehouse 1.
    String stock = "UPDATE " + t(TpccTable.STOCK) + " SET s_quantity = ";
    db.execute(stock + "5 WHERE s_w_id = 1 AND s_i_id IN (7, 12, 21)");
    db.execute(stock + "10 WHERE s_w_id = 1 AND s_i_id = 8");
    db.execute(stock + "1 WHERE s_w_id = 2 AND s_i_id IN (9, 10)");
    db.execute(stock + "1 WHERE s_w_id = 1 AND s_i_id = 30");
    StockLevel level = new StockLevel(statements);

    assertThat(level.run(new StockLevel.Input(1, 1, 10), tx)).isEqualTo(3);
    assertThat(level.run(new StockLevel.Input(1, 1, 11), tx)).isEqualTo(4);
    db.execute("UPDATE " + t(TpccTable.DISTRICT) + " SET d_next_o_id = 24 WHERE d_w_id = 1 AND d_id = 1");
    assertThat(level.run(new StockLevel.Input(1, 1, 11), tx)).as("orders 1 to 3 are more than 20 back").isZero();
    assertThat(tx.kinds).containsOnly(OperationKind.SELECT, OperationKind.COMMIT);
  }
}
