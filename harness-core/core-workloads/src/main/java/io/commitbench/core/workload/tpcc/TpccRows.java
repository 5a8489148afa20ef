package io.commitbench.core.workload.tpcc;

import io.commitbench.core.load.RowSource;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.util.SplittableRandom;

/**
 * The initial rows of clause 4.3.3.1, table by table, in the columns of {@link TpccTable}: each
 * part of a table (a range of items, a warehouse's stock range, a district's customers, orders or
 * order lines) drawn from a random stream of its own, derived from the seed and the part, so the
 * same seed gives the same rows however the load is cut up and in whatever order it runs. An
 * order's number of lines comes from a stream that the orders and the order lines of its district
 * both draw, so the two always agree. The date and time columns hold one load time.
 */
final class TpccRows {

  static final int DISTRICTS = 10;
  static final int CUSTOMERS = 3_000;
  static final int ORDERS = 3_000;
  /** The first order without a carrier, and the first of the new orders (clause 4.3.3.1). */
  static final int FIRST_NEW_ORDER = 2_101;
  /** The customers whose last names run through all 1,000 (clause 4.3.3.1). */
  private static final int NAMED_IN_ORDER = 1_000;

  private static final BigDecimal WAREHOUSE_YTD = new BigDecimal("300000.00");
  private static final BigDecimal DISTRICT_YTD = new BigDecimal("30000.00");
  private static final BigDecimal CREDIT_LIMIT = new BigDecimal("50000.00");
  private static final BigDecimal BALANCE = new BigDecimal("-10.00");
  private static final BigDecimal PAYMENT = new BigDecimal("10.00");
  private static final BigDecimal NO_AMOUNT = new BigDecimal("0.00");

  /** The streams besides the tables' own (whose number is the table's ordinal). */
  private static final int LINE_COUNT_STREAM = 100;

  private final long seed;
  private final TpccConstants constants;
  private final Timestamp loadTime;

  /**
   * @param constants the load's constants (C_LAST of the customers' last names)
   * @param loadTime c_since, h_date, o_entry_d and the delivered order lines' ol_delivery_d
   */
  TpccRows(long seed, TpccConstants constants, Timestamp loadTime) {
    this.seed = seed;
    this.constants = constants;
    this.loadTime = loadTime;
  }

  /** Items {@code from..to}: i_im_id 1..10,000, a name of 14 to 24 characters, a price 1.00..100.00. */
  RowSource items(int from, int to) {
    TpccRandom random = random(TpccTable.ITEM.ordinal(), 0, from);
    int[] next = {from};
    return row -> {
      if (next[0] > to) {
        return false;
      }
      row[0] = next[0]++;
      row[1] = random.uniform(1, 10_000);
      row[2] = random.aString(14, 24);
      row[3] = BigDecimal.valueOf(random.uniform(100, 10_000), 2);
      row[4] = random.data();
      return true;
    };
  }

  /** Warehouses {@code from..to}, each from a stream of its own: w_ytd 300,000.00. */
  RowSource warehouses(int from, int to) {
    int[] next = {from};
    return row -> {
      if (next[0] > to) {
        return false;
      }
      int w = next[0]++;
      TpccRandom random = random(TpccTable.WAREHOUSE.ordinal(), w, 0);
      row[0] = w;
      address(random, row, 1);
      row[7] = tax(random);
      row[8] = WAREHOUSE_YTD;
      return true;
    };
  }

  /** The ten districts of each of the warehouses {@code from..to}: d_ytd 30,000.00, d_next_o_id 3001. */
  RowSource districts(int from, int to) {
    int[] next = {from, 1};
    return row -> {
      if (next[0] > to) {
        return false;
      }
      int w = next[0];
      int d = next[1];
      if (++next[1] > DISTRICTS) {
        next[0]++;
        next[1] = 1;
      }
      TpccRandom random = random(TpccTable.DISTRICT.ordinal(), w, d);
      row[0] = d;
      row[1] = w;
      address(random, row, 2);
      row[8] = tax(random);
      row[9] = DISTRICT_YTD;
      row[10] = ORDERS + 1;
      return true;
    };
  }

