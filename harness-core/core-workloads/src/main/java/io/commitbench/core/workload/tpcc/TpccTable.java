package io.commitbench.core.workload.tpcc;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import java.util.List;

/**
 * The nine tables of TPC-C (clause 1.3) with the spec's columns: numeric(N) identifiers and counts
 * as INTEGER, signed numeric(p,s) amounts as DECIMAL(p,s), date and time as the dialect's
 * timestamp type, fixed and variable text as CHAR(n) and the dialect's VARCHAR(n); the primary keys of clause 1.3 (history
 * has none), and the two secondary indexes the transactions need: customers by last name
 * (Payment and Order-Status by name) and orders by customer (Order-Status). In the order they are
 * created and loaded; {@link #name} is the table's name after {@code table.prefix}.
 */
enum TpccTable {

  WAREHOUSE("warehouse", 1, List.of("w_id"), List.of(
      "w_id INTEGER NOT NULL", "w_name VARCHAR(10)", "w_street_1 VARCHAR(20)", "w_street_2 VARCHAR(20)",
      "w_city VARCHAR(20)", "w_state CHAR(2)", "w_zip CHAR(9)", "w_tax DECIMAL(4,4)", "w_ytd DECIMAL(12,2)")),
  DISTRICT("district", 10, List.of("d_w_id", "d_id"), List.of(
      "d_id INTEGER NOT NULL", "d_w_id INTEGER NOT NULL", "d_name VARCHAR(10)", "d_street_1 VARCHAR(20)",
      "d_street_2 VARCHAR(20)", "d_city VARCHAR(20)", "d_state CHAR(2)", "d_zip CHAR(9)", "d_tax DECIMAL(4,4)",
      "d_ytd DECIMAL(12,2)", "d_next_o_id INTEGER")),
  CUSTOMER("customer", 30_000, List.of("c_w_id", "c_d_id", "c_id"), List.of(
      "c_id INTEGER NOT NULL", "c_d_id INTEGER NOT NULL", "c_w_id INTEGER NOT NULL", "c_first VARCHAR(16)",
      "c_middle CHAR(2)", "c_last VARCHAR(16)", "c_street_1 VARCHAR(20)", "c_street_2 VARCHAR(20)",
      "c_city VARCHAR(20)", "c_state CHAR(2)", "c_zip CHAR(9)", "c_phone CHAR(16)", "c_since TIMESTAMP",
      "c_credit CHAR(2)", "c_credit_lim DECIMAL(12,2)", "c_discount DECIMAL(4,4)", "c_balance DECIMAL(12,2)",
      "c_ytd_payment DECIMAL(12,2)", "c_payment_cnt INTEGER", "c_delivery_cnt INTEGER", "c_data VARCHAR(500)")),
  HISTORY("history", 30_000, List.of(), List.of(
      "h_c_id INTEGER", "h_c_d_id INTEGER", "h_c_w_id INTEGER", "h_d_id INTEGER", "h_w_id INTEGER",
      "h_date TIMESTAMP", "h_amount DECIMAL(6,2)", "h_data VARCHAR(24)")),
  NEW_ORDER("new_order", 9_000, List.of("no_w_id", "no_d_id", "no_o_id"), List.of(
      "no_o_id INTEGER NOT NULL", "no_d_id INTEGER NOT NULL", "no_w_id INTEGER NOT NULL")),
  ORDERS("orders", 30_000, List.of("o_w_id", "o_d_id", "o_id"), List.of(
      "o_id INTEGER NOT NULL", "o_d_id INTEGER NOT NULL", "o_w_id INTEGER NOT NULL", "o_c_id INTEGER",
      "o_entry_d TIMESTAMP", "o_carrier_id INTEGER", "o_ol_cnt INTEGER", "o_all_local INTEGER")),
  ORDER_LINE("order_line", 300_000, List.of("ol_w_id", "ol_d_id", "ol_o_id", "ol_number"), List.of(
      "ol_o_id INTEGER NOT NULL", "ol_d_id INTEGER NOT NULL", "ol_w_id INTEGER NOT NULL",
      "ol_number INTEGER NOT NULL", "ol_i_id INTEGER", "ol_supply_w_id INTEGER", "ol_delivery_d TIMESTAMP",
      "ol_quantity INTEGER", "ol_amount DECIMAL(6,2)", "ol_dist_info CHAR(24)")),
  ITEM("item", 0, List.of("i_id"), List.of(
      "i_id INTEGER NOT NULL", "i_im_id INTEGER", "i_name VARCHAR(24)", "i_price DECIMAL(5,2)",
      "i_data VARCHAR(50)")),
  STOCK("stock", 100_000, List.of("s_w_id", "s_i_id"), List.of(
      "s_i_id INTEGER NOT NULL", "s_w_id INTEGER NOT NULL", "s_quantity INTEGER", "s_dist_01 CHAR(24)",
      "s_dist_02 CHAR(24)", "s_dist_03 CHAR(24)", "s_dist_04 CHAR(24)", "s_dist_05 CHAR(24)", "s_dist_06 CHAR(24)",
      "s_dist_07 CHAR(24)", "s_dist_08 CHAR(24)", "s_dist_09 CHAR(24)", "s_dist_10 CHAR(24)", "s_ytd INTEGER",
      "s_order_cnt INTEGER", "s_remote_cnt INTEGER", "s_data VARCHAR(50)"));

