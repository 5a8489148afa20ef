package io.commitbench.core.workload.tpcc;

import java.sql.SQLException;
import java.util.Arrays;

/** What the transactions do when a row the data set must hold is not there. */
final class MissingRows {

  private static final String ALLOWED = " allowed: tables that a complete load of tpcc.warehouses filled";

  private MissingRows() {}

  /**
   * Fails the transaction when a read found no row: the data set is incomplete (a load that did
   * not finish, another workload's tables), which no retry puts right.
   */
  static void require(int rows, String table, int... key) throws SQLException {
    if (rows == 0) {
      throw new SQLException("no " + table + " row " + Arrays.toString(key) + ": the TPC-C data set is incomplete;"
          + ALLOWED);
    }
  }

  /** No customer of the district has the last name: every name of 0 to 999 is in each district of a complete load. */
  static SQLException noCustomerNamed(String lastName, int w, int d) {
    return new SQLException("no customer named " + lastName + " in district " + d + " of warehouse " + w
        + ": the TPC-C data set is incomplete;" + ALLOWED);
  }
}
