package io.commitbench.driver.oracle;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.server.RecordedRows;
import io.commitbench.core.server.Row;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.WorkloadSettings;
import io.commitbench.core.workload.tpcc.TpccWorkload;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TPC-C ({@code workload=tpcc}) on Oracle without an Oracle server: the DDL and the statements the
 * real {@link OracleDialect} makes the workload produce, and the consistency conditions and the
 * reuse check over rows recorded in the shape ojdbc returns them. Nothing here proves that an
 * Oracle server accepts the SQL; it pins the text, so that a change to it is deliberate. The same
 * code paths run against real PostgreSQL, MariaDB and H2 servers in the integration tests.
 *
 * <p>The rows (NUMBER columns, so BigDecimal, under the upper-case labels Oracle gives unaliased
 * expressions) were written down from Oracle's documented behaviour and ojdbc's type mapping, not
 * captured from a live instance.
 */
class OracleTpccSqlRecordedRowsTest {

  private static final String PREFIX = "BENCH.cb_t_";

  private final OracleDialect dialect = new OracleDialect();

  private static BoundWorkload bound(String load) {
    return new TpccWorkload().bind(new WorkloadSettings(Map.of("tpcc.warehouses", 1L, "tpcc.mode", "throughput",
        "tpcc.check", true, "tpcc.seed", 1L, "load", load, "load.threads", 1L)));
  }

  private List<SchemaTable> tables(BoundWorkload workload) {
    return workload.tables(new SchemaNaming(dialect, "BENCH", "cb_t_"));
  }

  @Test
  void theNineTablesUseVarchar2AndLeaveTheirKeysForAfterTheLoad() {
    List<SchemaTable> tables = tables(bound("fresh"));

    assertThat(tables).extracting(t -> t.spec().qualifiedName()).containsExactly(PREFIX + "warehouse",
        PREFIX + "district", PREFIX + "customer", PREFIX + "history", PREFIX + "new_order", PREFIX + "orders",
        PREFIX + "order_line", PREFIX + "item", PREFIX + "stock");
    assertThat(tables.get(2).create()).containsExactly("CREATE TABLE BENCH.cb_t_customer (c_id INTEGER NOT NULL,"
        + " c_d_id INTEGER NOT NULL, c_w_id INTEGER NOT NULL, c_first VARCHAR2(16), c_middle CHAR(2),"
        + " c_last VARCHAR2(16), c_street_1 VARCHAR2(20), c_street_2 VARCHAR2(20), c_city VARCHAR2(20),"
        + " c_state CHAR(2), c_zip CHAR(9), c_phone CHAR(16), c_since TIMESTAMP, c_credit CHAR(2),"
        + " c_credit_lim DECIMAL(12,2), c_discount DECIMAL(4,4), c_balance DECIMAL(12,2),"
        + " c_ytd_payment DECIMAL(12,2), c_payment_cnt INTEGER, c_delivery_cnt INTEGER, c_data VARCHAR2(500))");
    for (SchemaTable table : tables) {
      assertThat(table.create()).singleElement().asString().doesNotContain("VARCHAR(", "PRIMARY KEY");
      assertThat(table.drop()).singleElement().asString().contains("DROP TABLE " + table.spec().qualifiedName()
          + " PURGE");
    }
  }

  @Test
  void theTerminalPreparesStandardSqlWithoutLimitAndLocksWhatItChanges() throws Exception {
    BoundWorkload workload = bound("fresh");
    List<String> prepared = new ArrayList<>();
    workload.newActor(0, tables(workload), dialect).prepare(sql -> {
      prepared.add(sql);
      return null;
    });

    assertThat(prepared).hasSize(43).allSatisfy(sql -> assertThat(sql).doesNotContain("LIMIT", "{"));
    assertThat(prepared).contains("SELECT no_o_id FROM BENCH.cb_t_new_order WHERE no_w_id = ? AND no_d_id = ?"
        + " AND no_o_id = (SELECT MIN(no_o_id) FROM BENCH.cb_t_new_order WHERE no_w_id = ? AND no_d_id = ?)"
        + " FOR UPDATE",
        "SELECT o_id, o_entry_d, o_carrier_id FROM BENCH.cb_t_orders WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?"
            + " AND o_id = (SELECT MAX(o_id) FROM BENCH.cb_t_orders WHERE o_w_id = ? AND o_d_id = ? AND o_c_id = ?)",
        "SELECT s_quantity, s_dist_07, s_data FROM BENCH.cb_t_stock WHERE s_i_id = ? AND s_w_id = ? FOR UPDATE",
        "SELECT d_tax, d_next_o_id FROM BENCH.cb_t_district WHERE d_w_id = ? AND d_id = ? FOR UPDATE");
  }

