package io.commitbench.core.workload.tpcc;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * What one terminal enters for each transaction, drawn as clauses 2.4.1, 2.5.1, 2.6.1, 2.7.1 and
 * 2.8.1 draw it, from the terminal's own {@link TpccRandom}. A remote warehouse (a New-Order
 * line's supplier in 1 %, a Payment's customer in 15 %) is drawn among the others, and is the home
 * warehouse when there is no other. Confined to the terminal's thread.
 */
final class TpccInputs {

  /** Districts per warehouse (clause 1.2.1). */
  static final int DISTRICTS = 10;
  /** The item id of an order to be rolled back (clause 2.4.1.5): one past the last item. */
  static final int UNUSED_ITEM = TpccTable.ITEMS + 1;

  private final TpccRandom random;
  private final int warehouses;
  private final int warehouse;
  private final int district;

  /**
   * @param warehouses the data set's warehouses
   * @param warehouse the terminal's home warehouse
   * @param district the terminal's own district (Stock-Level's)
   */
  TpccInputs(TpccRandom random, int warehouses, int warehouse, int district) {
    this.random = random;
    this.warehouses = warehouses;
    this.warehouse = warehouse;
    this.district = district;
  }

  /** Clause 2.4.1: district, customer, 5 to 15 lines; 1 % of orders end with an unused item. */
  NewOrder.Input newOrder() {
    int d = random.uniform(1, DISTRICTS);
    int c = random.customerId();
    int count = random.uniform(5, 15);
    boolean rollback = random.uniform(1, 100) == 1;
    List<NewOrder.Line> lines = new ArrayList<>(count);
    for (int i = 1; i <= count; i++) {
      int item = rollback && i == count ? UNUSED_ITEM : random.itemId();
      int supply = random.uniform(1, 100) > 1 ? warehouse : remoteWarehouse();
      lines.add(new NewOrder.Line(item, supply, random.uniform(1, 10)));
    }
    return new NewOrder.Input(warehouse, d, c, lines);
  }

  /** Clause 2.5.1: 85 % of customers of the home district, 15 % of another warehouse; 60 % by last name. */
  Payment.Input payment() {
    int d = random.uniform(1, DISTRICTS);
    boolean home = random.uniform(1, 100) <= 85;
    int cw = home ? warehouse : remoteWarehouse();
    int cd = home ? d : random.uniform(1, DISTRICTS);
    boolean byName = random.uniform(1, 100) <= 60;
    int c = byName ? 0 : random.customerId();
    String lastName = byName ? TpccRandom.lastName(random.lastNameNumber()) : null;
    BigDecimal amount = BigDecimal.valueOf(random.uniform(100, 500_000), 2);
    return new Payment.Input(warehouse, d, cw, cd, c, lastName, amount);
  }

  /** Clause 2.6.1: a customer of a district of the home warehouse, 60 % by last name. */
  OrderStatus.Input orderStatus() {
    int d = random.uniform(1, DISTRICTS);
    boolean byName = random.uniform(1, 100) <= 60;
    int c = byName ? 0 : random.customerId();
    String lastName = byName ? TpccRandom.lastName(random.lastNameNumber()) : null;
    return new OrderStatus.Input(warehouse, d, c, lastName);
  }

  /** Clause 2.7.1: the carrier. */
  Delivery.Input delivery() {
    return new Delivery.Input(warehouse, random.uniform(1, 10));
  }

  /** Clause 2.8.1: the terminal's own district, the threshold. */
  StockLevel.Input stockLevel() {
    return new StockLevel.Input(warehouse, district, random.uniform(10, 20));
  }

  /** Another warehouse than the home one, drawn uniformly; the home one when it is the only one. */
  private int remoteWarehouse() {
    if (warehouses == 1) {
      return warehouse;
    }
    int other = random.uniform(1, warehouses - 1);
    return other >= warehouse ? other + 1 : other;
  }
}
