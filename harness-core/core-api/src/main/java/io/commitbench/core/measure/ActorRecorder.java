package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.Arrays;

/**
 * Where one actor records what it measured. Statements are collected while their transaction
 * runs and written to the actor's {@link LatencyStripe} together with the transaction, in one
 * step, so that a transaction and its statements always land in the same interval. A retried
 * attempt is {@linkplain #discardAttempt dropped} and counted as a retry only; an attempt that
 * failed with an error the workload ignores is {@linkplain #ignoreAttempt dropped} and its error
 * counted as ignored only.
 *
 * <p>Thread-safety: one thread at a time (the actor's own).
 */
public final class ActorRecorder {

  private final LatencyStripe stripe;
  private final int transactionTypes;
  /** The transaction's statements so far, each its kind and latency in one long ({@link PendingValues#entry}). */
  private long[] statementEntries = new long[16];
  private int statements;
  private int[] errorKinds = new int[4];
  private ErrorClass[] errorClasses = new ErrorClass[4];
  private int errors;

  ActorRecorder(LatencyStripe stripe, int transactionTypes) {
    this.stripe = stripe;
    this.transactionTypes = transactionTypes;
  }

  /** A successful statement of the transaction in progress and how long it took. */
  public void statement(OperationKind kind, long latencyNanos) {
    if (statements == statementEntries.length) {
      statementEntries = Arrays.copyOf(statementEntries, statements * 2);
    }
    statementEntries[statements++] = PendingValues.entry(RecordingBucket.statementSlot(kind.ordinal()), latencyNanos);
  }

  /** A failed statement of the transaction in progress. */
  public void statementFailed(OperationKind kind, ErrorClass errorClass) {
    if (errors == errorKinds.length) {
      errorKinds = Arrays.copyOf(errorKinds, errors * 2);
      errorClasses = Arrays.copyOf(errorClasses, errors * 2);
    }
    errorKinds[errors] = kind.ordinal();
    errorClasses[errors++] = errorClass;
  }

  /** Forgets the statements of an attempt that is retried, and counts the retry. */
  public void discardAttempt(int type) {
    checkType(type);
    statements = 0;
    errors = 0;
    stripe.write(bucket -> bucket.retries[type]++);
  }

  /**
   * Forgets the statements of an attempt that failed with an error the workload ignores (it is
   * started again), and counts that error as ignored, by its class.
   */
  public void ignoreAttempt(int type, ErrorClass errorClass) {
    checkType(type);
    statements = 0;
    errors = 0;
    int index = RecordingBucket.errorIndex(type, errorClass);
    stripe.write(bucket -> bucket.ignoredErrors[index]++);
  }

  /**
   * The transaction in progress succeeded.
   *
   * @param intendedStartNanos when it should have started (its arrival); equal to {@code
   *     startNanos} in a closed loop
   * @param startNanos when it actually started
   * @param endNanos when it ended
   */
  public void transactionDone(int type, long intendedStartNanos, long startNanos, long endNanos) {
    checkType(type);
    // Not stripe.write(lambda): the lambda capturing the four values is an object allocated per
    // transaction (48 B in ActorEnvelope), which the compiler does not optimize away.
    RecordingBucket bucket = stripe.beginWrite();
    try {
      flushStatements(bucket);
      bucket.record(RecordingBucket.responseSlot(type), endNanos - intendedStartNanos);
      bucket.record(RecordingBucket.serviceSlot(type), endNanos - startNanos);
      bucket.record(RecordingBucket.lagSlot(type), startNanos - intendedStartNanos);
      bucket.transactions++;
    } finally {
      stripe.endWrite();
    }
  }

  /** The transaction in progress failed for good (no retry left, or not retryable). */
  public void transactionFailed(int type, ErrorClass errorClass) {
    checkType(type);
    stripe.write(bucket -> {
      flushStatements(bucket);
      bucket.transactionErrors[RecordingBucket.errorIndex(type, errorClass)]++;
    });
  }

  /** A connection re-established after it was lost. */
  public void reconnect() {
    stripe.write(bucket -> bucket.reconnects++);
  }

  /** Arrivals whose schedule was given up because the actor fell too far behind (see rate.backlog). */
  public void shed(long arrivals) {
    stripe.write(bucket -> bucket.shedArrivals += arrivals);
  }

  private void flushStatements(RecordingBucket bucket) {
    for (int i = 0; i < statements; i++) {
      bucket.recordEntry(statementEntries[i]);
    }
    for (int i = 0; i < errors; i++) {
      bucket.statementErrors[RecordingBucket.errorIndex(errorKinds[i], errorClasses[i])]++;
    }
    statements = 0;
    errors = 0;
  }

  private void checkType(int type) {
    if (type < 0 || type >= transactionTypes) {
      throw new IllegalArgumentException("transaction type " + type + " of " + transactionTypes);
    }
  }
}
