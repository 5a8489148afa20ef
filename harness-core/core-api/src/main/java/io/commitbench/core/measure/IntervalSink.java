package io.commitbench.core.measure;

import java.io.Closeable;
import java.io.IOException;

/**
 * Receives every reporting interval while the run goes on, so results on disk grow with the run
 * and survive a crash. Called from one thread at a time, in interval order.
 */
public interface IntervalSink extends Closeable {

  /**
   * @param stats the interval's counts and percentiles
   * @param histograms the interval's histograms; only valid during the call
   */
  void onInterval(IntervalStats stats, IntervalHistograms histograms) throws IOException;

  /** Flushes and closes; the sink receives nothing after it. */
  @Override
  void close() throws IOException;
}
