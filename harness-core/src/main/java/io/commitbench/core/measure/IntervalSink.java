package io.commitbench.core.measure;

import java.io.Closeable;
import java.io.IOException;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Receives every reporting interval while the run goes on, so results on disk grow with the run
 * and survive a crash. Called from one thread (the interval reporter), in interval order.
 */
public interface IntervalSink extends Closeable {

  /**
   * @param stats the interval's counts and percentiles
   * @param latencyNanos the interval's histogram per kind, with start and end time stamps set
   *     (epoch milliseconds); only valid during the call
   */
  void onInterval(IntervalStats stats, Map<OperationKind, Histogram> latencyNanos) throws IOException;

  /** Flushes and closes; the sink receives nothing after it. */
  @Override
  void close() throws IOException;
}
