package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;

/** An interval sink for tests that only want the totals. */
final class DiscardingSink implements IntervalSink {
  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) {}

  @Override
  public void close() {}
}
