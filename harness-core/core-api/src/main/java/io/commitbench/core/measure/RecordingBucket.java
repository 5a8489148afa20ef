package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import org.HdrHistogram.Histogram;

/**
 * Everything one stripe records in one interval: a latency histogram per statement kind, the
 * response, service and schedule-lag histograms per transaction type, and the counts that go with
 * them. A stripe holds two buckets and swaps them at every interval ({@link LatencyStripe}), so
 * one bucket is written while the other is read; a bucket is never written and read at once.
 *
 * <p>Not thread-safe: its owner decides who may touch it when.
 */
final class RecordingBucket {

  private static final int KINDS = OperationKind.values().length;
  private static final int CLASSES = ErrorClass.values().length;
  /** Values a bucket holds at first: 16 KiB, grown as its writer needs (see {@link PendingValues}). */
  static final int PENDING_INITIAL = 2_048;
  /**
   * Values a bucket holds at most before its writer records them into the bucket's own
   * histograms: 8 MiB, a second of one actor at 250,000 autocommit statements a second, or a
   * minute at 4,000.
   */
  static final int PENDING_CAPACITY = 1 << 20;

  final Histogram[] statementNanos = new Histogram[KINDS];
  final Histogram[] responseNanos;
  final Histogram[] serviceNanos;
  final Histogram[] lagNanos;
  /** By kind, then error class: {@code kind * CLASSES + class}. */
  final long[] statementErrors = new long[KINDS * CLASSES];
  /** By transaction type, then error class. */
  final long[] transactionErrors;
  final long[] retries;
  /** Errors the workload ignores (its transaction started again), by transaction type, then error class. */
  final long[] ignoredErrors;
  long transactions;
  long reconnects;
  long shedArrivals;
  /** Latencies written down by the writer, not yet in a histogram (see {@link PendingValues}). */
  private final PendingValues pending = new PendingValues(PENDING_INITIAL, PENDING_CAPACITY);

  RecordingBucket(int transactionTypes) {
    if (KINDS + 3 * transactionTypes > PendingValues.MAX_SLOTS) {
      throw new IllegalArgumentException(transactionTypes + " transaction types: at most "
          + (PendingValues.MAX_SLOTS - KINDS) / 3);
    }
    for (int k = 0; k < KINDS; k++) {
      statementNanos[k] = histogram();
    }
    responseNanos = new Histogram[transactionTypes];
    serviceNanos = new Histogram[transactionTypes];
    lagNanos = new Histogram[transactionTypes];
    for (int t = 0; t < transactionTypes; t++) {
      responseNanos[t] = histogram();
      serviceNanos[t] = histogram();
      lagNanos[t] = histogram();
    }
    transactionErrors = new long[transactionTypes * CLASSES];
    retries = new long[transactionTypes];
    ignoredErrors = new long[transactionTypes * CLASSES];
  }

  static Histogram histogram() {
    return new Histogram(Measurements.SIGNIFICANT_DIGITS);
  }

  static int errorIndex(int row, ErrorClass errorClass) {
    return row * CLASSES + errorClass.ordinal();
  }

  /** The histogram number of a statement kind's latency, for {@link #record}. */
  static int statementSlot(int kind) {
    return kind;
  }

  /** The histogram number of a transaction type's response time; its service time and lag follow. */
  static int responseSlot(int type) {
    return KINDS + 3 * type;
  }

  static int serviceSlot(int type) {
    return responseSlot(type) + 1;
  }

  static int lagSlot(int type) {
    return responseSlot(type) + 2;
  }

  /**
   * Writes down a latency for the histogram numbered {@code slot}; it reaches the histogram when
   * the bucket is {@linkplain #addTo added} to the interval, or, when too many are waiting, now,
   * together with the others.
   */
  void record(int slot, long nanos) {
    recordEntry(PendingValues.entry(slot, nanos));
  }

  /** {@link #record} of a value and its slot already made into one {@link PendingValues#entry}. */
  void recordEntry(long entry) {
    if (pending.full()) {
      pending.replayInto(this::histogram);
      pending.clear();
    }
    pending.addEntry(entry);
  }

