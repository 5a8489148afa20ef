package io.commitbench.core.workload.tpcc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * TPC-C's consistency conditions 1 to 4 (clause 3.3.2.1 to 3.3.2.4), for warehouses 1 to W and
 * their ten districts each: a GROUP BY per table over all of them, compared here, so the check
 * costs a scan of each table whatever the number of districts. Reads only; the admin's
 * transaction, where it is not in autocommit, is rolled back after.
 */
final class TpccConsistency {

  /** Findings per condition, beyond which one line says how many more districts fail it. */
  static final int MAX_FINDINGS_PER_CONDITION = 10;

  private static final String[] CONDITIONS = {
      "W_YTD = sum(D_YTD)",
      "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)",
      "max(NO_O_ID) - min(NO_O_ID) + 1 = rows in NEW-ORDER",
      "sum(O_OL_CNT) = rows in ORDER-LINE"};

  private TpccConsistency() {}

  /**
   * One check of the four conditions.
   *
   * @param passed per condition (1 to 4, at index 0 to 3), whether it held
   * @param findings a line per failed condition and district (or warehouse), naming the condition
   *     and the values, at most {@value #MAX_FINDINGS_PER_CONDITION} per condition and then one
   *     saying how many more fail it
   */
  record Round(List<Boolean> passed, List<String> findings, long nanos) {
    Round {
      passed = List.copyOf(passed);
      findings = List.copyOf(findings);
    }
  }

  /**
   * The conditions for warehouses 1 to {@code warehouses} and their districts; a warehouse or
   * district without its rows fails with the missing values as "none". A district without new
   * orders (Delivery has taken them all) meets condition 2 by its orders alone, and condition 3.
   */
  static Round check(Connection admin, TpccNames names, int warehouses) throws SQLException {
    long start = System.nanoTime();
    Findings findings = new Findings();
    try (Statement statement = admin.createStatement()) {
      checkWarehouses(statement, names, warehouses, findings);
      checkDistricts(statement, names, warehouses, findings);
    } finally {
      if (!admin.getAutoCommit()) {
        admin.rollback();
      }
    }
    return new Round(findings.passed(), findings.lines(), System.nanoTime() - start);
  }

  /** Condition 1, per warehouse. */
  private static void checkWarehouses(Statement statement, TpccNames names, int warehouses, Findings findings)
      throws SQLException {
    Map<Place, BigDecimal[]> ytd = query(statement, 1, "SELECT w_id, w_ytd FROM " + names.of(TpccTable.WAREHOUSE));
    Map<Place, BigDecimal[]> districtYtd = query(statement, 1, "SELECT d_w_id, SUM(d_ytd) FROM "
        + names.of(TpccTable.DISTRICT) + " GROUP BY d_w_id");
    for (int w = 1; w <= warehouses; w++) {
      Place place = new Place(w, 0);
      BigDecimal warehouse = decimal(ytd, place);
      BigDecimal districts = decimal(districtYtd, place);
      if (warehouse == null || districts == null || warehouse.compareTo(districts) != 0) {
        findings.fail(1, "warehouse " + w, "W_YTD = " + text(warehouse) + ", sum(D_YTD) = " + text(districts));
      }
    }
  }

