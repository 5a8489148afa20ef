package io.commitbench.core.workload.tpcc;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.load.LoadChunk;
import io.commitbench.core.load.RowSource;
import io.commitbench.core.workload.SchemaTable;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The load of {@code warehouses} cut into chunks that connections take up one by one, each
 * committed on its own: the items in four ranges; the warehouses and districts in ranges of
 * warehouses; per warehouse its stock in four ranges, per district its customers, history, orders
 * and order lines, and the warehouse's new orders. The cut does not depend on the number of
 * connections, and the rows do not depend on the cut ({@link TpccRows}). After the rows, each
 * table's key and indexes ({@link TpccTable#afterLoad}) on a connection of their own.
 */
final class TpccLoadPlan {

  /** Items per chunk, of the item table and of a warehouse's stock. */
  private static final int ITEMS_PER_CHUNK = 25_000;
  /** Warehouses per chunk of the warehouse and the district table, whose rows are few. */
  private static final int WAREHOUSES_PER_CHUNK = 1_000;

  private final int warehouses;
  private final TpccRows rows;

  TpccLoadPlan(int warehouses, TpccRows rows) {
    this.warehouses = warehouses;
    this.rows = rows;
  }

  /** The chunks, for {@code tables} in {@link TpccTable}'s order. */
  List<LoadChunk> chunks(List<SchemaTable> tables) {
    Chunks chunks = new Chunks(tables);
    for (int from = 1; from <= TpccTable.ITEMS; from += ITEMS_PER_CHUNK) {
      int first = from;
      int last = Math.min(TpccTable.ITEMS, from + ITEMS_PER_CHUNK - 1);
      chunks.add(TpccTable.ITEM, last - first + 1, () -> rows.items(first, last));
    }
    for (int from = 1; from <= warehouses; from += WAREHOUSES_PER_CHUNK) {
      int first = from;
      int last = Math.min(warehouses, from + WAREHOUSES_PER_CHUNK - 1);
      int count = last - first + 1;
      chunks.add(TpccTable.WAREHOUSE, count, () -> rows.warehouses(first, last));
      chunks.add(TpccTable.DISTRICT, (long) count * TpccRows.DISTRICTS, () -> rows.districts(first, last));
    }
    for (int w = 1; w <= warehouses; w++) {
      int warehouse = w;
      for (int from = 1; from <= TpccTable.ITEMS; from += ITEMS_PER_CHUNK) {
        int first = from;
        int last = Math.min(TpccTable.ITEMS, from + ITEMS_PER_CHUNK - 1);
        chunks.add(TpccTable.STOCK, last - first + 1, () -> rows.stock(warehouse, first, last));
      }
      for (int d = 1; d <= TpccRows.DISTRICTS; d++) {
        int district = d;
        chunks.add(TpccTable.CUSTOMER, TpccRows.CUSTOMERS, () -> rows.customers(warehouse, district));
        chunks.add(TpccTable.HISTORY, TpccRows.CUSTOMERS, () -> rows.history(warehouse, district));
        chunks.add(TpccTable.ORDERS, TpccRows.ORDERS, () -> rows.orders(warehouse, district));
        chunks.add(TpccTable.ORDER_LINE, rows.orderLineCount(warehouse, district),
            () -> rows.orderLines(warehouse, district));
      }
      chunks.add(TpccTable.NEW_ORDER, (long) TpccRows.DISTRICTS * (TpccRows.ORDERS - TpccRows.FIRST_NEW_ORDER + 1),
          () -> rows.newOrders(warehouse));
    }
    return chunks.list;
  }

  /** Rows per table in {@code chunks}, in {@link TpccTable}'s order. */
  static Map<TpccTable, Long> rowsPerTable(List<LoadChunk> chunks, List<SchemaTable> tables) {
    Map<TpccTable, Long> counts = new EnumMap<>(TpccTable.class);
    for (TpccTable table : TpccTable.values()) {
      String name = tables.get(table.ordinal()).spec().qualifiedName();
      counts.put(table, chunks.stream().filter(c -> c.qualifiedTable().equals(name)).mapToLong(LoadChunk::rows).sum());
    }
    return counts;
  }

  /**
   * Per table with a key or an index, its statements on one connection, the tables side by side;
   * all in one group where the dialect runs schema changes one at a time.
   */
  static List<List<String>> after(Dialect dialect, List<SchemaTable> tables) {
    List<List<String>> groups = new ArrayList<>();
    for (TpccTable table : TpccTable.values()) {
      List<String> statements = table.afterLoad(dialect, tables.get(table.ordinal()).spec());
      if (!statements.isEmpty()) {
        groups.add(statements);
      }
    }
    if (dialect.schemaChangesInParallel() || groups.isEmpty()) {
      return groups;
    }
    return List.of(groups.stream().flatMap(List::stream).toList());
  }

  /** The chunks being listed, each for its table's name and columns (one list of them per table). */
  private static final class Chunks {
    private final List<SchemaTable> tables;
    private final Map<TpccTable, List<String>> columns = new EnumMap<>(TpccTable.class);
    private final List<LoadChunk> list = new ArrayList<>();

    Chunks(List<SchemaTable> tables) {
      this.tables = tables;
    }

    void add(TpccTable table, long rows, Supplier<RowSource> source) {
      list.add(new LoadChunk(tables.get(table.ordinal()).spec().qualifiedName(),
          columns.computeIfAbsent(table, t -> List.copyOf(t.columns())), rows, source));
    }
  }
}
