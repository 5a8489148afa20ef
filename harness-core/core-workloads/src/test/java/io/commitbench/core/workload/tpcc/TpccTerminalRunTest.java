package io.commitbench.core.workload.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.workload.LoadMode;
import io.commitbench.core.workload.script.H2Transaction;
import java.sql.Connection;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Terminals drawing their own cards and inputs on a real (H2) warehouse with every customer and
 * item id the inputs can name: what they count agrees with what the tables show, and the tables
 * keep consistency conditions 1 and 2 (clause 3.3.2.1 and 3.3.2.2).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpccTerminalRunTest {

  /** One warehouse of 3,000 customers per district and 100,000 items; 30 orders per district, 10 undelivered. */
  private static final TinyTpccDatabase.Shape SHAPE = new TinyTpccDatabase.Shape(1, 3000, 1000, TpccTable.ITEMS, 30,
      21);
  private static final TpccConstants LOAD = TpccConstants.forLoad(1);
  private static final TpccConstants RUN = TpccConstants.forRun(LOAD, 1);

  private TinyTpccDatabase db;

  @BeforeAll
  void database() throws SQLException {
    db = new TinyTpccDatabase(SHAPE);
  }

  @AfterAll
  void close() throws SQLException {
    db.close();
  }

  private static TpccSettings settings(TpccMode mode) {
    return new TpccSettings(1, mode, true, 9, LoadMode.FRESH, 1);
  }

  private String t(TpccTable table) {
    return db.name(table);
  }

  @Test
  void whatTheTerminalsCountIsWhatTheTablesShow() throws Exception {
    long orders = db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDERS));
    long lines = db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDER_LINE));
    long newOrders = db.number("SELECT COUNT(*) FROM " + t(TpccTable.NEW_ORDER));
    long history = db.number("SELECT COUNT(*) FROM " + t(TpccTable.HISTORY));
    long nextIds = db.number("SELECT SUM(d_next_o_id) FROM " + t(TpccTable.DISTRICT));
    TpccCounters counters = new TpccCounters();
    long[] drawn = new long[TpccTransaction.TYPES.size()];
    for (int index = 0; index < 3; index++) {
      try (Connection connection = db.connect()) {
        TpccTerminal terminal = new TpccTerminal(index, settings(TpccMode.THROUGHPUT), RUN, db.names, counters);
        terminal.prepare(connection::prepareStatement);
        H2Transaction tx = new H2Transaction(connection);
        for (int i = 0; i < 200; i++) {
          int type = terminal.next();
          terminal.execute(type, tx);
          drawn[type]++;
        }
      }
    }
    TpccCounters.Totals totals = counters.totals();

    assertThat(totals.newOrdersCommitted() + totals.newOrderRollbacks()).isEqualTo(drawn[0]);
    assertThat(totals.paymentsByName() + totals.paymentsById()).isEqualTo(drawn[1]);
    assertThat(totals.remotePayments()).as("one warehouse").isZero();
    assertThat(totals.orderStatusByName() + totals.orderStatusById()).isEqualTo(drawn[2]);
    assertThat(totals.deliveredDistricts() + totals.skippedDistricts()).isEqualTo(10 * drawn[3]);
    assertThat(totals.keying()).allSatisfy(p -> assertThat(p.count()).as("throughput mode").isZero());

    assertThat(db.number("SELECT SUM(d_next_o_id) FROM " + t(TpccTable.DISTRICT)) - nextIds)
        .isEqualTo(totals.newOrdersCommitted());
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDERS)) - orders)
        .isEqualTo(totals.newOrdersCommitted());
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDER_LINE)) - lines).isEqualTo(totals.orderLines());
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.NEW_ORDER)) - newOrders)
        .isEqualTo(totals.newOrdersCommitted() - totals.deliveredDistricts());
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.HISTORY)) - history).isEqualTo(drawn[1]);
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.ORDERS) + " WHERE o_carrier_id IS NULL"))
        .as("an order without a carrier is one with a new-order row")
        .isEqualTo(db.number("SELECT COUNT(*) FROM " + t(TpccTable.NEW_ORDER)));

    // Condition 1: W_YTD = sum(D_YTD).
    assertThat(db.decimal("SELECT w_ytd FROM " + t(TpccTable.WAREHOUSE) + " WHERE w_id = 1"))
        .isEqualByComparingTo(db.decimal("SELECT SUM(d_ytd) FROM " + t(TpccTable.DISTRICT) + " WHERE d_w_id = 1"));
    // Condition 2: D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID), in every district.
    assertThat(db.number("SELECT COUNT(*) FROM " + t(TpccTable.DISTRICT) + " WHERE d_next_o_id - 1 <> (SELECT"
        + " MAX(o_id) FROM " + t(TpccTable.ORDERS) + " WHERE o_w_id = d_w_id AND o_d_id = d_id) OR d_next_o_id - 1"
        + " <> (SELECT MAX(no_o_id) FROM " + t(TpccTable.NEW_ORDER) + " WHERE no_w_id = d_w_id AND no_d_id = d_id)"))
        .isZero();
  }

  @Test
  void aSpecTerminalCountsThePausesItAppliedAndNothingOutsideTheMeasurement() throws Exception {
    TpccCounters counters = new TpccCounters();
    try (Connection connection = db.connect()) {
      TpccTerminal terminal = new TpccTerminal(5, settings(TpccMode.SPEC), RUN, db.names, counters);
      terminal.prepare(connection::prepareStatement);
      H2Transaction tx = new H2Transaction(connection);
      tx.measured = false;
      for (int i = 0; i < 20; i++) {
        int type = terminal.next();
        terminal.pauseNanos(type);
        terminal.execute(type, tx);
      }
      TpccCounters.Totals warmUp = counters.totals();
      assertThat(warmUp.newOrdersCommitted() + warmUp.newOrderRollbacks() + warmUp.paymentsById()
          + warmUp.paymentsByName() + warmUp.orderStatusById() + warmUp.orderStatusByName()
          + warmUp.deliveredDistricts() + warmUp.skippedDistricts()).isZero();
      assertThat(warmUp.keying()).allSatisfy(p -> assertThat(p.count()).isZero());

      tx.measured = true;
      long[] drawn = new long[TpccTransaction.TYPES.size()];
      long pauses = 0;
      for (int i = 0; i < 100; i++) {
        int type = terminal.next();
        pauses += terminal.pauseNanos(type);
        terminal.execute(type, tx);
        drawn[type]++;
      }
      TpccCounters.Totals totals = counters.totals();
      long applied = 0;
      for (TpccTransaction type : TpccTransaction.TYPES) {
        TpccCounters.Pauses keying = totals.keying().get(type.ordinal());
        assertThat(keying.count()).isEqualTo(drawn[type.ordinal()]);
        if (keying.count() > 0) {
          assertThat(keying.meanSeconds()).isEqualTo(type.keyingSeconds);
          assertThat(keying.maxNanos()).isEqualTo(TpccPauses.keyingNanos(type));
        }
        TpccCounters.Pauses think = totals.thinking().get(type.ordinal());
        assertThat(think.maxNanos()).isLessThanOrEqualTo(10L * type.thinkMeanSeconds * TpccPauses.NANOS_PER_SECOND);
        applied += keying.sumNanos() + think.sumNanos();
      }
      // The first measured pause thinks after the last warm-up transaction: its think time counts there.
      assertThat(totals.thinking().stream().mapToLong(TpccCounters.Pauses::count).sum()).isEqualTo(100);
      assertThat(applied).isEqualTo(pauses);
    }
  }
}