  /** Conditions 2 to 4, per district. */
  private static void checkDistricts(Statement statement, TpccNames names, int warehouses, Findings findings)
      throws SQLException {
    Map<Place, BigDecimal[]> district = query(statement, 2, "SELECT d_w_id, d_id, d_next_o_id FROM "
        + names.of(TpccTable.DISTRICT));
    Map<Place, BigDecimal[]> orders = query(statement, 2, "SELECT o_w_id, o_d_id, MAX(o_id), SUM(o_ol_cnt) FROM "
        + names.of(TpccTable.ORDERS) + " GROUP BY o_w_id, o_d_id");
    Map<Place, BigDecimal[]> newOrders = query(statement, 2, "SELECT no_w_id, no_d_id, MAX(no_o_id), MIN(no_o_id),"
        + " COUNT(*) FROM " + names.of(TpccTable.NEW_ORDER) + " GROUP BY no_w_id, no_d_id");
    Map<Place, BigDecimal[]> lines = query(statement, 2, "SELECT ol_w_id, ol_d_id, COUNT(*) FROM "
        + names.of(TpccTable.ORDER_LINE) + " GROUP BY ol_w_id, ol_d_id");
    for (int w = 1; w <= warehouses; w++) {
      for (int d = 1; d <= TpccRows.DISTRICTS; d++) {
        Place place = new Place(w, d);
        String where = "warehouse " + w + ", district " + d;
        Long nextOrder = number(district, place, 0);
        Long lastOrder = nextOrder == null ? null : nextOrder - 1;
        Long maxOrder = number(orders, place, 0);
        Long maxNewOrder = number(newOrders, place, 0);
        boolean newOrdersAgree = maxNewOrder == null || maxNewOrder.equals(maxOrder);
        if (lastOrder == null || !lastOrder.equals(maxOrder) || !newOrdersAgree) {
          findings.fail(2, where, "D_NEXT_O_ID - 1 = " + text(lastOrder) + ", max(O_ID) = " + text(maxOrder)
              + ", max(NO_O_ID) = " + (maxNewOrder == null ? "none (no rows in NEW-ORDER)" : maxNewOrder));
        }
        if (maxNewOrder != null) {
          long minNewOrder = number(newOrders, place, 1);
          long newOrderRows = number(newOrders, place, 2);
          if (maxNewOrder - minNewOrder + 1 != newOrderRows) {
            findings.fail(3, where, "max(NO_O_ID) = " + maxNewOrder + ", min(NO_O_ID) = " + minNewOrder
                + ", max - min + 1 = " + (maxNewOrder - minNewOrder + 1) + ", rows in NEW-ORDER = " + newOrderRows);
          }
        }
        long lineCount = Objects.requireNonNullElse(number(orders, place, 1), 0L);
        long lineRows = Objects.requireNonNullElse(number(lines, place, 0), 0L);
        if (lineCount != lineRows) {
          findings.fail(4, where, "sum(O_OL_CNT) = " + lineCount + ", rows in ORDER-LINE = " + lineRows);
        }
      }
    }
  }

  /** The failures found, capped per condition. */
  private static final class Findings {
    private final int[] failures = new int[CONDITIONS.length];
    private final List<String> lines = new ArrayList<>();

    void fail(int condition, String where, String values) {
      if (++failures[condition - 1] <= MAX_FINDINGS_PER_CONDITION) {
        lines.add("consistency condition " + condition + " (" + CONDITIONS[condition - 1] + ") fails in " + where
            + ": " + values);
      }
    }

    List<Boolean> passed() {
      List<Boolean> passed = new ArrayList<>();
      for (int failed : failures) {
        passed.add(failed == 0);
      }
      return passed;
    }

    List<String> lines() {
      List<String> all = new ArrayList<>(lines);
      for (int c = 0; c < failures.length; c++) {
        if (failures[c] > MAX_FINDINGS_PER_CONDITION) {
          all.add(String.format(Locale.ROOT, "consistency condition %d (%s) fails in %,d more %s", c + 1,
              CONDITIONS[c], failures[c] - MAX_FINDINGS_PER_CONDITION, c == 0 ? "warehouses" : "districts"));
        }
      }
      return all;
    }
  }

  /** A warehouse (district 0) or a district of it. */
  private record Place(long warehouse, long district) {}

  /**
   * The rows of {@code sql} by their first {@code keyColumns} (a warehouse, or a warehouse and a
   * district), each with the values of the other columns, NULL as null.
   */
  private static Map<Place, BigDecimal[]> query(Statement statement, int keyColumns, String sql) throws SQLException {
    Map<Place, BigDecimal[]> rows = new HashMap<>();
    try (ResultSet rs = statement.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        Place place = new Place(rs.getLong(1), keyColumns == 1 ? 0 : rs.getLong(2));
        BigDecimal[] values = new BigDecimal[columns - keyColumns];
        for (int c = 0; c < values.length; c++) {
          values[c] = rs.getBigDecimal(keyColumns + 1 + c);
        }
        rows.put(place, values);
      }
    }
    return rows;
  }

  private static BigDecimal decimal(Map<Place, BigDecimal[]> rows, Place place) {
    BigDecimal[] values = rows.get(place);
    return values == null ? null : values[0];
  }

  private static Long number(Map<Place, BigDecimal[]> rows, Place place, int column) {
    BigDecimal[] values = rows.get(place);
    return values == null || values[column] == null ? null : values[column].longValueExact();
  }

  private static String text(Object value) {
    return value == null ? "none" : value instanceof BigDecimal d ? d.toPlainString() : value.toString();
  }
}
