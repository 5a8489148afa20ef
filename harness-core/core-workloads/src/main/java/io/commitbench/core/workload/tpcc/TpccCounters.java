package io.commitbench.core.workload.tpcc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the terminals count beside the engine's figures, over the measured transactions only (the
 * warm-up's are left out, as the engine leaves them out): New-Order's rollbacks, committed orders
 * and their lines, how Payment and Order-Status found their customer, Delivery's districts, and
 * the keying and think times the terminals applied. Each terminal counts into a part of its own
 * ({@link #part}); {@link #totals} adds the parts up. Thread-safe.
 */
final class TpccCounters {

  private static final int TYPES = TpccTransaction.TYPES.size();

  private final List<Part> parts = new CopyOnWriteArrayList<>();

  /** A new terminal's part. */
  Part part() {
    Part part = new Part();
    parts.add(part);
    return part;
  }

  /** The counts of the whole run: the parts' sums. */
  Totals totals() {
    Part sum = new Part();
    parts.forEach(p -> p.addTo(sum));
    return sum.totals(parts.size());
  }

  /**
   * Pauses of one kind for one transaction type.
   *
   * @param count pauses applied
   * @param sumNanos their total
   * @param maxNanos the longest
   */
  record Pauses(long count, long sumNanos, long maxNanos) {
    /** The mean in seconds; NaN without a pause. */
    double meanSeconds() {
      return count == 0 ? Double.NaN : sumNanos / (double) count / TpccPauses.NANOS_PER_SECOND;
    }
  }

  /**
   * The counts of the whole run.
   *
   * @param newOrdersCommitted New-Orders that committed
   * @param newOrderRollbacks New-Orders rolled back for their unused item
   * @param orderLines the committed orders' lines
   * @param remoteOrderLines those of them supplied by another warehouse
   * @param paymentsByName Payments that found the customer by last name
   * @param paymentsById by id
   * @param remotePayments Payments of a customer of another warehouse
   * @param orderStatusByName Order-Status by last name
   * @param orderStatusById by id
   * @param deliveredDistricts districts whose oldest new order a Delivery delivered
   * @param skippedDistricts districts a Delivery skipped for want of a new order
   * @param deliveriesWithSkips Deliveries that skipped a district
   * @param keying the keying times applied before each type, by type
   * @param thinking the think times applied after each type, by type
   * @param terminals the terminals that counted
   */
  record Totals(long newOrdersCommitted, long newOrderRollbacks, long orderLines, long remoteOrderLines,
      long paymentsByName, long paymentsById, long remotePayments, long orderStatusByName, long orderStatusById,
      long deliveredDistricts, long skippedDistricts, long deliveriesWithSkips, List<Pauses> keying,
      List<Pauses> thinking, int terminals) {

    Totals {
      keying = List.copyOf(keying);
      thinking = List.copyOf(thinking);
    }
  }

  /** One terminal's counts; written by its thread, read when the totals are asked for. */
  static final class Part {

    private long newOrdersCommitted;
    private long newOrderRollbacks;
    private long orderLines;
    private long remoteOrderLines;
    private long paymentsByName;
    private long paymentsById;
    private long remotePayments;
    private long orderStatusByName;
    private long orderStatusById;
    private long deliveredDistricts;
    private long skippedDistricts;
    private long deliveriesWithSkips;
    private final long[][] keying = new long[TYPES][3];
    private final long[][] thinking = new long[TYPES][3];

    synchronized void newOrder(boolean committed, int lines, int remoteLines) {
      if (committed) {
        newOrdersCommitted++;
        orderLines += lines;
        remoteOrderLines += remoteLines;
      } else {
        newOrderRollbacks++;
      }
    }

    synchronized void payment(boolean byName, boolean remote) {
      if (byName) {
        paymentsByName++;
      } else {
        paymentsById++;
      }
      if (remote) {
        remotePayments++;
      }
    }

    synchronized void orderStatus(boolean byName) {
      if (byName) {
        orderStatusByName++;
      } else {
        orderStatusById++;
      }
    }

    synchronized void delivery(int delivered, int skipped) {
      deliveredDistricts += delivered;
      skippedDistricts += skipped;
      if (skipped > 0) {
        deliveriesWithSkips++;
      }
    }

    /** A keying time applied before a transaction of {@code type}. */
    synchronized void keying(int type, long nanos) {
      add(keying[type], nanos);
    }

    /** A think time applied after a transaction of {@code type}. */
    synchronized void thinking(int type, long nanos) {
      add(thinking[type], nanos);
    }

    private static void add(long[] pauses, long nanos) {
      pauses[0]++;
      pauses[1] += nanos;
      pauses[2] = Math.max(pauses[2], nanos);
    }

    private synchronized void addTo(Part sum) {
      synchronized (sum) {
        sum.newOrdersCommitted += newOrdersCommitted;
        sum.newOrderRollbacks += newOrderRollbacks;
        sum.orderLines += orderLines;
        sum.remoteOrderLines += remoteOrderLines;
        sum.paymentsByName += paymentsByName;
        sum.paymentsById += paymentsById;
        sum.remotePayments += remotePayments;
        sum.orderStatusByName += orderStatusByName;
        sum.orderStatusById += orderStatusById;
        sum.deliveredDistricts += deliveredDistricts;
        sum.skippedDistricts += skippedDistricts;
        sum.deliveriesWithSkips += deliveriesWithSkips;
        for (int t = 0; t < TYPES; t++) {
          merge(keying[t], sum.keying[t]);
          merge(thinking[t], sum.thinking[t]);
        }
      }
    }

    private static void merge(long[] from, long[] into) {
      into[0] += from[0];
      into[1] += from[1];
      into[2] = Math.max(into[2], from[2]);
    }

    private synchronized Totals totals(int terminals) {
      List<Pauses> keyed = new ArrayList<>();
      List<Pauses> thought = new ArrayList<>();
      for (int t = 0; t < TYPES; t++) {
        keyed.add(new Pauses(keying[t][0], keying[t][1], keying[t][2]));
        thought.add(new Pauses(thinking[t][0], thinking[t][1], thinking[t][2]));
      }
      return new Totals(newOrdersCommitted, newOrderRollbacks, orderLines, remoteOrderLines, paymentsByName,
          paymentsById, remotePayments, orderStatusByName, orderStatusById, deliveredDistricts, skippedDistricts,
          deliveriesWithSkips, keyed, thought, terminals);
    }
  }
}
