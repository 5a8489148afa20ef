package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Several sinks as one. Every sink gets every interval even when another fails; the first
 * failure is rethrown afterwards.
 */
final class IntervalSinks implements IntervalSink {

  private final List<IntervalSink> sinks = new ArrayList<>();

  void add(IntervalSink sink) {
    sinks.add(sink);
  }

  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) throws IOException {
    IOException first = null;
    for (IntervalSink sink : sinks) {
      try {
        sink.onInterval(stats, histograms);
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (IntervalSink sink : sinks) {
      try {
        sink.close();
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
