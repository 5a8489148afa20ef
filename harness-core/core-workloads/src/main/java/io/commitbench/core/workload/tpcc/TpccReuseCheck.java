package io.commitbench.core.workload.tpcc;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether existing tables hold a TPC-C data set of {@code warehouses} (table 4.1): the warehouse
 * table exactly that many rows (else the data set was prepared for another size), item 100,000,
 * district, customer and stock exactly their rows per warehouse; orders and history at least
 * theirs (New-Order and Payment add rows), order_line at least 5 per order; new_order any number
 * (New-Order adds rows, Delivery removes them, and either may outpace the other). Counts rows, reads only, and ends the admin's
 * transaction where it is not in autocommit, so no snapshot or lock outlives the check.
 */
final class TpccReuseCheck {

  /** An order has 5 to 15 lines (clause 2.4.1.3). */
  private static final int MIN_LINES_PER_ORDER = 5;

  private final TpccNames names;
  private final int warehouses;

  TpccReuseCheck(TpccNames names, int warehouses) {
    this.names = names;
    this.warehouses = warehouses;
  }

  Optional<String> problem(Connection admin) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      return problem(statement);
    } finally {
      if (!admin.getAutoCommit()) {
        admin.rollback();
      }
    }
  }

  private Optional<String> problem(Statement statement) throws SQLException {
    long[] rows = new long[TpccTable.values().length];
    for (TpccTable table : TpccTable.values()) {
      try {
        rows[table.ordinal()] = count(statement, names.of(table));
      } catch (SQLException e) {
        return Optional.of("table " + names.of(table) + " cannot be read (" + String.valueOf(e.getMessage()).strip()
            + "); the data set needs all nine TPC-C tables: " + prepareAgain());
      }
    }
    long found = rows[TpccTable.WAREHOUSE.ordinal()];
    if (found != warehouses) {
      String allowed = found > 0 && found <= Integer.MAX_VALUE
          ? String.format(Locale.ROOT, "%s=%d for this data set, or %s", TpccKeys.WAREHOUSES, found, prepareAgain())
          : prepareAgain();
      return Optional.of(String.format(Locale.ROOT, "table %s has %s, but %s=%d needs %,d: the data set was"
          + " prepared for another size; allowed: %s", names.of(TpccTable.WAREHOUSE), rows(found), TpccKeys.WAREHOUSES,
          warehouses, warehouses, allowed));
    }
    for (TpccTable table : TpccTable.values()) {
      Optional<String> problem = problem(table, rows[table.ordinal()], rows[TpccTable.ORDERS.ordinal()]);
      if (problem.isPresent()) {
        return problem;
      }
    }
    return Optional.empty();
  }

  /** What is wrong with {@code table}'s {@code rows}, given the orders found. */
  private Optional<String> problem(TpccTable table, long rows, long orders) {
    long loaded = table.rows(warehouses);
    String needs = switch (table) {
      case ORDERS, HISTORY -> rows < loaded ? String.format(Locale.ROOT, "at least %,d", loaded) : null;
      case NEW_ORDER -> null;
      case ORDER_LINE -> rows < MIN_LINES_PER_ORDER * orders
          ? String.format(Locale.ROOT, "at least %,d (%d for each of the %,d orders)", MIN_LINES_PER_ORDER * orders,
              MIN_LINES_PER_ORDER, orders) : null;
      default -> rows != loaded ? String.format(Locale.ROOT, "%,d", loaded) : null;
    };
    if (needs == null) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "table %s has %s, but %s=%d needs %s; %s", names.of(table),
        rows(rows), TpccKeys.WAREHOUSES, warehouses, needs, prepareAgain()));
  }

  private String prepareAgain() {
    return "prepare the data set again with " + TpccKeys.WAREHOUSES + "=" + warehouses;
  }

  private static String rows(long rows) {
    return String.format(Locale.ROOT, "%,d row%s", rows, rows == 1 ? "" : "s");
  }

  private static long count(Statement statement, String table) throws SQLException {
    try (ResultSet rs = statement.executeQuery("SELECT COUNT(*) FROM " + table)) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }
}
