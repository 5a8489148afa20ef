package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.load.LoadStoppedException;
import io.commitbench.core.load.RowSource;
import io.commitbench.core.workload.LoadContext;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * One warehouse loaded into embedded H2 on two connections: the rows of table 4.1 in every table,
 * the values of clause 4.3.3.1 (delivered and undelivered orders, new orders, order lines as many
 * as the orders say, the customers' last names), the keys and indexes after the rows, the report's
 * lines; the rows the same for the same seed; the check of a reused data set. The tests that
 * change rows put them back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpccLoaderTest {

  private H2TpccDatabase db;
  private TpccLoader loader;

  @BeforeAll
  void load() throws Exception {
    db = H2TpccDatabase.loadedOnce();
    loader = db.loader();
  }

  @Test
  void everyTableHoldsTheRowsOfTable41() throws SQLException {
    for (TpccTable table : TpccTable.values()) {
      if (table != TpccTable.ORDER_LINE) {
        assertThat(db.query("SELECT COUNT(*) FROM " + db.names.of(table))).as(table.name)
            .isEqualTo(Long.toString(table.rows(1)));
      }
    }
    assertThat(Long.parseLong(db.query("SELECT COUNT(*) FROM tpcc_order_line"))).as("5 to 15 per order")
        .isBetween(150_000L, 450_000L);
  }

  @Test
  void ordersBefore2101AreDeliveredAndTheOthersAreNot() throws SQLException {
    assertThat(db.query("SELECT COUNT(*), MIN(o_carrier_id), MAX(o_carrier_id) FROM tpcc_orders WHERE o_id < 2101"
        + " AND o_carrier_id IS NOT NULL")).isEqualTo("21000|1|10");
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_orders WHERE o_id >= 2101 AND o_carrier_id IS NULL"))
        .isEqualTo("9000");
    assertThat(db.query("SELECT MIN(o_ol_cnt), MAX(o_ol_cnt), MIN(o_all_local), MAX(o_all_local),"
        + " COUNT(DISTINCT o_entry_d) FROM tpcc_orders")).isEqualTo("5|15|1|1|1");
  }

  @Test
  void eachDistrictsOrdersAreOfEachOfItsCustomersOnce() throws SQLException {
    assertThat(db.rows("SELECT o_d_id, COUNT(DISTINCT o_c_id), MIN(o_c_id), MAX(o_c_id) FROM tpcc_orders"
        + " GROUP BY o_d_id ORDER BY o_d_id")).hasSize(10).allMatch(row -> row.endsWith("|3000|1|3000"));
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_orders WHERE o_c_id <> o_id")).as("a permutation, not in order")
        .isNotEqualTo("0");
  }

  @Test
  void theNewOrdersAreTheLast900OrdersOfEachDistrict() throws SQLException {
    assertThat(db.rows("SELECT no_d_id, COUNT(*), MIN(no_o_id), MAX(no_o_id) FROM tpcc_new_order GROUP BY no_d_id"
        + " ORDER BY no_d_id")).containsExactlyElementsOf(IntStream.rangeClosed(1, 10)
            .mapToObj(d -> d + "|900|2101|3000").toList());
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_new_order n JOIN tpcc_orders o ON o.o_w_id = n.no_w_id"
        + " AND o.o_d_id = n.no_d_id AND o.o_id = n.no_o_id WHERE o.o_carrier_id IS NULL")).isEqualTo("9000");
  }

  @Test
  void eachOrderHasAsManyLinesAsItsOlCnt() throws SQLException {
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_orders o WHERE o.o_ol_cnt <> (SELECT COUNT(*) FROM"
        + " tpcc_order_line l WHERE l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id AND l.ol_o_id = o.o_id)"))
        .isEqualTo("0");
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_order_line l JOIN tpcc_orders o ON o.o_w_id = l.ol_w_id"
        + " AND o.o_d_id = l.ol_d_id AND o.o_id = l.ol_o_id WHERE l.ol_number > o.o_ol_cnt")).isEqualTo("0");
  }

  @Test
  void deliveredLinesHaveTheOrdersDateAndNoAmountTheOthersNoDateAndAnAmount() throws SQLException {
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_order_line l JOIN tpcc_orders o ON o.o_w_id = l.ol_w_id"
        + " AND o.o_d_id = l.ol_d_id AND o.o_id = l.ol_o_id WHERE l.ol_o_id < 2101 AND (l.ol_delivery_d IS NULL"
        + " OR l.ol_delivery_d <> o.o_entry_d OR l.ol_amount <> 0)")).isEqualTo("0");
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_order_line WHERE ol_o_id >= 2101 AND (ol_delivery_d IS NOT NULL"
        + " OR ol_amount < 0.01 OR ol_amount > 9999.99)")).isEqualTo("0");
    assertThat(db.query("SELECT MIN(ol_i_id) >= 1, MAX(ol_i_id) <= 100000, MIN(ol_supply_w_id), MAX(ol_quantity),"
        + " MIN(ol_quantity), MIN(LENGTH(ol_dist_info)) FROM tpcc_order_line")).isEqualTo("TRUE|TRUE|1|5|5|24");
  }

  @Test
  void theFirst1000CustomersOfADistrictHaveTheLastNamesInOrder() throws SQLException {
    List<String> expected = IntStream.rangeClosed(1, 1000).mapToObj(c -> c + "|" + TpccRandom.lastName(c - 1))
        .toList();

    for (int d : new int[] {1, 10}) {
      assertThat(db.rows("SELECT c_id, c_last FROM tpcc_customer WHERE c_w_id = 1 AND c_d_id = " + d
          + " AND c_id <= 1000 ORDER BY c_id")).as("district %d", d).containsExactlyElementsOf(expected);
    }
    assertThat(db.query("SELECT COUNT(DISTINCT c_last) FROM tpcc_customer WHERE c_id > 1000"))
        .as("NURand(255, 0, 999) names").isNotEqualTo("0");
  }

  @Test
  void customersHaveTheSpecsInitialValues() throws SQLException {
    assertThat(db.query("SELECT MIN(c_middle), MAX(c_middle), MIN(c_credit_lim), MAX(c_credit_lim), MIN(c_balance),"
        + " MAX(c_balance), MIN(c_ytd_payment), MAX(c_payment_cnt), MAX(c_delivery_cnt), MIN(c_discount) >= 0,"
        + " MAX(c_discount) <= 0.5, MIN(LENGTH(c_data)) >= 300, MAX(LENGTH(c_data)) <= 500 FROM tpcc_customer"))
        .isEqualTo("OE|OE|50000.00|50000.00|-10.00|-10.00|10.00|1|0|TRUE|TRUE|TRUE|TRUE");
    long bad = Long.parseLong(db.query("SELECT COUNT(*) FROM tpcc_customer WHERE c_credit = 'BC'"));
    assertThat(bad).as("one in ten of 30,000 with bad credit").isBetween(2_500L, 3_500L);
    assertThat(db.query("SELECT COUNT(*) FROM tpcc_customer WHERE c_credit NOT IN ('BC', 'GC')")).isEqualTo("0");
    assertThat(db.query("SELECT COUNT(*), MIN(h_amount), MAX(h_amount) FROM tpcc_history h JOIN tpcc_customer c"
        + " ON c.c_w_id = h.h_c_w_id AND c.c_d_id = h.h_c_d_id AND c.c_id = h.h_c_id WHERE h.h_d_id = h.h_c_d_id"
        + " AND h.h_w_id = h.h_c_w_id AND h.h_date = c.c_since")).isEqualTo("30000|10.00|10.00");
  }

  @Test
  void warehouseDistrictItemAndStockHaveTheSpecsInitialValues() throws SQLException {
    assertThat(db.query("SELECT w_ytd, w_tax >= 0 AND w_tax <= 0.2 FROM tpcc_warehouse")).isEqualTo("300000.00|TRUE");
    assertThat(db.query("SELECT SUM(d_ytd), MIN(d_next_o_id), MAX(d_next_o_id), MIN(d_tax) >= 0, MAX(d_tax) <= 0.2"
        + " FROM tpcc_district")).isEqualTo("300000.00|3001|3001|TRUE|TRUE");
    assertThat(db.query("SELECT MIN(i_im_id) >= 1, MAX(i_im_id) <= 10000, MIN(i_price) >= 1, MAX(i_price) <= 100,"
        + " MIN(LENGTH(i_name)), MAX(LENGTH(i_name)) FROM tpcc_item")).isEqualTo("TRUE|TRUE|TRUE|TRUE|14|24");
    assertThat(db.query("SELECT MIN(s_quantity), MAX(s_quantity), MAX(s_ytd), MAX(s_order_cnt), MAX(s_remote_cnt),"
        + " MIN(LENGTH(s_dist_01)), MAX(LENGTH(s_dist_10)) FROM tpcc_stock")).isEqualTo("10|100|0|0|0|24|24");
    for (String data : List.of("SELECT COUNT(*) FROM tpcc_item WHERE i_data LIKE '%ORIGINAL%'",
        "SELECT COUNT(*) FROM tpcc_stock WHERE s_data LIKE '%ORIGINAL%'")) {
      assertThat(Long.parseLong(db.query(data))).as("one in ten of 100,000: " + data).isBetween(9_000L, 11_000L);
    }
  }

  @Test
  void theKeysAndIndexesComeAfterTheRows() throws SQLException {
    assertThat(db.query("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS WHERE CONSTRAINT_TYPE ="
        + " 'PRIMARY KEY' AND TABLE_NAME LIKE 'TPCC_%'")).as("all but history's").isEqualTo("8");
    assertThat(db.rows("SELECT INDEX_NAME FROM INFORMATION_SCHEMA.INDEXES WHERE INDEX_TYPE_NAME <> 'PRIMARY KEY'"
        + " AND TABLE_NAME LIKE 'TPCC_%' ORDER BY INDEX_NAME")).containsExactly("TPCC_CUSTOMER_IX", "TPCC_ORDERS_IX");
    assertThatThrownBy(() -> db.execute("INSERT INTO tpcc_item (i_id) VALUES (1)")).isInstanceOf(SQLException.class);
  }

  @Test
  void theReportHasTheRowsPerTableAndTheRate() throws SQLException {
    String orderLines = String.format(java.util.Locale.ROOT, "%,d",
        Long.parseLong(db.query("SELECT COUNT(*) FROM tpcc_order_line")));

    assertThat(loader.lines()).hasSize(3);
    assertThat(loader.lines().get(0)).isEqualTo("rows: warehouse 1, district 10, customer 30,000, history 30,000,"
        + " new_order 9,000, orders 30,000, order_line " + orderLines + ", item 100,000, stock 100,000 (1 warehouse)");
    assertThat(loader.lines().get(1)).contains(" rows in ", "rows/s", "batched INSERT", "then keys and indexes in");
    assertThat(loader.lines().get(2)).startsWith("statistics refreshed in ");
    assertThat(loader.figures()).containsEntry("warehouses", 1).containsEntry("method", "batched INSERT")
        .containsKeys("rows", "seconds", "rowsPerSecond", "indexSeconds", "connections", "tableRows");
    assertThat(db.progress).anySatisfy(line -> assertThat(line).startsWith("load: indexes built in"));
  }

  @Test
  void aLoadAskedToStopEndsWithoutTheKeys() throws Exception {
    try (H2TpccDatabase empty = new H2TpccDatabase()) {
      TpccLoader stopped = new TpccLoader(H2TpccDatabase.settings(1, 2), TpccConstants.forLoad(1));

      assertThatThrownBy(() -> stopped.load(new LoadContext(empty.admin, empty.dialect, empty.tables, empty::connect,
          line -> {}, () -> true))).isInstanceOf(LoadStoppedException.class).hasMessageContaining("load stopped");
      assertThat(empty.query("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLE_CONSTRAINTS WHERE CONSTRAINT_TYPE ="
          + " 'PRIMARY KEY' AND TABLE_NAME LIKE 'TPCC_%'")).isEqualTo("0");
      assertThat(stopped.lines()).isEmpty();
    }
  }

  @Test
  void theFiguresAreEmptyBeforeALoad() {
    TpccLoader unloaded = new TpccLoader(H2TpccDatabase.settings(1, 1), TpccConstants.forLoad(1));

    assertThat(unloaded.lines()).isEmpty();
    assertThat(unloaded.figures()).isEmpty();
  }

  /** The rows a chunk sends, straight from its row source: the same seed gives the same, another seed others. */
  @Test
  void theSameSeedGivesTheSameRows() {
    Timestamp time = Timestamp.valueOf("2024-01-02 03:04:05");
    TpccRows one = new TpccRows(5, TpccConstants.forLoad(5), time);
    TpccRows same = new TpccRows(5, TpccConstants.forLoad(5), time);
    TpccRows other = new TpccRows(6, TpccConstants.forLoad(6), time);

    assertThat(drain(one.customers(2, 3), 21)).isEqualTo(drain(same.customers(2, 3), 21))
        .isNotEqualTo(drain(other.customers(2, 3), 21));
    assertThat(drain(one.orderLines(1, 4), 10)).isEqualTo(drain(same.orderLines(1, 4), 10))
        .isNotEqualTo(drain(other.orderLines(1, 4), 10));
    assertThat(drain(one.stock(1, 25_001, 50_000), 17)).isEqualTo(drain(same.stock(1, 25_001, 50_000), 17));
    assertThat(drain(one.items(1, 100), 5)).isNotEqualTo(drain(other.items(1, 100), 5));
  }

  /** The orders' o_ol_cnt and the order lines of a district come from one stream, whichever is made first. */
  @Test
  void aDistrictsOrdersAndOrderLinesAgreeOnTheLineCounts() {
    TpccRows rows = new TpccRows(3, TpccConstants.forLoad(3), Timestamp.valueOf("2024-01-02 03:04:05"));
    Map<Integer, Integer> lines = new java.util.HashMap<>();
    for (List<Object> line : drain(rows.orderLines(2, 7), 10)) {
      lines.merge((Integer) line.get(0), 1, Integer::sum);
    }
    long sum = 0;
    for (List<Object> order : drain(rows.orders(2, 7), 8)) {
      assertThat(lines.get((Integer) order.get(0))).as("order %s", order.get(0)).isEqualTo(order.get(6));
      sum += (Integer) order.get(6);
    }

    assertThat(lines).hasSize(3000);
    assertThat(rows.orderLineCount(2, 7)).isEqualTo(sum);
  }

  @Test
  void decimalsHaveTheirColumnsScale() {
    TpccRows rows = new TpccRows(3, TpccConstants.forLoad(3), Timestamp.valueOf("2024-01-02 03:04:05"));

    List<Object> warehouse = drain(rows.warehouses(1, 1), 9).get(0);
    assertThat(((BigDecimal) warehouse.get(7)).scale()).isEqualTo(4);
    assertThat(warehouse.get(8)).isEqualTo(new BigDecimal("300000.00"));
    assertThat(drain(rows.items(1, 10), 5)).allSatisfy(item -> assertThat(((BigDecimal) item.get(3)).scale())
        .isEqualTo(2));
    assertThat(drain(rows.customers(1, 1), 21).get(0).get(15)).satisfies(discount ->
        assertThat(((BigDecimal) discount).scale()).isEqualTo(4));
    assertThat(drain(rows.orderLines(1, 1), 10)).allSatisfy(line -> assertThat(((BigDecimal) line.get(8)).scale())
        .isEqualTo(2));
  }

  @Test
  void theLoadedDataSetPassesTheReuseCheck() throws SQLException {
    assertThat(TpccLoader.checkReused(db.admin, db.names, 1)).isEmpty();
  }

  @Test
  void aDataSetOfAnotherSizeIsRefused() throws SQLException {
    assertThat(TpccLoader.checkReused(db.admin, db.names, 2)).hasValue("table PUBLIC.tpcc_warehouse has 1 row, but"
        + " tpcc.warehouses=2 needs 2: the data set was prepared for another size; allowed: tpcc.warehouses=1 for"
        + " this data set, or prepare the data set again with tpcc.warehouses=2");
  }

  @Test
  void aTableShortOfItsRowsIsNamedWithTheRowsFoundAndNeeded() throws SQLException {
    db.execute("CREATE TABLE tpcc_stock_row AS SELECT * FROM tpcc_stock WHERE s_w_id = 1 AND s_i_id = 500");
    db.execute("DELETE FROM tpcc_stock WHERE s_w_id = 1 AND s_i_id = 500");
    try {
      assertThat(TpccLoader.checkReused(db.admin, db.names, 1)).hasValue("table PUBLIC.tpcc_stock has 99,999 rows,"
          + " but tpcc.warehouses=1 needs 100,000; prepare the data set again with tpcc.warehouses=1");
    } finally {
      db.execute("INSERT INTO tpcc_stock SELECT * FROM tpcc_stock_row");
      db.execute("DROP TABLE tpcc_stock_row");
    }
  }

  /**
   * Other tables stand in for order_line and new_order: too few lines for the orders are refused,
   * more new orders than the load made are not (New-Order may outpace Delivery).
   */
  @Test
  void orderLinesFewerThanFivePerOrderAreRefusedAndAGrownNewOrderTableIsNot() throws SQLException {
    Map<TpccTable, String> names = new EnumMap<>(db.names.qualified());
    names.put(TpccTable.ORDER_LINE, db.names.of(TpccTable.NEW_ORDER));
    assertThat(TpccLoader.checkReused(db.admin, new TpccNames(names), 1)).hasValue("table PUBLIC.tpcc_new_order has"
        + " 9,000 rows, but tpcc.warehouses=1 needs at least 150,000 (5 for each of the 30,000 orders); prepare the"
        + " data set again with tpcc.warehouses=1");

    names = new EnumMap<>(db.names.qualified());
    names.put(TpccTable.NEW_ORDER, db.names.of(TpccTable.ORDERS));
    assertThat(TpccLoader.checkReused(db.admin, new TpccNames(names), 1)).as("30,000 rows stand for new_order")
        .isEmpty();
  }

  @Test
  void aMissingTableIsNamed() throws SQLException {
    Map<TpccTable, String> names = new EnumMap<>(db.names.qualified());
    names.put(TpccTable.HISTORY, "PUBLIC.tpcc_no_such_table");

    assertThat(TpccLoader.checkReused(db.admin, new TpccNames(names), 1)).hasValueSatisfying(problem ->
        assertThat(problem).startsWith("table PUBLIC.tpcc_no_such_table cannot be read (")
            .endsWith("); the data set needs all nine TPC-C tables: prepare the data set again with"
                + " tpcc.warehouses=1"));
  }

  /** The first {@code columns} values of each row of {@code source}. */
  private static List<List<Object>> drain(RowSource source, int columns) {
    List<List<Object>> rows = new ArrayList<>();
    Object[] row = new Object[columns];
    while (source.next(row)) {
      rows.add(Arrays.asList(row.clone()));
    }
    return rows;
  }
}
