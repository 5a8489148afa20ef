package io.commitbench.core.workload.tpcc;

import static io.commitbench.core.workload.tpcc.MissingRows.require;
import static io.commitbench.core.workload.tpcc.TpccSql.*;

import io.commitbench.core.workload.TransactionContext;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.Comparator;
import java.util.List;

/**
 * The New-Order transaction (clause 2.4.2): takes the district's next order id, enters the order
 * and its new-order row, and for each line reads the item, takes the quantity from the supplying
 * warehouse's stock and enters the line. An order whose last item is unused (clause 2.4.1.4) is
 * rolled back when that item is not found; it still completes, as the spec counts it.
 *
 * <p>The lines are worked in the order of their item (and supplying warehouse), so that two
 * orders lock the stock rows they share in the same order and do not deadlock on them; the
 * unused item, above every real one, stays last.
 */
final class NewOrder {

  /** 'G' or 'B' (clause 2.4.2.2): whether both the item's and the stock's data hold "ORIGINAL". */
  private static final String ORIGINAL = "ORIGINAL";
  private static final Comparator<Line> LOCK_ORDER =
      Comparator.comparingInt(Line::itemId).thenComparingInt(Line::supplyWarehouse);

  /** One line's inputs: the item, the warehouse that supplies it, the quantity (1 to 10). */
  record Line(int itemId, int supplyWarehouse, int quantity) {}

  /**
   * The terminal's inputs for one order (clause 2.4.1).
   *
   * @param warehouse the home warehouse
   * @param district drawn in 1 to 10
   * @param customerId NURand(1023, 1, 3000)
   * @param lines 5 to 15 lines; the last one's item is {@link TpccInputs#UNUSED_ITEM} in 1 % of orders
   */
  record Input(int warehouse, int district, int customerId, List<Line> lines) {
    Input {
      lines = List.copyOf(lines);
    }

    /** Whether the order is to be rolled back: its last item is unused. */
    boolean rollsBack() {
      return lines.get(lines.size() - 1).itemId() == TpccInputs.UNUSED_ITEM;
    }

    /** Lines supplied by another warehouse than the home one. */
    int remoteLines() {
      return (int) lines.stream().filter(l -> l.supplyWarehouse() != warehouse).count();
    }
  }

  /** What an order came to (the terminal's output, clause 2.4.3.3). */
  record Outcome(boolean committed, int orderId, BigDecimal total) {}

  private final TpccStatements statements;

  NewOrder(TpccStatements statements) {
    this.statements = statements;
  }

  Outcome run(Input input, TransactionContext tx) throws SQLException {
    int w = input.warehouse();
    int d = input.district();
    PreparedStatement s = statements.of(NEW_ORDER_WAREHOUSE);
    s.setInt(1, w);
    BigDecimal[] warehouseTax = new BigDecimal[1];
    require(tx.query(NEW_ORDER_WAREHOUSE.kind, s, row -> warehouseTax[0] = row.getBigDecimal(1)), "warehouse", w);

    s = statements.of(NEW_ORDER_DISTRICT);
    s.setInt(1, w);
    s.setInt(2, d);
    BigDecimal[] districtTax = new BigDecimal[1];
    int[] orderId = new int[1];
    require(tx.query(NEW_ORDER_DISTRICT.kind, s, row -> {
      districtTax[0] = row.getBigDecimal(1);
      orderId[0] = row.getInt(2);
    }), "district", w, d);
    s = statements.of(NEW_ORDER_DISTRICT_NEXT);
    s.setInt(1, w);
    s.setInt(2, d);
    tx.update(NEW_ORDER_DISTRICT_NEXT.kind, s);

    s = statements.of(NEW_ORDER_CUSTOMER);
    s.setInt(1, w);
    s.setInt(2, d);
    s.setInt(3, input.customerId());
    BigDecimal[] discount = new BigDecimal[1];
    require(tx.query(NEW_ORDER_CUSTOMER.kind, s, row -> discount[0] = row.getBigDecimal(1)), "customer", w, d,
        input.customerId());

    Timestamp entered = new Timestamp(System.currentTimeMillis());
    s = statements.of(NEW_ORDER_INSERT_ORDER);
    s.setInt(1, orderId[0]);
    s.setInt(2, d);
    s.setInt(3, w);
    s.setInt(4, input.customerId());
    s.setTimestamp(5, entered);
    s.setInt(6, input.lines().size());
    s.setInt(7, input.remoteLines() == 0 ? 1 : 0);
    tx.update(NEW_ORDER_INSERT_ORDER.kind, s);
    s = statements.of(NEW_ORDER_INSERT_NEW_ORDER);
    s.setInt(1, orderId[0]);
    s.setInt(2, d);
    s.setInt(3, w);
    tx.update(NEW_ORDER_INSERT_NEW_ORDER.kind, s);

    List<Line> lines = input.lines().stream().sorted(LOCK_ORDER).toList();
    BigDecimal sum = BigDecimal.ZERO;
    for (int number = 1; number <= lines.size(); number++) {
      BigDecimal amount = line(w, d, orderId[0], number, lines.get(number - 1), tx);
      if (amount == null) {
        tx.connection().rollback();
        return new Outcome(false, orderId[0], BigDecimal.ZERO);
      }
      sum = sum.add(amount);
    }
    tx.commit();
    BigDecimal total = sum.multiply(BigDecimal.ONE.subtract(discount[0]))
        .multiply(BigDecimal.ONE.add(warehouseTax[0]).add(districtTax[0])).setScale(2, RoundingMode.HALF_UP);
    return new Outcome(true, orderId[0], total);
  }

