package io.commitbench.core.workload.tpcc;

import io.commitbench.core.measure.OperationKind;

/**
 * The statements of the five transactions (clause 2.4.2 to 2.8.2) in the SQL the four products
 * share: no LIMIT (the oldest new order and a customer's last order are found by MIN and MAX
 * subqueries), {@code SELECT ... FOR UPDATE} on the rows a transaction reads and then changes, so
 * two terminals on one district queue on the row rather than both writing what they read (the
 * district's next order id, the warehouse's and district's year-to-date, the customer's balance,
 * the stock's quantity, the oldest new order and its order). Each names its tables as
 * {@code {table}}, the name {@link TpccTable#name} gives, until {@link #sql} puts in the run's.
 */
enum TpccSql {

  // New-Order (clause 2.4.2.2).
  NEW_ORDER_WAREHOUSE(OperationKind.SELECT, "SELECT w_tax FROM {warehouse} WHERE w_id = ?"),
  NEW_ORDER_DISTRICT(OperationKind.SELECT,
      "SELECT d_tax, d_next_o_id FROM {district} WHERE d_w_id = ? AND d_id = ? FOR UPDATE"),
  NEW_ORDER_DISTRICT_NEXT(OperationKind.UPDATE,
      "UPDATE {district} SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = ? AND d_id = ?"),
  NEW_ORDER_CUSTOMER(OperationKind.SELECT,
      "SELECT c_discount, c_last, c_credit FROM {customer} WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  NEW_ORDER_INSERT_ORDER(OperationKind.INSERT, "INSERT INTO {orders} (o_id, o_d_id, o_w_id, o_c_id, o_entry_d,"
      + " o_carrier_id, o_ol_cnt, o_all_local) VALUES (?, ?, ?, ?, ?, NULL, ?, ?)"),
  NEW_ORDER_INSERT_NEW_ORDER(OperationKind.INSERT,
      "INSERT INTO {new_order} (no_o_id, no_d_id, no_w_id) VALUES (?, ?, ?)"),
  NEW_ORDER_ITEM(OperationKind.SELECT, "SELECT i_price, i_name, i_data FROM {item} WHERE i_id = ?"),
  /** One per district: {@code {s_dist}} is the district's s_dist_01 .. s_dist_10 ({@link #sql(TpccNames, int)}). */
  NEW_ORDER_STOCK(OperationKind.SELECT,
      "SELECT s_quantity, {s_dist}, s_data FROM {stock} WHERE s_i_id = ? AND s_w_id = ? FOR UPDATE"),
  NEW_ORDER_STOCK_UPDATE(OperationKind.UPDATE, "UPDATE {stock} SET s_quantity = ?, s_ytd = s_ytd + ?,"
      + " s_order_cnt = s_order_cnt + 1, s_remote_cnt = s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?"),
  NEW_ORDER_INSERT_LINE(OperationKind.INSERT, "INSERT INTO {order_line} (ol_o_id, ol_d_id, ol_w_id, ol_number,"
      + " ol_i_id, ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info)"
      + " VALUES (?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)"),

  // Payment (clause 2.5.2.2).
  PAYMENT_WAREHOUSE(OperationKind.SELECT, "SELECT w_name, w_street_1, w_street_2, w_city, w_state, w_zip"
      + " FROM {warehouse} WHERE w_id = ? FOR UPDATE"),
  PAYMENT_WAREHOUSE_YTD(OperationKind.UPDATE, "UPDATE {warehouse} SET w_ytd = w_ytd + ? WHERE w_id = ?"),
  PAYMENT_DISTRICT(OperationKind.SELECT, "SELECT d_name, d_street_1, d_street_2, d_city, d_state, d_zip"
      + " FROM {district} WHERE d_w_id = ? AND d_id = ? FOR UPDATE"),
  PAYMENT_DISTRICT_YTD(OperationKind.UPDATE,
      "UPDATE {district} SET d_ytd = d_ytd + ? WHERE d_w_id = ? AND d_id = ?"),
  PAYMENT_CUSTOMER_IDS_BY_NAME(OperationKind.SELECT,
      "SELECT c_id FROM {customer} WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first"),
  PAYMENT_CUSTOMER(OperationKind.SELECT, "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, c_city,"
      + " c_state, c_zip, c_phone, c_since, c_credit, c_credit_lim, c_discount, c_balance FROM {customer}"
      + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ? FOR UPDATE"),
  PAYMENT_CUSTOMER_DATA(OperationKind.SELECT,
      "SELECT c_data FROM {customer} WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  PAYMENT_CUSTOMER_UPDATE(OperationKind.UPDATE, "UPDATE {customer} SET c_balance = c_balance - ?,"
      + " c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1"
      + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  PAYMENT_CUSTOMER_UPDATE_DATA(OperationKind.UPDATE, "UPDATE {customer} SET c_balance = c_balance - ?,"
      + " c_ytd_payment = c_ytd_payment + ?, c_payment_cnt = c_payment_cnt + 1, c_data = ?"
      + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  PAYMENT_INSERT_HISTORY(OperationKind.INSERT, "INSERT INTO {history} (h_c_id, h_c_d_id, h_c_w_id, h_d_id, h_w_id,"
      + " h_date, h_amount, h_data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),

  // Order-Status (clause 2.6.2.2).
  ORDER_STATUS_CUSTOMERS_BY_NAME(OperationKind.SELECT, "SELECT c_id, c_balance, c_first, c_middle, c_last"
      + " FROM {customer} WHERE c_w_id = ? AND c_d_id = ? AND c_last = ? ORDER BY c_first"),
  ORDER_STATUS_CUSTOMER(OperationKind.SELECT, "SELECT c_id, c_balance, c_first, c_middle, c_last FROM {customer}"
      + " WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),
  ORDER_STATUS_LAST_ORDER(OperationKind.SELECT, "SELECT o_id, o_entry_d, o_carrier_id FROM {orders}"
      + " WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ? AND o_id = (SELECT MAX(o_id) FROM {orders}"
      + " WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?)"),
  ORDER_STATUS_LINES(OperationKind.SELECT, "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, ol_delivery_d"
      + " FROM {order_line} WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),

  // Delivery (clause 2.7.4.2).
  DELIVERY_OLDEST_NEW_ORDER(OperationKind.SELECT, "SELECT no_o_id FROM {new_order}"
      + " WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = (SELECT MIN(no_o_id) FROM {new_order}"
      + " WHERE no_w_id = ? AND no_d_id = ?) FOR UPDATE"),
  DELIVERY_ANY_NEW_ORDER(OperationKind.SELECT,
      "SELECT MIN(no_o_id) FROM {new_order} WHERE no_w_id = ? AND no_d_id = ?"),
  DELIVERY_DELETE_NEW_ORDER(OperationKind.DELETE,
      "DELETE FROM {new_order} WHERE no_w_id = ? AND no_d_id = ? AND no_o_id = ?"),
  DELIVERY_ORDER(OperationKind.SELECT,
      "SELECT o_c_id FROM {orders} WHERE o_w_id = ? AND o_d_id = ? AND o_id = ? FOR UPDATE"),
  DELIVERY_ORDER_CARRIER(OperationKind.UPDATE,
      "UPDATE {orders} SET o_carrier_id = ? WHERE o_w_id = ? AND o_d_id = ? AND o_id = ?"),
  DELIVERY_LINES_DELIVERED(OperationKind.UPDATE,
      "UPDATE {order_line} SET ol_delivery_d = ? WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),
  DELIVERY_LINES_AMOUNT(OperationKind.SELECT,
      "SELECT SUM(ol_amount) FROM {order_line} WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?"),
  DELIVERY_CUSTOMER(OperationKind.UPDATE, "UPDATE {customer} SET c_balance = c_balance + ?,"
      + " c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?"),

  // Stock-Level (clause 2.8.2.2).
  STOCK_LEVEL_DISTRICT(OperationKind.SELECT, "SELECT d_next_o_id FROM {district} WHERE d_w_id = ? AND d_id = ?"),
  STOCK_LEVEL_LOW_STOCK(OperationKind.SELECT, "SELECT COUNT(DISTINCT s_i_id) FROM {order_line}"
      + " JOIN {stock} ON s_i_id = ol_i_id WHERE ol_w_id = ? AND ol_d_id = ? AND ol_o_id < ? AND ol_o_id >= ?"
      + " AND s_w_id = ? AND s_quantity < ?");

  /** What the statement does, as the engine records its latency. */
  final OperationKind kind;
  private final String template;

  TpccSql(OperationKind kind, String template) {
    this.kind = kind;
    this.template = template;
  }

  /** The statement with the run's table names. */
  String sql(TpccNames names) {
    String sql = template;
    for (TpccTable table : TpccTable.values()) {
      sql = sql.replace("{" + table.name + "}", names.of(table));
    }
    return sql;
  }

  /** The statement for district {@code district} (1 to 10): its {@code {s_dist}} is that district's column. */
  String sql(TpccNames names, int district) {
    return sql(names).replace("{s_dist}", String.format(java.util.Locale.ROOT, "s_dist_%02d", district));
  }
}