  @Test
  void theConditionsHoldOnAFreshLoadsRowsAndNameTheDistrictWhereOneFails() throws Exception {
    BoundWorkload workload = bound("fresh");
    RecordedRows fresh = consistentRows(new BigDecimal(3001));

    assertThat(workload.checkData(new JdbcStandIn(fresh).connection(), dialect, tables(workload))).isEmpty();
    assertThat(fresh.asked()).hasSize(6);

    RecordedRows ahead = consistentRows(new BigDecimal(3002));
    assertThat(workload.checkData(new JdbcStandIn(ahead).connection(), dialect, tables(workload))).containsExactly(
        "consistency condition 2 (D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)) fails in warehouse 1, district 3:"
            + " D_NEXT_O_ID - 1 = 3001, max(O_ID) = 3000, max(NO_O_ID) = 3000");
  }

  /** One warehouse as the load leaves it; district 3's next order id is {@code district3Next}. */
  private static RecordedRows consistentRows(BigDecimal district3Next) {
    List<Row> districts = new ArrayList<>();
    List<Row> orders = new ArrayList<>();
    List<Row> newOrders = new ArrayList<>();
    List<Row> lines = new ArrayList<>();
    for (int d = 1; d <= 10; d++) {
      BigDecimal w = BigDecimal.ONE;
      BigDecimal district = BigDecimal.valueOf(d);
      districts.add(Row.of("D_W_ID", w, "D_ID", district, "D_NEXT_O_ID", d == 3 ? district3Next
          : BigDecimal.valueOf(3001)));
      orders.add(Row.of("O_W_ID", w, "O_D_ID", district, "MAX(O_ID)", BigDecimal.valueOf(3000), "SUM(O_OL_CNT)",
          BigDecimal.valueOf(30_000 + d)));
      newOrders.add(Row.of("NO_W_ID", w, "NO_D_ID", district, "MAX(NO_O_ID)", BigDecimal.valueOf(3000),
          "MIN(NO_O_ID)", BigDecimal.valueOf(2101), "COUNT(*)", BigDecimal.valueOf(900)));
      lines.add(Row.of("OL_W_ID", w, "OL_D_ID", district, "COUNT(*)", BigDecimal.valueOf(30_000 + d)));
    }
    return new RecordedRows()
        .answer("SELECT w_id, w_ytd FROM " + PREFIX + "warehouse", Row.of("W_ID", BigDecimal.ONE, "W_YTD",
            new BigDecimal("300000.00")))
        .answer("SELECT d_w_id, SUM(d_ytd) FROM " + PREFIX + "district GROUP BY d_w_id", Row.of("D_W_ID",
            BigDecimal.ONE, "SUM(D_YTD)", new BigDecimal("300000.00")))
        .answer("SELECT d_w_id, d_id, d_next_o_id FROM " + PREFIX + "district", districts.toArray(Row[]::new))
        .answer("SELECT o_w_id, o_d_id, MAX(o_id), SUM(o_ol_cnt) FROM " + PREFIX + "orders GROUP BY o_w_id, o_d_id",
            orders.toArray(Row[]::new))
        .answer("SELECT no_w_id, no_d_id, MAX(no_o_id), MIN(no_o_id), COUNT(*) FROM " + PREFIX + "new_order"
            + " GROUP BY no_w_id, no_d_id", newOrders.toArray(Row[]::new))
        .answer("SELECT ol_w_id, ol_d_id, COUNT(*) FROM " + PREFIX + "order_line GROUP BY ol_w_id, ol_d_id",
            lines.toArray(Row[]::new));
  }

  @Test
  void aReusedDataSetIsCountedTableByTableAsOjdbcReturnsTheCounts() throws Exception {
    BoundWorkload workload = bound("reuse");
    Map<String, Long> loaded = Map.of("warehouse", 1L, "district", 10L, "customer", 30_000L, "history", 30_000L,
        "new_order", 9_000L, "orders", 30_000L, "order_line", 300_000L, "item", 100_000L, "stock", 100_000L);
    RecordedRows full = new RecordedRows();
    RecordedRows fewer = new RecordedRows();
    loaded.forEach((table, rows) -> {
      String count = "SELECT COUNT(*) FROM " + PREFIX + table;
      full.answer(count, Row.of("COUNT(*)", BigDecimal.valueOf(rows)));
      fewer.answer(count, Row.of("COUNT(*)", BigDecimal.valueOf(table.equals("stock") ? rows - 1 : rows)));
    });

    assertThat(workload.checkReused(new JdbcStandIn(full).connection(), tables(workload))).isEmpty();
    assertThat(full.asked()).hasSize(9);
    assertThat(workload.checkReused(new JdbcStandIn(fewer).connection(), tables(workload))).hasValue("table"
        + " BENCH.cb_t_stock has 99,999 rows, but tpcc.warehouses=1 needs 100,000; prepare the data set again with"
        + " tpcc.warehouses=1");
  }
}
