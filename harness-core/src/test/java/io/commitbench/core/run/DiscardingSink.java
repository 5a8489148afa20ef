package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.OperationKind;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** An interval sink for tests that only want the totals. */
final class DiscardingSink implements IntervalSink {
  @Override
  public void onInterval(IntervalStats stats, Map<OperationKind, Histogram> latencyNanos) {}

  @Override
  public void close() {}
}