  /** Warehouse {@code w}'s stock of items {@code from..to}: 10..100 each, nothing sold yet. */
  RowSource stock(int w, int from, int to) {
    TpccRandom random = random(TpccTable.STOCK.ordinal(), w, from);
    int[] next = {from};
    return row -> {
      if (next[0] > to) {
        return false;
      }
      row[0] = next[0]++;
      row[1] = w;
      row[2] = random.uniform(10, 100);
      for (int d = 0; d < DISTRICTS; d++) {
        row[3 + d] = random.aString(24, 24);
      }
      row[13] = 0;
      row[14] = 0;
      row[15] = 0;
      row[16] = random.data();
      return true;
    };
  }

  /**
   * District {@code d}'s 3,000 customers: the first 1,000 with the 1,000 last names in order, the
   * others with NURand(255, 0, 999) under the load's C_LAST; one in ten with bad credit.
   */
  RowSource customers(int w, int d) {
    TpccRandom random = random(TpccTable.CUSTOMER.ordinal(), w, d);
    int[] next = {1};
    return row -> {
      if (next[0] > CUSTOMERS) {
        return false;
      }
      int c = next[0]++;
      row[0] = c;
      row[1] = d;
      row[2] = w;
      row[3] = random.aString(8, 16);
      row[4] = "OE";
      row[5] = TpccRandom.lastName(c <= NAMED_IN_ORDER ? c - 1 : random.lastNameNumber());
      row[6] = random.aString(10, 20);
      row[7] = random.aString(10, 20);
      row[8] = random.aString(10, 20);
      row[9] = random.aString(2, 2);
      row[10] = random.zip();
      row[11] = random.nString(16, 16);
      row[12] = loadTime;
      row[13] = random.uniform(1, 10) == 1 ? "BC" : "GC";
      row[14] = CREDIT_LIMIT;
      row[15] = BigDecimal.valueOf(random.uniform(0, 5_000), 4);
      row[16] = BALANCE;
      row[17] = PAYMENT;
      row[18] = 1;
      row[19] = 0;
      row[20] = random.aString(300, 500);
      return true;
    };
  }

  /** One payment of 10.00 per customer of district {@code d}. */
  RowSource history(int w, int d) {
    TpccRandom random = random(TpccTable.HISTORY.ordinal(), w, d);
    int[] next = {1};
    return row -> {
      if (next[0] > CUSTOMERS) {
        return false;
      }
      row[0] = next[0]++;
      row[1] = d;
      row[2] = w;
      row[3] = d;
      row[4] = w;
      row[5] = loadTime;
      row[6] = PAYMENT;
      row[7] = random.aString(12, 24);
      return true;
    };
  }

  /**
   * District {@code d}'s 3,000 orders, their customers a random permutation of 1..3,000; those
   * before 2,101 delivered (a carrier 1..10), the others not (no carrier).
   */
  RowSource orders(int w, int d) {
    TpccRandom random = random(TpccTable.ORDERS.ordinal(), w, d);
    int[] customers = permutation(random, CUSTOMERS);
    LineCounts lines = new LineCounts(w, d);
    int[] next = {1};
    return row -> {
      if (next[0] > ORDERS) {
        return false;
      }
      int o = next[0]++;
      row[0] = o;
      row[1] = d;
      row[2] = w;
      row[3] = customers[o - 1];
      row[4] = loadTime;
      row[5] = o < FIRST_NEW_ORDER ? random.uniform(1, 10) : null;
      row[6] = lines.next();
      row[7] = 1;
      return true;
    };
  }