  /** One order line: its amount, or null when its item is not found (the order is to be rolled back). */
  private BigDecimal line(int w, int d, int orderId, int number, Line line, TransactionContext tx)
      throws SQLException {
    PreparedStatement s = statements.of(NEW_ORDER_ITEM);
    s.setInt(1, line.itemId());
    BigDecimal[] price = new BigDecimal[1];
    String[] itemData = new String[1];
    if (tx.query(NEW_ORDER_ITEM.kind, s, row -> {
      price[0] = row.getBigDecimal(1);
      itemData[0] = row.getString(3);
    }) == 0) {
      return null;
    }

    s = statements.stock(d);
    s.setInt(1, line.itemId());
    s.setInt(2, line.supplyWarehouse());
    int[] quantity = new int[1];
    String[] stockText = new String[2];
    require(tx.query(NEW_ORDER_STOCK.kind, s, row -> {
      quantity[0] = row.getInt(1);
      stockText[0] = row.getString(2);
      stockText[1] = row.getString(3);
    }), "stock", line.itemId(), line.supplyWarehouse());
    s = statements.of(NEW_ORDER_STOCK_UPDATE);
    s.setInt(1, stockAfter(quantity[0], line.quantity()));
    s.setInt(2, line.quantity());
    s.setInt(3, line.supplyWarehouse() == w ? 0 : 1);
    s.setInt(4, line.itemId());
    s.setInt(5, line.supplyWarehouse());
    tx.update(NEW_ORDER_STOCK_UPDATE.kind, s);

    BigDecimal amount = price[0].multiply(BigDecimal.valueOf(line.quantity())).setScale(2, RoundingMode.HALF_UP);
    s = statements.of(NEW_ORDER_INSERT_LINE);
    s.setInt(1, orderId);
    s.setInt(2, d);
    s.setInt(3, w);
    s.setInt(4, number);
    s.setInt(5, line.itemId());
    s.setInt(6, line.supplyWarehouse());
    s.setInt(7, line.quantity());
    s.setBigDecimal(8, amount);
    s.setString(9, stockText[0]);
    tx.update(NEW_ORDER_INSERT_LINE.kind, s);
    brandGeneric(itemData[0], stockText[1]);
    return amount;
  }

  /** Clause 2.4.2.2: the quantity goes down by the order's, and up by 91 where fewer than 10 would remain. */
  static int stockAfter(int quantity, int ordered) {
    return quantity >= ordered + 10 ? quantity - ordered : quantity - ordered + 91;
  }

  /** The line's brand-generic field of the terminal's output. */
  static char brandGeneric(String itemData, String stockData) {
    return itemData != null && stockData != null && itemData.contains(ORIGINAL) && stockData.contains(ORIGINAL)
        ? 'B' : 'G';
  }
}
