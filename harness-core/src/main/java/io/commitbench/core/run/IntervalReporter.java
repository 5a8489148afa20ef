package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.RunTotals;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the measurements every {@code report.interval} on a thread of its own and hands each
 * interval to the sinks (files and console), so results reach the disk while the run goes on.
 * {@link #finish} takes the last, partial interval and returns the totals.
 */
final class IntervalReporter {

  private final IntervalSampler sampler;
  private final IntervalSink sink;
  private final ScheduledExecutorService timer;
  private IOException writeFailure;
  private boolean finished;

  IntervalReporter(IntervalSampler sampler, IntervalSink sink, long intervalSeconds) {
    this.sampler = sampler;
    this.sink = sink;
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread thread = new Thread(r, "interval-reporter");
      thread.setDaemon(true);
      return thread;
    });
    timer.scheduleAtFixedRate(this::sampleNow, intervalSeconds, intervalSeconds, TimeUnit.SECONDS);
  }

  private synchronized void sampleNow() {
    if (!finished) {
      sampleNow0(System.nanoTime());
    }
  }

  /** Stops the timer, samples the remainder up to {@code endNanos} and returns the run's totals. */
  synchronized RunTotals finish(long endNanos) {
    timer.shutdownNow();
    if (!finished) {
      finished = true;
      sampleNow0(endNanos);
    }
    return sampler.totals();
  }

  /** The first failure to write an interval, or null; the run reports it but keeps measuring. */
  synchronized IOException writeFailure() {
    return writeFailure;
  }

  private void sampleNow0(long nowNanos) {
    try {
      sampler.sample(nowNanos, sink);
    } catch (IOException e) {
      if (writeFailure == null) {
        writeFailure = e;
      }
    }
  }
}
