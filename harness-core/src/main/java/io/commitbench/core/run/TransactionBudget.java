package io.commitbench.core.run;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The transactions left in a count-based run without cycles, shared by all actors, so the run
 * ends after exactly {@code transactions} measured transactions however fast each actor is.
 * Transactions started during the warm-up do not count. Thread-safe.
 */
final class TransactionBudget {

  private static final VarHandle LEFT = FieldHandles.of(MethodHandles.lookup(), "left", long.class);

  /**
   * Decremented through {@link #LEFT}: a field beside {@link #counting} rather than an {@code
   * AtomicLong} of its own, so a take touches one object, not two.
   */
  private volatile long left;
  private volatile boolean counting;

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
    if (left != Long.MAX_VALUE) {
      counting = true;
    }
  }

  /** Takes one transaction; false when none is left. */
  boolean take() {
    return !counting || (long) LEFT.getAndAdd(this, -1L) > 0;
  }
}
