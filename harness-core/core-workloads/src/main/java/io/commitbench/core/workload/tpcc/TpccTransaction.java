package io.commitbench.core.workload.tpcc;

import java.util.List;

/**
 * The five transactions of TPC-C, in the order of their transaction types, with the spec's figures
 * for each: its cards in the terminals' deck (clause 5.2.4.2 asks for a deck of at least 23 cards
 * that keeps the minimum mix; this deck has 100, the 45/43/4/4/4 mix the peers run), its minimum
 * share of the mix (clause 5.2.3), its keying time and mean think time (clause 5.2.5.7), and the
 * limit of its 90th-percentile response time (clause 5.2.5.4).
 */
enum TpccTransaction {
  NEW_ORDER("new-order", 45, 0.0, 18, 12, 5),
  PAYMENT("payment", 43, 43.0, 3, 12, 5),
  ORDER_STATUS("order-status", 4, 4.0, 2, 10, 5),
  /** Its limit is for queuing the request; its completion must follow within {@link #DELIVERY_COMPLETION_LIMIT_SECONDS}. */
  DELIVERY("delivery", 4, 4.0, 2, 5, 5),
  STOCK_LEVEL("stock-level", 4, 4.0, 2, 5, 20);

  /** Clause 5.2.5.4: 90 % of deliveries complete within 80 s of being queued. */
  static final int DELIVERY_COMPLETION_LIMIT_SECONDS = 80;
  /** The transaction types, as the engine indexes them. */
  static final List<TpccTransaction> TYPES = List.of(values());

  /** The transaction type's name in the results. */
  final String label;
  /** Its cards in the deck of 100. */
  final int cards;
  /** The least percentage of all transactions it must have (0: New-Order, whose share is what remains). */
  final double minimumPercent;
  /** Keying time, in seconds. */
  final int keyingSeconds;
  /** Mean think time, in seconds. */
  final int thinkMeanSeconds;
  /** The 90th percentile of the response time must not exceed it, in seconds. */
  final int responseLimitSeconds;

  TpccTransaction(String label, int cards, double minimumPercent, int keyingSeconds, int thinkMeanSeconds,
      int responseLimitSeconds) {
    this.label = label;
    this.cards = cards;
    this.minimumPercent = minimumPercent;
    this.keyingSeconds = keyingSeconds;
    this.thinkMeanSeconds = thinkMeanSeconds;
    this.responseLimitSeconds = responseLimitSeconds;
  }

  static List<String> labels() {
    return TYPES.stream().map(t -> t.label).toList();
  }
}
