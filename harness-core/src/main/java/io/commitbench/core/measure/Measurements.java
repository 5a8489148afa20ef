package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.LongAdder;

/**
 * The live side of measurement: every actor records into it concurrently, without locks
 * (latencies into its own {@link ActorRecorder}, counts into {@link LongAdder}s). Only an
 * {@link IntervalSampler} reads it.
 *
 * <p>Thread-safety: {@link #newActorRecorder} and all {@code record*} methods may be called from
 * any number of threads.
 */
public final class Measurements {

  /** Three significant digits: 1 µs resolution at 1 ms, 1 ms at 1 s. */
  static final int SIGNIFICANT_DIGITS = 3;

  private final List<ActorRecorder> actorRecorders = new CopyOnWriteArrayList<>();
  private final Map<OperationKind, Map<ErrorClass, LongAdder>> errors = new EnumMap<>(OperationKind.class);
  private final LongAdder transactions = new LongAdder();
  private final LongAdder reconnects = new LongAdder();

  public Measurements() {
    for (OperationKind kind : OperationKind.values()) {
      Map<ErrorClass, LongAdder> byClass = new EnumMap<>(ErrorClass.class);
      for (ErrorClass errorClass : ErrorClass.values()) {
        byClass.put(errorClass, new LongAdder());
      }
      errors.put(kind, byClass);
    }
  }

  /** Latency recorders for one more actor; call once per actor, before it records. */
  public ActorRecorder newActorRecorder() {
    ActorRecorder recorder = new ActorRecorder();
    actorRecorders.add(recorder);
    return recorder;
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

  List<ActorRecorder> actorRecorders() {
    return actorRecorders;
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
