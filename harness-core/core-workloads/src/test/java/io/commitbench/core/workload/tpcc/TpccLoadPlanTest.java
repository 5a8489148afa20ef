package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.LoadChunk;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.script.dataset.AnsiH2Dialect;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * How a load is cut into chunks (by warehouse and district, whatever the connections) and what
 * follows the rows: each table's key and index side by side, or all in one group where the
 * dialect runs schema changes one at a time.
 */
class TpccLoadPlanTest {

  /** The SPI's defaults alone: schema changes side by side. */
  private static final Dialect DEFAULTS = (Dialect) Proxy.newProxyInstance(Dialect.class.getClassLoader(),
      new Class<?>[] {Dialect.class}, (proxy, method, args) -> {
        if (method.isDefault()) {
          return InvocationHandler.invokeDefault(proxy, method, args);
        }
        throw new UnsupportedOperationException(method.getName() + ": not part of a load plan");
      });

  private final TpccRows rows = new TpccRows(1, TpccConstants.forLoad(1), Timestamp.valueOf("2024-01-02 03:04:05"));

  @Test
  void twoWarehousesAreCutByWarehouseAndDistrict() {
    List<SchemaTable> tables = tables(DEFAULTS);
    List<LoadChunk> chunks = new TpccLoadPlan(2, rows).chunks(tables);

    Map<String, Long> perTable = chunks.stream().collect(Collectors.groupingBy(LoadChunk::qualifiedTable,
        Collectors.counting()));
    assertThat(perTable).containsExactlyInAnyOrderEntriesOf(Map.of("tpcc_item", 4L, "tpcc_warehouse", 1L,
        "tpcc_district", 1L, "tpcc_stock", 8L, "tpcc_customer", 20L, "tpcc_history", 20L, "tpcc_orders", 20L,
        "tpcc_order_line", 20L, "tpcc_new_order", 2L));
    Map<TpccTable, Long> rowsPerTable = TpccLoadPlan.rowsPerTable(chunks, tables);
    for (TpccTable table : TpccTable.values()) {
      if (table != TpccTable.ORDER_LINE) {
        assertThat(rowsPerTable.get(table)).as(table.name).isEqualTo(table.rows(2));
      }
    }
    long lines = 0;
    for (int w = 1; w <= 2; w++) {
      for (int d = 1; d <= 10; d++) {
        lines += rows.orderLineCount(w, d);
      }
    }
    assertThat(rowsPerTable.get(TpccTable.ORDER_LINE)).isEqualTo(lines);
    assertThat(chunks).allSatisfy(chunk -> assertThat(chunk.columns()).isNotEmpty());
  }

  @Test
  void eachChunksRowsAreAsManyAsItSays() {
    List<LoadChunk> chunks = new TpccLoadPlan(1, rows).chunks(tables(DEFAULTS));

    for (LoadChunk chunk : chunks) {
      var source = chunk.source().get();
      Object[] row = new Object[chunk.columns().size()];
      long count = 0;
      while (source.next(row)) {
        count++;
      }
      assertThat(count).as(chunk.qualifiedTable()).isEqualTo(chunk.rows());
    }
  }

  @Test
  void eachTablesKeyAndIndexGoSideBySide() {
    List<List<String>> after = TpccLoadPlan.after(DEFAULTS, tables(DEFAULTS));

    assertThat(after).hasSize(8);
    assertThat(after.get(0)).containsExactly(
        "ALTER TABLE tpcc_warehouse ADD CONSTRAINT tpcc_warehouse_pkey PRIMARY KEY (w_id)");
    assertThat(after.get(2)).containsExactly(
        "ALTER TABLE tpcc_customer ADD CONSTRAINT tpcc_customer_pkey PRIMARY KEY (c_w_id, c_d_id, c_id)",
        "CREATE INDEX tpcc_customer_ix ON tpcc_customer (c_w_id, c_d_id, c_last, c_first)");
  }

  @Test
  void aDialectWithSchemaChangesOneAtATimeGetsThemInOneGroup() {
    Dialect h2 = new AnsiH2Dialect();
    List<List<String>> after = TpccLoadPlan.after(h2, tables(h2));

    assertThat(after).hasSize(1);
    assertThat(after.get(0)).hasSize(10)
        .isEqualTo(TpccLoadPlan.after(DEFAULTS, tables(DEFAULTS)).stream().flatMap(List::stream).toList());
  }

  private static List<SchemaTable> tables(Dialect dialect) {
    return new BoundTpccWorkload(H2TpccDatabase.settings(1, 1)).tables(new SchemaNaming(dialect, "", "tpcc_"));
  }
}
