package io.commitbench.core.workload.tpcc;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.workload.script.dataset.AnsiH2Dialect;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.EnumMap;
import java.util.Map;
import java.util.UUID;

/**
 * The nine tables on embedded H2, made by {@link TpccTable} with the SPI's defaults, and a small
 * data set of a given shape in the spirit of clause 4.3.3.1: every district's customers, orders
 * (the oldest delivered, the rest with their new-order rows) and five lines per order; items and
 * the stock of every warehouse. The tables' names carry a prefix, so a statement that names a
 * table without the run's name fails.
 */
final class TinyTpccDatabase implements AutoCloseable {

  /**
   * The data set's shape.
   *
   * @param warehouses warehouses, 10 districts each
   * @param customers customers per district, ids 1 to this
   * @param names distinct last names: customer c is named {@code lastName((c - 1) % names)}
   * @param items items, ids 1 to this, each in the stock of every warehouse
   * @param orders orders per district, ids 1 to this; d_next_o_id is one more
   * @param firstUndelivered the oldest order with a new-order row; those before it are delivered
   */
  record Shape(int warehouses, int customers, int names, int items, int orders, int firstUndelivered) {}

  static final String PREFIX = "t_";
  static final BigDecimal WAREHOUSE_YTD = new BigDecimal("300000.00");
  static final BigDecimal DISTRICT_YTD = new BigDecimal("30000.00");
  static final int STOCK_QUANTITY = 50;
  static final int LINES_PER_ORDER = 5;
  static final BigDecimal UNDELIVERED_LINE_AMOUNT = new BigDecimal("10.00");

  final Shape shape;
  final TpccNames names;
  final String url;
  final Connection admin;

  TinyTpccDatabase(Shape shape) throws SQLException {
    this.shape = shape;
    this.url = "jdbc:h2:mem:tpcc-" + UUID.randomUUID();
    this.admin = DriverManager.getConnection(url, "sa", "");
    Map<TpccTable, String> qualified = new EnumMap<>(TpccTable.class);
    for (TpccTable table : TpccTable.values()) {
      qualified.put(table, PREFIX + table.name);
    }
    this.names = new TpccNames(qualified);
    Dialect dialect = new AnsiH2Dialect();
    try (Statement ddl = admin.createStatement()) {
      for (TpccTable table : TpccTable.values()) {
        ddl.execute(table.createTable(dialect, spec(table)));
      }
    }
    admin.setAutoCommit(false);
    load();
    admin.commit();
    try (Statement ddl = admin.createStatement()) {
      for (TpccTable table : TpccTable.values()) {
        for (String sql : table.afterLoad(dialect, spec(table))) {
          ddl.execute(sql);
        }
      }
    }
    admin.commit();
  }

  /** A new connection for a terminal: without autocommit, as the workload asks. */
  Connection connect() throws SQLException {
    Connection connection = DriverManager.getConnection(url, "sa", "");
    connection.setAutoCommit(false);
    return connection;
  }

  /** The run's name of {@code table}. */
  String name(TpccTable table) {
    return names.of(table);
  }

  /**
   * The first column of the first row of {@code sql}, read after a commit of the admin connection
   * (so it sees what the others committed).
   */
  long number(String sql) throws SQLException {
    admin.commit();
    try (Statement query = admin.createStatement(); ResultSet rows = query.executeQuery(sql)) {
      return rows.next() ? rows.getLong(1) : -1;
    }
  }

  BigDecimal decimal(String sql) throws SQLException {
    admin.commit();
    try (Statement query = admin.createStatement(); ResultSet rows = query.executeQuery(sql)) {
      return rows.next() ? rows.getBigDecimal(1) : null;
    }
  }

  String text(String sql) throws SQLException {
    admin.commit();
    try (Statement query = admin.createStatement(); ResultSet rows = query.executeQuery(sql)) {
      return rows.next() ? rows.getString(1) : null;
    }
  }

