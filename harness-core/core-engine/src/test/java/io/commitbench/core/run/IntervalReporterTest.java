package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.RunTotals;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A timed run whose actors take long to stop (a lost server, a stalled call): the measured window
 * still ends at the deadline, and no interval is sampled beyond it.
 */
class IntervalReporterTest {

  private static final long MS = 1_000_000L;

  @Test
  void theMeasuredWindowEndsAtTheDeadlineHoweverLateTheRunFinishes() throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("tx"));
    long start = System.nanoTime();
    IntervalSampler sampler = new IntervalSampler(measurements, start, System.currentTimeMillis(), 100 * MS,
        Phase.MEASURED);
    List<IntervalStats> intervals = new CopyOnWriteArrayList<>();
    IntervalSink keeping = new IntervalSink() {
      @Override
      public void onInterval(IntervalStats stats, IntervalHistograms histograms) {
        intervals.add(stats);
      }

      @Override
      public void close() {}
    };
    IntervalReporter reporter = new IntervalReporter(sampler, keeping, 100 * MS, start, Long.MAX_VALUE, now -> {});
    reporter.start();
    long deadline = start + 300 * MS;
    reporter.deadline(deadline, () -> {});

    // The actors stop 1.2 s after the deadline.
    Thread.sleep(1_500);
    RunTotals totals = reporter.finish(System.nanoTime());

    // A regular sample is stamped when the reporter wakes: on a busy machine a little after its time.
    long slack = 200 * MS;
    assertThat(totals.measuredNanos()).as("measured nanoseconds").isBetween(300 * MS, 300 * MS + slack);
    assertThat(intervals).as("intervals").isNotEmpty()
        .allSatisfy(i -> assertThat(i.endNanos()).as("an interval's end").isLessThanOrEqualTo(300 * MS + slack));
  }
}