  /**
   * The lines of district {@code d}'s orders, as many per order as its o_ol_cnt: items 1..100,000
   * from the home warehouse, 5 of each; a delivered order's lines delivered at the load time with
   * no amount, the others not delivered and of 0.01..9,999.99.
   */
  RowSource orderLines(int w, int d) {
    TpccRandom random = random(TpccTable.ORDER_LINE.ordinal(), w, d);
    LineCounts lines = new LineCounts(w, d);
    int[] next = {0, 0, 0}; // order, its line count, the line
    return row -> {
      if (next[2] == next[1]) {
        if (next[0] == ORDERS) {
          return false;
        }
        next[0]++;
        next[1] = lines.next();
        next[2] = 0;
      }
      int o = next[0];
      boolean delivered = o < FIRST_NEW_ORDER;
      row[0] = o;
      row[1] = d;
      row[2] = w;
      row[3] = ++next[2];
      row[4] = random.uniform(1, TpccTable.ITEMS);
      row[5] = w;
      row[6] = delivered ? loadTime : null;
      row[7] = 5;
      row[8] = delivered ? NO_AMOUNT : BigDecimal.valueOf(random.uniform(1, 999_999), 2);
      row[9] = random.aString(24, 24);
      return true;
    };
  }

  /** Warehouse {@code w}'s new orders: orders 2,101..3,000 of each district. */
  RowSource newOrders(int w) {
    int[] next = {1, FIRST_NEW_ORDER}; // district, order
    return row -> {
      if (next[0] > DISTRICTS) {
        return false;
      }
      row[0] = next[1];
      row[1] = next[0];
      row[2] = w;
      if (++next[1] > ORDERS) {
        next[0]++;
        next[1] = FIRST_NEW_ORDER;
      }
      return true;
    };
  }

  /** The order lines district {@code d} of warehouse {@code w} gets: the sum of its orders' o_ol_cnt. */
  long orderLineCount(int w, int d) {
    LineCounts lines = new LineCounts(w, d);
    long sum = 0;
    for (int o = 1; o <= ORDERS; o++) {
      sum += lines.next();
    }
    return sum;
  }

  /** The o_ol_cnt of a district's orders 1, 2, ...: 5..15 each, from the district's own stream. */
  private final class LineCounts {
    private final SplittableRandom random;

    LineCounts(int w, int d) {
      random = new SplittableRandom(derive(LINE_COUNT_STREAM, w, d));
    }

    int next() {
      return 5 + random.nextInt(11);
    }
  }

  /** name, street_1, street_2, city, state and zip at {@code row[at..at+5]}. */
  private static void address(TpccRandom random, Object[] row, int at) {
    row[at] = random.aString(6, 10);
    row[at + 1] = random.aString(10, 20);
    row[at + 2] = random.aString(10, 20);
    row[at + 3] = random.aString(10, 20);
    row[at + 4] = random.aString(2, 2);
    row[at + 5] = random.zip();
  }

  /** w_tax or d_tax: 0.0000..0.2000. */
  private static BigDecimal tax(TpccRandom random) {
    return BigDecimal.valueOf(random.uniform(0, 2_000), 4);
  }

  /** 1..n in random order (Fisher-Yates). */
  private static int[] permutation(TpccRandom random, int n) {
    int[] values = new int[n];
    for (int i = 0; i < n; i++) {
      values[i] = i + 1;
    }
    for (int i = n - 1; i > 0; i--) {
      int j = random.uniform(0, i);
      int swap = values[i];
      values[i] = values[j];
      values[j] = swap;
    }
    return values;
  }

  private TpccRandom random(int stream, int warehouse, int part) {
    return new TpccRandom(derive(stream, warehouse, part), constants);
  }

  /** A part's seed; SplittableRandom mixes its seed's bits, so neighbouring parts get unrelated streams. */
  private long derive(int stream, int warehouse, int part) {
    long golden = 0x9E3779B97F4A7C15L;
    return ((seed * golden + stream + 1) * golden + warehouse) * golden + part;
  }
}
