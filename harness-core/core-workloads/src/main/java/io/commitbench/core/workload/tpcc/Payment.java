package io.commitbench.core.workload.tpcc;

import static io.commitbench.core.workload.tpcc.MissingRows.require;
import static io.commitbench.core.workload.tpcc.TpccSql.*;

import io.commitbench.core.workload.TransactionContext;
import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;

/**
 * The Payment transaction (clause 2.5.2): adds the amount to the warehouse's and the district's
 * year-to-date, takes it from the customer's balance (found by id, or by last name as the middle
 * one of those with it, in the order of their first names), puts the payment's ids and amount in
 * front of a bad-credit customer's data, and enters it into the history.
 */
final class Payment {

  /** c_data's length (clause 1.3.1). */
  static final int CUSTOMER_DATA_LENGTH = 500;
  /** Four spaces between the warehouse's and the district's names in h_data (clause 2.5.2.2). */
  private static final String NAME_GAP = "    ";
  private static final String BAD_CREDIT = "BC";

  /**
   * The terminal's inputs for one payment (clause 2.5.1).
   *
   * @param warehouse the home warehouse, whose year-to-date the payment adds to
   * @param district drawn in 1 to 10
   * @param customerWarehouse the home warehouse in 85 %, another one in 15 % (with more than one)
   * @param customerDistrict the district in 85 %, drawn in 1 to 10 in 15 %
   * @param customerId NURand(1023, 1, 3000) in 40 %; 0 when the customer is found by name
   * @param lastName in 60 % a name of NURand(255, 0, 999); null when the customer is found by id
   * @param amount drawn in 1.00 to 5,000.00
   */
  record Input(int warehouse, int district, int customerWarehouse, int customerDistrict, int customerId,
      String lastName, BigDecimal amount) {

    boolean byName() {
      return lastName != null;
    }

    boolean remote() {
      return customerWarehouse != warehouse;
    }
  }

  private final TpccStatements statements;

  Payment(TpccStatements statements) {
    this.statements = statements;
  }

  /** Runs the payment; returns the customer's id. */
  int run(Input input, TransactionContext tx) throws SQLException {
    int w = input.warehouse();
    int d = input.district();
    PreparedStatement s = statements.of(PAYMENT_WAREHOUSE);
    s.setInt(1, w);
    String[] warehouseName = new String[1];
    require(tx.query(PAYMENT_WAREHOUSE.kind, s, row -> warehouseName[0] = row.getString(1)), "warehouse", w);
    s = statements.of(PAYMENT_WAREHOUSE_YTD);
    s.setBigDecimal(1, input.amount());
    s.setInt(2, w);
    tx.update(PAYMENT_WAREHOUSE_YTD.kind, s);

    s = statements.of(PAYMENT_DISTRICT);
    s.setInt(1, w);
    s.setInt(2, d);
    String[] districtName = new String[1];
    require(tx.query(PAYMENT_DISTRICT.kind, s, row -> districtName[0] = row.getString(1)), "district", w, d);
    s = statements.of(PAYMENT_DISTRICT_YTD);
    s.setBigDecimal(1, input.amount());
    s.setInt(2, w);
    s.setInt(3, d);
    tx.update(PAYMENT_DISTRICT_YTD.kind, s);

    int cw = input.customerWarehouse();
    int cd = input.customerDistrict();
    int c = input.byName()
        ? CustomerByLastName.middleId(statements, PAYMENT_CUSTOMER_IDS_BY_NAME, cw, cd, input.lastName(), tx)
        : input.customerId();
    s = statements.of(PAYMENT_CUSTOMER);
    s.setInt(1, cw);
    s.setInt(2, cd);
    s.setInt(3, c);
    String[] credit = new String[1];
    require(tx.query(PAYMENT_CUSTOMER.kind, s, row -> credit[0] = row.getString(11)), "customer", cw, cd, c);
    if (credit[0] != null && credit[0].trim().equals(BAD_CREDIT)) {
      s = statements.of(PAYMENT_CUSTOMER_DATA);
      s.setInt(1, cw);
      s.setInt(2, cd);
      s.setInt(3, c);
      String[] data = new String[1];
      tx.query(PAYMENT_CUSTOMER_DATA.kind, s, row -> data[0] = row.getString(1));
      s = statements.of(PAYMENT_CUSTOMER_UPDATE_DATA);
      s.setBigDecimal(1, input.amount());
      s.setBigDecimal(2, input.amount());
      s.setString(3, badCreditData(c, cd, cw, d, w, input.amount(), data[0]));
      s.setInt(4, cw);
      s.setInt(5, cd);
      s.setInt(6, c);
      tx.update(PAYMENT_CUSTOMER_UPDATE_DATA.kind, s);
    } else {
      s = statements.of(PAYMENT_CUSTOMER_UPDATE);
      s.setBigDecimal(1, input.amount());
      s.setBigDecimal(2, input.amount());
      s.setInt(3, cw);
      s.setInt(4, cd);
      s.setInt(5, c);
      tx.update(PAYMENT_CUSTOMER_UPDATE.kind, s);
    }

    s = statements.of(PAYMENT_INSERT_HISTORY);
    s.setInt(1, c);
    s.setInt(2, cd);
    s.setInt(3, cw);
    s.setInt(4, d);
    s.setInt(5, w);
    s.setTimestamp(6, new Timestamp(System.currentTimeMillis()));
    s.setBigDecimal(7, input.amount());
    s.setString(8, historyData(warehouseName[0], districtName[0]));
    tx.update(PAYMENT_INSERT_HISTORY.kind, s);
    tx.commit();
    return c;
  }





  /** c_data of a bad-credit customer: the payment's ids and amount in front of the old data, cut to 500. */
  static String badCreditData(int c, int cd, int cw, int d, int w, BigDecimal amount, String old) {
    String data = c + " " + cd + " " + cw + " " + d + " " + w + " " + amount.toPlainString() + " | "
        + (old == null ? "" : old);
    return data.length() <= CUSTOMER_DATA_LENGTH ? data : data.substring(0, CUSTOMER_DATA_LENGTH);
  }

  /** h_data: the warehouse's name, four spaces, the district's name. */
  static String historyData(String warehouseName, String districtName) {
    return (warehouseName == null ? "" : warehouseName.trim()) + NAME_GAP
        + (districtName == null ? "" : districtName.trim());
  }
}
