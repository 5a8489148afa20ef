package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The live side of measurement: every actor records into it concurrently, without locks
 * (latencies through its {@link ActorRecorder} into one of a fixed number of
 * {@link LatencyStripe}s, counts into {@link LongAdder}s). Only an {@link IntervalSampler}
 * reads it.
 *
 * <p>Thread-safety: {@link #newActorRecorder} and all {@code record*} methods may be called from
 * any number of threads.
 */
public final class Measurements {

  /** Three significant digits: 1 µs resolution at 1 ms, 1 ms at 1 s. */
  static final int SIGNIFICANT_DIGITS = 3;

  private final List<LatencyStripe> stripes;
  private final AtomicInteger actors = new AtomicInteger();
  private final Map<OperationKind, Map<ErrorClass, LongAdder>> errors = new EnumMap<>(OperationKind.class);
  private final LongAdder transactions = new LongAdder();
  private final LongAdder reconnects = new LongAdder();

  /** Stripes for twice as many actors as can run at once: few share a stripe at any instant. */
  public Measurements() {
    this(2 * Runtime.getRuntime().availableProcessors());
  }

  public Measurements(int stripeCount) {
    if (stripeCount < 1) {
      throw new IllegalArgumentException("stripeCount must be at least 1, got " + stripeCount);
    }
    List<LatencyStripe> created = new ArrayList<>();
    for (int i = 0; i < stripeCount; i++) {
      created.add(new LatencyStripe());
    }
    stripes = List.copyOf(created);
    for (OperationKind kind : OperationKind.values()) {
      Map<ErrorClass, LongAdder> byClass = new EnumMap<>(ErrorClass.class);
      for (ErrorClass errorClass : ErrorClass.values()) {
        byClass.put(errorClass, new LongAdder());
      }
      errors.put(kind, byClass);
    }
  }

  /** Where one more actor records its latencies (actors are spread over the stripes in turn). */
  public ActorRecorder newActorRecorder() {
    return new ActorRecorder(stripes.get(Math.floorMod(actors.getAndIncrement(), stripes.size())));
  }

  public void recordError(OperationKind kind, ErrorClass errorClass) {
    errors.get(kind).get(errorClass).increment();
  }

  /** A committed transaction (see {@link RunTotals#transactions()} for what counts as one). */
  public void recordTransaction() {
    transactions.increment();
  }

  public void recordReconnect() {
    reconnects.increment();
  }

  List<LatencyStripe> stripes() {
    return stripes;
  }

  long errors(OperationKind kind, ErrorClass errorClass) {
    return errors.get(kind).get(errorClass).sum();
  }

  long transactions() {
    return transactions.sum();
  }

  long reconnects() {
    return reconnects.sum();
  }
}
