package io.commitbench.core.run;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The transactions left in a count-based run without cycles, shared by all actors, so the run
 * ends after exactly {@code transactions} measured transactions however fast each actor is.
 * Transactions started during the warm-up do not count. Thread-safe; each actor takes its
 * transactions through a {@link Share} of its own.
 *
 * <p>Why shares: taking transactions one at a time from the shared count would be an atomic update
 * of one cache line by every actor, once per transaction, and with actors on several cores that
 * line would move from core to core nearly every time, a cost per transaction that a plain loop
 * giving each thread its part of the count in advance does not pay. A share takes a few
 * transactions at once and uses them up before it comes back.
 */
final class TransactionBudget {

  /** Most transactions a share takes at once: one update of the shared count per this many transactions. */
  static final int MOST_AT_ONCE = 32;
  private static final VarHandle LEFT = FieldHandles.of(MethodHandles.lookup(), "left", long.class);

  /**
   * Decremented through {@link #LEFT}: a field beside {@link #counting} rather than an {@code
   * AtomicLong} of its own, so a take touches one object, not two.
   */
  private volatile long left;
  private volatile boolean counting;
  /** Whether the warm-up is over, in a run with a budget or without one. */
  private volatile boolean measuring;
  /** How many actors take from it ({@link #share}). */
  private final AtomicInteger shares = new AtomicInteger();

  private TransactionBudget(long transactions, boolean counting) {
    this.left = transactions;
    this.counting = counting;
  }

  /** No limit: a time-based run, or one counted in cycles. */
  static TransactionBudget unlimited() {
    return new TransactionBudget(Long.MAX_VALUE, false);
  }

  /** {@code transactions} measured ones; counting starts with {@link #startCounting}. */
  static TransactionBudget of(long transactions) {
    return new TransactionBudget(transactions, false);
  }

  /** The warm-up is over: from now on transactions count. */
  void startCounting() {
    measuring = true;
    if (limited()) {
      counting = true;
    }
  }

  /** Whether the budget has an end: false for {@link #unlimited}. */
  private boolean limited() {
    return left != Long.MAX_VALUE;
  }

  /** A new actor's way to the budget. */
  Share share() {
    shares.incrementAndGet();
    return new Share(this);
  }

  /**
   * Takes up to {@link #MOST_AT_ONCE} transactions for one share, fewer as the budget runs low (a
   * quarter of what is left per share, at least one), so that at the end no actor is left
   * running the transactions it holds while the others have stopped; 0 when none is left.
   */
  private long grant() {
    long left;
    long granted;
    do {
      left = this.left;
      if (left <= 0) {
        return 0;
      }
      granted = Math.max(1, Math.min(MOST_AT_ONCE, left / (4L * shares.get())));
    } while (!LEFT.compareAndSet(this, left, left - granted));
    return granted;
  }

  /** One actor's part of the budget. Confined to the actor's thread. */
  static final class Share {
    private final TransactionBudget budget;
    /**
     * Whether the budget has an end: a share of an unlimited one answers without reading the
     * shared budget, a line of memory fewer per transaction for the workloads in cycles.
     */
    private final boolean limited;
    /** Transactions granted to this share and not yet taken. */
    private long held;

    private Share(TransactionBudget budget) {
      this.budget = budget;
      this.limited = budget.limited();
    }

    /** Whether the warm-up is over: the transactions from now on are measured. */
    boolean measuring() {
      return budget.measuring;
    }

    /** Takes one transaction; false when none is left. */
    boolean take() {
      if (held == 0) {
        if (!limited || !budget.counting) {
          return true;
        }
        held = budget.grant();
        if (held == 0) {
          return false;
        }
      }
      held--;
      return true;
    }
  }
}
