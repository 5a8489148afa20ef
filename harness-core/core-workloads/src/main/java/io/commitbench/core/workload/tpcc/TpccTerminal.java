package io.commitbench.core.workload.tpcc;

import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import java.sql.SQLException;

/**
 * One TPC-C terminal: its home warehouse and district, its deck of transactions, their inputs,
 * and in spec mode its user's keying and think times. Terminal {@code i} of {@code W} warehouses
 * is at warehouse {@code i % W + 1}, district {@code (i / W) % 10 + 1}, so the spec's 10 W
 * terminals take each district once (clause 2.8.1.1, Stock-Level's own district) and fewer
 * terminals spread over the warehouses first. Each has its own random inputs, from tpcc.seed and
 * its index. Confined to the actor's thread.
 */
final class TpccTerminal implements ActorWork {

  private static final TpccTransaction[] TYPES = TpccTransaction.values();

  private final int warehouse;
  private final int district;
  private final TpccMode mode;
  private final TpccInputs inputs;
  private final TpccDeck deck;
  private final TpccPauses pauses;
  private final TpccStatements statements;
  private final TpccCounters.Part counts;
  private final NewOrder newOrder;
  private final Payment payment;
  private final OrderStatus orderStatus;
  private final Delivery delivery;
  private final StockLevel stockLevel;
  /** The type of the transaction before, whose think time comes before the next one's keying; -1 before the first. */
  private int previous = -1;
  /** The inputs of the transaction {@link #next} drew. */
  private Record input;
  /** The pause {@link #pauseNanos} gave before the transaction in hand, counted by its first attempt. */
  private boolean pausePending;
  private int pendingType;
  private long pendingKeying;
  private int pendingThinkType = -1;
  private long pendingThink;

  TpccTerminal(int index, TpccSettings settings, TpccConstants constants, TpccNames names, TpccCounters counters) {
    this.warehouse = index % settings.warehouses() + 1;
    this.district = index / settings.warehouses() % TpccInputs.DISTRICTS + 1;
    this.mode = settings.mode();
    TpccRandom random = new TpccRandom(seed(settings.seed(), index), constants);
    this.inputs = new TpccInputs(random, settings.warehouses(), warehouse, district);
    this.deck = new TpccDeck(random);
    this.pauses = new TpccPauses(random);
    this.statements = new TpccStatements(names);
    this.counts = counters.part();
    this.newOrder = new NewOrder(statements);
    this.payment = new Payment(statements);
    this.orderStatus = new OrderStatus(statements);
    this.delivery = new Delivery(statements);
    this.stockLevel = new StockLevel(statements);
  }

  /** Terminal {@code index}'s seed: each terminal of a run draws its own inputs, the same in every run of the seed. */
  static long seed(long seed, int index) {
    return seed * 0x9E3779B97F4A7C15L + (index + 1) * 0xBF58476D1CE4E5B9L;
  }

  int warehouse() {
    return warehouse;
  }

  int district() {
    return district;
  }

  @Override
  public void prepare(StatementPreparer preparer) throws SQLException {
    statements.prepare(preparer);
  }

  /** The next card, and the inputs of its transaction: drawn once, so a retried attempt enters the same ones. */
  @Override
  public int next() {
    int type = deck.draw();
    input = switch (TYPES[type]) {
      case NEW_ORDER -> inputs.newOrder();
      case PAYMENT -> inputs.payment();
      case ORDER_STATUS -> inputs.orderStatus();
      case DELIVERY -> inputs.delivery();
      case STOCK_LEVEL -> inputs.stockLevel();
    };
    return type;
  }

  /** In spec mode the terminal's user keys in each transaction and thinks after it. */
  @Override
  public boolean pauses() {
    return mode == TpccMode.SPEC;
  }

  /** The think time after the transaction before (none before the first), then the keying time of this one. */
  @Override
  public long pauseNanos(int type) {
    pendingType = type;
    pendingKeying = TpccPauses.keyingNanos(TYPES[type]);
    pendingThinkType = previous;
    pendingThink = previous < 0 ? 0 : pauses.thinkNanos(TYPES[previous]);
    pausePending = true;
    previous = type;
    return pendingThink + pendingKeying;
  }

  @Override
  public void execute(int type, TransactionContext tx) throws Exception {
    boolean measured = tx.measured();
    if (pausePending) {
      pausePending = false;
      if (measured) {
        counts.keying(pendingType, pendingKeying);
        if (pendingThinkType >= 0) {
          counts.thinking(pendingThinkType, pendingThink);
        }
      }
    }
    switch (TYPES[type]) {
      case NEW_ORDER -> {
        NewOrder.Input order = (NewOrder.Input) input;
        boolean committed = newOrder.run(order, tx).committed();
        if (measured) {
          counts.newOrder(committed, order.lines().size(), order.remoteLines());
        }
      }
      case PAYMENT -> {
        Payment.Input pay = (Payment.Input) input;
        payment.run(pay, tx);
        if (measured) {
          counts.payment(pay.byName(), pay.remote());
        }
      }
      case ORDER_STATUS -> {
        OrderStatus.Input status = (OrderStatus.Input) input;
        orderStatus.run(status, tx);
        if (measured) {
          counts.orderStatus(status.byName());
        }
      }
      case DELIVERY -> {
        int delivered = delivery.run((Delivery.Input) input, tx);
        if (measured) {
          counts.delivery(delivered, TpccInputs.DISTRICTS - delivered);
        }
      }
      case STOCK_LEVEL -> stockLevel.run((StockLevel.Input) input, tx);
    }
  }
}
