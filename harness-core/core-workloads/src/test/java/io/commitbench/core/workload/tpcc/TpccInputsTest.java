package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The terminals' inputs (clauses 2.4.1 to 2.8.1) over many draws. A share is asserted within four
 * standard deviations of its binomial count, sqrt(n p (1 - p)), so a correct draw fails about once
 * in 16,000 seeds, while 1.5 % or 0.5 % of rollbacks fail.
 */
class TpccInputsTest {

  private static final TpccConstants C = TpccConstants.forRun(TpccConstants.forLoad(1), 1);
  private static final int DRAWS = 10_000;

  private static TpccInputs inputs(int warehouses, int warehouse, int district) {
    return new TpccInputs(new TpccRandom(TpccTerminal.seed(42, warehouse), C), warehouses, warehouse, district);
  }

  /** Four standard deviations of the count of a share {@code p} of {@code n} draws. */
  private static double tolerance(int n, double p) {
    return 4 * Math.sqrt(n * p * (1 - p));
  }

  @Test
  void onePercentOfNewOrdersEndWithTheUnusedItem() {
    TpccInputs inputs = inputs(5, 3, 1);
    int rollbacks = 0;
    long lines = 0;
    long remote = 0;
    for (int i = 0; i < DRAWS; i++) {
      NewOrder.Input order = inputs.newOrder();
      assertThat(order.warehouse()).isEqualTo(3);
      assertThat(order.district()).isBetween(1, 10);
      assertThat(order.customerId()).isBetween(1, 3000);
      assertThat(order.lines()).hasSizeBetween(5, 15);
      for (int n = 0; n < order.lines().size(); n++) {
        NewOrder.Line line = order.lines().get(n);
        assertThat(line.quantity()).isBetween(1, 10);
        assertThat(line.supplyWarehouse()).isBetween(1, 5);
        if (n < order.lines().size() - 1) {
          assertThat(line.itemId()).as("only the last item may be unused").isBetween(1, TpccTable.ITEMS);
        }
        remote += line.supplyWarehouse() != 3 ? 1 : 0;
      }
      lines += order.lines().size();
      rollbacks += order.rollsBack() ? 1 : 0;
    }
    assertThat((double) rollbacks).isCloseTo(DRAWS * 0.01, within(tolerance(DRAWS, 0.01)));
    assertThat((double) remote).isCloseTo(lines * 0.01, within(tolerance((int) lines, 0.01)));
    assertThat(lines / (double) DRAWS).as("5 to 15 lines, 10 on average").isCloseTo(10, within(0.15));
  }

  @Test
  void withOneWarehouseEveryLineIsSuppliedAtHome() {
    TpccInputs inputs = inputs(1, 1, 1);
    for (int i = 0; i < 1_000; i++) {
      assertThat(inputs.newOrder().remoteLines()).isZero();
      assertThat(inputs.payment().remote()).isFalse();
    }
  }

  @Test
  void paymentsAre60PercentByNameAnd15PercentOfAnotherWarehousesCustomer() {
    TpccInputs inputs = inputs(4, 2, 7);
    int byName = 0;
    int remote = 0;
    Set<Integer> remoteWarehouses = new HashSet<>();
    for (int i = 0; i < DRAWS; i++) {
      Payment.Input payment = inputs.payment();
      assertThat(payment.warehouse()).isEqualTo(2);
      assertThat(payment.district()).isBetween(1, 10);
      assertThat(payment.customerDistrict()).isBetween(1, 10);
      assertThat(payment.amount()).isBetween(new BigDecimal("1.00"), new BigDecimal("5000.00"));
      assertThat(payment.amount().scale()).isEqualTo(2);
      if (payment.byName()) {
        byName++;
        assertThat(payment.customerId()).isZero();
        assertThat(payment.lastName()).matches("[A-Z]+");
      } else {
        assertThat(payment.customerId()).isBetween(1, 3000);
      }
      if (payment.remote()) {
        remote++;
        remoteWarehouses.add(payment.customerWarehouse());
      } else {
        assertThat(payment.customerDistrict()).as("a home customer is of the payment's district")
            .isEqualTo(payment.district());
      }
    }
    assertThat((double) byName).isCloseTo(DRAWS * 0.6, within(tolerance(DRAWS, 0.6)));
    assertThat((double) remote).isCloseTo(DRAWS * 0.15, within(tolerance(DRAWS, 0.15)));
    assertThat(remoteWarehouses).containsExactlyInAnyOrder(1, 3, 4);
  }

  @Test
  void orderStatusIs60PercentByName() {
    TpccInputs inputs = inputs(2, 1, 1);
    int byName = 0;
    for (int i = 0; i < DRAWS; i++) {
      OrderStatus.Input status = inputs.orderStatus();
      assertThat(status.warehouse()).isEqualTo(1);
      assertThat(status.district()).isBetween(1, 10);
      byName += status.byName() ? 1 : 0;
    }
    assertThat((double) byName).isCloseTo(DRAWS * 0.6, within(tolerance(DRAWS, 0.6)));
  }

  @Test
  void deliveryAndStockLevelStayOnTheHomeWarehouseAndStockLevelOnItsDistrict() {
    TpccInputs inputs = inputs(3, 2, 6);
    Set<Integer> carriers = new HashSet<>();
    Set<Integer> thresholds = new HashSet<>();
    for (int i = 0; i < 2_000; i++) {
      Delivery.Input delivery = inputs.delivery();
      assertThat(delivery.warehouse()).isEqualTo(2);
      carriers.add(delivery.carrierId());
      StockLevel.Input level = inputs.stockLevel();
      assertThat(level.warehouse()).isEqualTo(2);
      assertThat(level.district()).isEqualTo(6);
      thresholds.add(level.threshold());
    }
    assertThat(carriers).containsExactlyInAnyOrder(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    assertThat(thresholds).containsExactlyInAnyOrder(10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20);
  }
}
