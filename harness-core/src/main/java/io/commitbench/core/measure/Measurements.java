package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Recorder;

/**
 * The live side of measurement: every actor thread records into it concurrently, without
 * locks (HdrHistogram {@link Recorder} per operation kind, {@link LongAdder} counters). Only an
 * {@link IntervalSampler} reads it.
 *
 * <p>Thread-safety: all {@code record*} methods may be called from any number of threads.
 */
public final class Measurements {

  /** Three significant digits: 1 µs resolution at 1 ms, 1 ms at 1 s. */
  static final int SIGNIFICANT_DIGITS = 3;

  private final Map<OperationKind, Recorder> latency = new EnumMap<>(OperationKind.class);
  private final Map<OperationKind, Map<ErrorClass, LongAdder>> errors = new EnumMap<>(OperationKind.class);
  private final LongAdder transactions = new LongAdder();
  private final LongAdder reconnects = new LongAdder();

  public Measurements() {
    for (OperationKind kind : OperationKind.values()) {
      latency.put(kind, new Recorder(SIGNIFICANT_DIGITS));
      Map<ErrorClass, LongAdder> byClass = new EnumMap<>(ErrorClass.class);
      for (ErrorClass errorClass : ErrorClass.values()) {
        byClass.put(errorClass, new LongAdder());
      }
      errors.put(kind, byClass);
    }
  }

  /** A successful operation and how long it took. */
  public void recordSuccess(OperationKind kind, long latencyNanos) {
    latency.get(kind).recordValue(Math.max(0, latencyNanos));
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

  Recorder recorder(OperationKind kind) {
    return latency.get(kind);
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