  void execute(String sql) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      statement.execute(sql);
    }
    admin.commit();
  }

  @Override
  public void close() throws SQLException {
    admin.close();
  }

  private TableSpec spec(TpccTable table) {
    return new TableSpec(PREFIX + table.name, "", names.of(table), 0);
  }

  private void load() throws SQLException {
    Timestamp now = new Timestamp(System.currentTimeMillis());
    try (PreparedStatement item = insert(TpccTable.ITEM, "i_id, i_im_id, i_name, i_price, i_data", 5)) {
      for (int i = 1; i <= shape.items(); i++) {
        item.setInt(1, i);
        item.setInt(2, i);
        item.setString(3, "item " + i);
        item.setBigDecimal(4, BigDecimal.valueOf(100 + i % 100, 2));
        item.setString(5, i % 10 == 0 ? "an ORIGINAL item" : "an item");
        item.addBatch();
      }
      item.executeBatch();
    }
    for (int w = 1; w <= shape.warehouses(); w++) {
      loadWarehouse(w, now);
    }
  }

  private void loadWarehouse(int w, Timestamp now) throws SQLException {
    try (PreparedStatement s = insert(TpccTable.WAREHOUSE, "w_id, w_name, w_tax, w_ytd", 4)) {
      s.setInt(1, w);
      s.setString(2, "ware" + w);
      s.setBigDecimal(3, new BigDecimal("0.1000"));
      s.setBigDecimal(4, WAREHOUSE_YTD);
      s.executeUpdate();
    }
    try (PreparedStatement s = insert(TpccTable.STOCK, "s_i_id, s_w_id, s_quantity, s_dist_01, s_dist_02,"
        + " s_dist_03, s_dist_04, s_dist_05, s_dist_06, s_dist_07, s_dist_08, s_dist_09, s_dist_10, s_ytd,"
        + " s_order_cnt, s_remote_cnt, s_data", 17)) {
      for (int i = 1; i <= shape.items(); i++) {
        s.setInt(1, i);
        s.setInt(2, w);
        s.setInt(3, STOCK_QUANTITY);
        for (int d = 1; d <= 10; d++) {
          s.setString(3 + d, "dist " + d + " of " + i);
        }
        s.setInt(14, 0);
        s.setInt(15, 0);
        s.setInt(16, 0);
        s.setString(17, i % 10 == 0 ? "ORIGINAL stock" : "stock");
        s.addBatch();
      }
      s.executeBatch();
    }
    for (int d = 1; d <= 10; d++) {
      loadDistrict(w, d, now);
    }
  }

  private void loadDistrict(int w, int d, Timestamp now) throws SQLException {
    try (PreparedStatement s = insert(TpccTable.DISTRICT, "d_id, d_w_id, d_name, d_tax, d_ytd, d_next_o_id", 6)) {
      s.setInt(1, d);
      s.setInt(2, w);
      s.setString(3, "dist" + d);
      s.setBigDecimal(4, new BigDecimal("0.0500"));
      s.setBigDecimal(5, DISTRICT_YTD);
      s.setInt(6, shape.orders() + 1);
      s.executeUpdate();
    }
    try (PreparedStatement s = insert(TpccTable.CUSTOMER, "c_id, c_d_id, c_w_id, c_first, c_middle, c_last,"
        + " c_since, c_credit, c_credit_lim, c_discount, c_balance, c_ytd_payment, c_payment_cnt, c_delivery_cnt,"
        + " c_data", 15)) {
      for (int c = 1; c <= shape.customers(); c++) {
        s.setInt(1, c);
        s.setInt(2, d);
        s.setInt(3, w);
        s.setString(4, "F" + (10_000 - c)); // first names in the reverse order of the ids
        s.setString(5, "OE");
        s.setString(6, TpccRandom.lastName((c - 1) % shape.names()));
        s.setTimestamp(7, now);
        s.setString(8, c % 5 == 0 ? "BC" : "GC");
        s.setBigDecimal(9, new BigDecimal("50000.00"));
        s.setBigDecimal(10, new BigDecimal("0.1000"));
        s.setBigDecimal(11, new BigDecimal("-10.00"));
        s.setBigDecimal(12, new BigDecimal("10.00"));
        s.setInt(13, 1);
        s.setInt(14, 0);
        s.setString(15, "data of customer " + c);
        s.addBatch();
      }
      s.executeBatch();
    }
    try (PreparedStatement order = insert(TpccTable.ORDERS, "o_id, o_d_id, o_w_id, o_c_id, o_entry_d, o_carrier_id,"
        + " o_ol_cnt, o_all_local", 8);
        PreparedStatement newOrder = insert(TpccTable.NEW_ORDER, "no_o_id, no_d_id, no_w_id", 3);
        PreparedStatement line = insert(TpccTable.ORDER_LINE, "ol_o_id, ol_d_id, ol_w_id, ol_number, ol_i_id,"
            + " ol_supply_w_id, ol_delivery_d, ol_quantity, ol_amount, ol_dist_info", 10)) {
      for (int o = 1; o <= shape.orders(); o++) {
        boolean delivered = o < shape.firstUndelivered();
        order.setInt(1, o);
        order.setInt(2, d);
        order.setInt(3, w);
        order.setInt(4, (o - 1) % shape.customers() + 1);
        order.setTimestamp(5, now);
        if (delivered) {
          order.setInt(6, 1);
        } else {
          order.setNull(6, java.sql.Types.INTEGER);
        }
        order.setInt(7, LINES_PER_ORDER);
        order.setInt(8, 1);
        order.addBatch();
        if (!delivered) {
          newOrder.setInt(1, o);
          newOrder.setInt(2, d);
          newOrder.setInt(3, w);
          newOrder.addBatch();
        }
        for (int n = 1; n <= LINES_PER_ORDER; n++) {
          line.setInt(1, o);
          line.setInt(2, d);
          line.setInt(3, w);
          line.setInt(4, n);
          line.setInt(5, (o * LINES_PER_ORDER + n) % shape.items() + 1);
          line.setInt(6, w);
          line.setTimestamp(7, delivered ? now : null);
          line.setInt(8, 5);
          line.setBigDecimal(9, delivered ? new BigDecimal("0.00") : UNDELIVERED_LINE_AMOUNT);
          line.setString(10, "dist info");
          line.addBatch();
        }
      }
      order.executeBatch();
      newOrder.executeBatch();
      line.executeBatch();
    }
  }

  private PreparedStatement insert(TpccTable table, String columns, int count) throws SQLException {
    return admin.prepareStatement("INSERT INTO " + names.of(table) + " (" + columns + ") VALUES ("
        + "?, ".repeat(count - 1) + "?)");
  }
}