  /** The item table's rows, whatever the number of warehouses (table 4.1). */
  static final int ITEMS = 100_000;

  /** The table's name after table.prefix: the spec's, but orders (ORDER is a reserved word). */
  final String name;
  /** Rows per warehouse after the load (table 4.1); 0 for item, which has {@link #ITEMS}. */
  final long rowsPerWarehouse;
  /** The primary key's columns, in the key's order; empty for history. */
  final List<String> key;
  /** The column definitions, in the order the loader fills them. */
  final List<String> columnDefinitions;

  TpccTable(String name, long rowsPerWarehouse, List<String> key, List<String> columnDefinitions) {
    this.name = name;
    this.rowsPerWarehouse = rowsPerWarehouse;
    this.key = key;
    this.columnDefinitions = columnDefinitions;
  }

  /** The table's rows after the load of {@code warehouses} (table 4.1). */
  long rows(int warehouses) {
    return this == ITEM ? ITEMS : rowsPerWarehouse * warehouses;
  }

  /** The column names, in the order the loader fills them. */
  List<String> columns() {
    return columnDefinitions.stream().map(d -> d.substring(0, d.indexOf(' '))).toList();
  }

  /** CREATE TABLE, with the primary key unless it comes after the rows ({@link Dialect#primaryKeyAfterLoad}). */
  String createTable(Dialect dialect, TableSpec table) {
    String columns = String.join(", ", columnDefinitions).replace("VARCHAR(", dialect.varcharType() + "(")
        .replace(" TIMESTAMP", " " + dialect.timestampType());
    String primaryKey = key.isEmpty() || dialect.primaryKeyAfterLoad() ? "" : ", PRIMARY KEY (" + String.join(", ", key) + ")";
    String options = dialect.tableOptions();
    return "CREATE TABLE " + table.qualifiedName() + " (" + columns + primaryKey + ")"
        + (options.isEmpty() ? "" : " " + options);
  }

  /**
   * What follows the rows, on one connection: the primary key where the dialect adds it after the
   * load, then the secondary index of customer and of orders.
   */
  List<String> afterLoad(Dialect dialect, TableSpec table) {
    List<String> statements = new java.util.ArrayList<>();
    if (!key.isEmpty() && dialect.primaryKeyAfterLoad()) {
      // A constraint is named without its schema: it lives with its table (Oracle refuses a qualified name).
      statements.add("ALTER TABLE " + table.qualifiedName() + " ADD CONSTRAINT " + indexName(dialect, table, "_pkey")
          + " PRIMARY KEY (" + String.join(", ", key) + ")");
    }
    String secondary = switch (this) {
      case CUSTOMER -> "c_w_id, c_d_id, c_last, c_first";
      case ORDERS -> "o_w_id, o_d_id, o_c_id, o_id";
      default -> null;
    };
    if (secondary != null) {
      statements.add("CREATE INDEX " + dialect.indexName(table, indexName(dialect, table, "_ix")) + " ON "
          + table.qualifiedName() + " (" + secondary + ")");
    }
    return statements;
  }

  /** {@code <table><suffix>}, the table's name cut to leave room for the suffix within the dialect's longest name. */
  private static String indexName(Dialect dialect, TableSpec table, String suffix) {
    int room = dialect.maxIdentifierLength() - suffix.length();
    String base = table.name();
    return (base.length() > room ? base.substring(0, Math.max(1, room)) : base) + suffix;
  }
}