  /** The histogram numbered {@code slot} (see {@link #statementSlot}, {@link #responseSlot}). */
  Histogram histogram(int slot) {
    if (slot < KINDS) {
      return statementNanos[slot];
    }
    int type = (slot - KINDS) / 3;
    return switch ((slot - KINDS) % 3) {
      case 0 -> responseNanos[type];
      case 1 -> serviceNanos[type];
      default -> lagNanos[type];
    };
  }

  /** Adds this bucket, the latencies it still holds included, into {@code into} (the sampler's interval). */
  void addTo(RecordingBucket into) {
    pending.replayInto(into::histogram);
    for (int k = 0; k < KINDS; k++) {
      add(statementNanos[k], into.statementNanos[k]);
    }
    for (int t = 0; t < responseNanos.length; t++) {
      add(responseNanos[t], into.responseNanos[t]);
      add(serviceNanos[t], into.serviceNanos[t]);
      add(lagNanos[t], into.lagNanos[t]);
      into.retries[t] += retries[t];
    }
    add(statementErrors, into.statementErrors);
    add(transactionErrors, into.transactionErrors);
    add(ignoredErrors, into.ignoredErrors);
    into.transactions += transactions;
    into.reconnects += reconnects;
    into.shedArrivals += shedArrivals;
  }

  void reset() {
    resetShapedLike(this);
  }

  /**
   * Clears this bucket for reuse, each histogram that holds values as large as its counterpart in
   * {@code shape} (the sampler's interval, which this bucket is added into). {@link Histogram#add}
   * walks the two counts arrays side by side only when they have the same size; otherwise it
   * records every non-empty slot as a value of its own, several times slower, and a stripe's two
   * buckets and the interval grow apart, each with the largest latency it has seen. That slow path
   * would be the largest part of the interval reporter's CPU. A histogram is replaced only when the
   * sizes differ, which stops once the interval's have grown to the largest latency of the run.
   *
   * <p>An empty histogram is left as it is, small: a stripe's latencies wait in its {@link
   * PendingValues} and go straight into the interval, so most of its histograms are never written
   * (only when more than {@link #PENDING_CAPACITY} latencies wait within one interval), and an
   * empty one is never added. Giving every one the interval's size anyway would allocate about
   * 150 KB per histogram, per stripe and bucket, each time the interval's grew: arrays that live
   * through the run and that the garbage collector copies.
   */
  void resetShapedLike(RecordingBucket shape) {
    for (int k = 0; k < KINDS; k++) {
      statementNanos[k] = cleared(statementNanos[k], shape.statementNanos[k]);
    }
    for (int t = 0; t < responseNanos.length; t++) {
      responseNanos[t] = cleared(responseNanos[t], shape.responseNanos[t]);
      serviceNanos[t] = cleared(serviceNanos[t], shape.serviceNanos[t]);
      lagNanos[t] = cleared(lagNanos[t], shape.lagNanos[t]);
    }
    java.util.Arrays.fill(statementErrors, 0);
    java.util.Arrays.fill(transactionErrors, 0);
    java.util.Arrays.fill(retries, 0);
    java.util.Arrays.fill(ignoredErrors, 0);
    transactions = 0;
    reconnects = 0;
    shedArrivals = 0;
    pending.clear();
  }

  /**
   * Adding and clearing a histogram walk its whole counts array (some 20,000 slots at three digits
   * up to seconds) even when it holds nothing; most of a bucket's histograms are empty in most
   * intervals (kinds and types an actor did not use), so they are skipped. The reporter's CPU is
   * a cost the plain loops a run is compared with do not pay.
   */
  private static void add(Histogram from, Histogram into) {
    if (from.getTotalCount() > 0) {
      into.add(from);
    }
  }

  /**
   * {@code h} cleared, or a new empty histogram of {@code shape}'s size when {@code h} holds values
   * and the sizes differ; {@code h} itself when it is empty.
   */
  private static Histogram cleared(Histogram h, Histogram shape) {
    if (h.getTotalCount() == 0) {
      return h;
    }
    if (h.getHighestTrackableValue() != shape.getHighestTrackableValue()) {
      Histogram resized = new Histogram(1, shape.getHighestTrackableValue(), Measurements.SIGNIFICANT_DIGITS);
      resized.setAutoResize(true);
      return resized;
    }
    h.reset();
    return h;
  }

  private static void add(long[] from, long[] into) {
    for (int i = 0; i < from.length; i++) {
      into[i] += from[i];
    }
  }
}
