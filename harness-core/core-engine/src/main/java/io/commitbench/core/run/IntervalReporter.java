package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.RunTotals;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * Samples the measurements every {@code report.interval} on a thread of its own and hands each
 * interval to the sinks (files and console), so results reach the disk while the run goes on.
 * It also keeps the run's clock: it ends the warm-up at its time (or when told, for a workload in
 * cycles, whose warm-up ends with a cycle), tells the run when the measurement began, and calls
 * the deadline of a timed run. {@link #finish} takes the last, partial interval and returns the
 * totals.
 */
final class IntervalReporter {

  /**
   * The longest the thread sleeps between looks at the clock. Everything that moves its next wake
   * earlier (a deadline, the end) unparks it, so this only bounds a missed wake-up; at 50 ms it
   * would wake twenty times a second for nothing, much of its CPU then in the kernel's thread
   * switches.
   */
  private static final long MAX_PARK_NANOS = 1_000_000_000L;

  private final IntervalSampler sampler;
  private final IntervalSink sink;
  private final long intervalNanos;
  private final long warmupEndNanos;
  private final LongConsumer measurementBegan;
  private final long startNanos;
  private final Thread thread;
  private long nextSampleNanos;
  private long deadlineNanos = Long.MAX_VALUE;
  /**
   * Where the measured window of a timed run ends, its deadline: no interval is sampled beyond
   * it, and the last one ends there at the latest, however long the actors (or the server they
   * wait for) take to stop.
   */
  private long windowEndNanos = Long.MAX_VALUE;
  private Runnable atDeadline = () -> {};
  private IOException writeFailure;
  private volatile boolean finished;

  /**
   * @param startNanos when the first actor was released
   * @param warmupEndNanos when the warm-up ends by the clock; {@link Long#MAX_VALUE} when it ends
   *     on {@link #beginMeasurement}, or when the sampler starts measuring at once
   * @param measurementBegan told when the measurement began (at once, when there is no warm-up)
   */
  IntervalReporter(IntervalSampler sampler, IntervalSink sink, long intervalNanos, long startNanos,
      long warmupEndNanos, LongConsumer measurementBegan) {
    this.sampler = sampler;
    this.sink = sink;
    this.intervalNanos = intervalNanos;
    this.warmupEndNanos = warmupEndNanos;
    this.measurementBegan = measurementBegan;
    this.startNanos = startNanos;
    this.nextSampleNanos = startNanos + intervalNanos;
    this.thread = new Thread(this::loop, "interval-reporter");
    thread.setDaemon(true);
  }

  /**
   * Starts the clock; tells the run at once when there is no warm-up. Separate from the
   * constructor, so the run holds the reporter before it is called back.
   */
  void start() {
    if (sampler.phase() == Phase.MEASURED) {
      measurementBegan.accept(startNanos);
    }
    thread.start();
  }

  /** Calls {@code action} once at {@code nanos} (the end of a timed run). */
  synchronized void deadline(long nanos, Runnable action) {
    deadlineNanos = nanos;
    windowEndNanos = nanos;
    atDeadline = action;
    LockSupport.unpark(thread);
  }

  private void loop() {
    while (!finished) {
      long now = System.nanoTime();
      Runnable due = null;
      synchronized (this) {
        if (finished) {
          return;
        }
        if (sampler.phase() == Phase.WARMUP && now >= warmupEndNanos) {
          beginMeasurement(now);
        } else if (now >= nextSampleNanos && nextSampleNanos <= windowEndNanos) {
          sampleNow(now);
          // A late wake-up does not make up for lost time with a burst of short intervals.
          nextSampleNanos = Math.max(nextSampleNanos + intervalNanos, now + intervalNanos / 2);
        }
        if (now >= deadlineNanos) {
          due = atDeadline;
          deadlineNanos = Long.MAX_VALUE;
        }
      }
      if (due != null) {
        due.run();
      }
      long wake;
      synchronized (this) {
        wake = Math.min(nextSampleNanos <= windowEndNanos ? nextSampleNanos : Long.MAX_VALUE, Math.min(deadlineNanos,
            sampler.phase() == Phase.WARMUP ? warmupEndNanos : Long.MAX_VALUE));
      }
      long wait = wake - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(Math.min(wait, MAX_PARK_NANOS));
      }
    }
  }

  /** Ends the warm-up now: the interval up to here is its last one. */
  synchronized void beginMeasurement(long nowNanos) {
    if (finished || sampler.phase() == Phase.MEASURED) {
      return;
    }
    nextSampleNanos = nowNanos + intervalNanos;
    try {
      sampler.beginMeasurement(nowNanos, sink, () -> measurementBegan.accept(nowNanos));
    } catch (IOException e) {
      remember(e);
    }
  }

  /**
   * Stops the clock, samples the remainder up to {@code endNanos} (a timed run's deadline at the
   * latest) and returns the measurement's totals.
   */
  synchronized RunTotals finish(long endNanos) {
    if (!finished) {
      finished = true;
      try {
        sampler.sampleLast(Math.min(endNanos, windowEndNanos), sink);
      } catch (IOException e) {
        remember(e);
      }
      LockSupport.unpark(thread);
    }
    return sampler.totals();
  }

  synchronized RunTotals warmupTotals() {
    return sampler.warmupTotals();
  }

  /** The first failure to write an interval, or null; the run reports it but keeps measuring. */
  synchronized IOException writeFailure() {
    return writeFailure;
  }

  private void sampleNow(long nowNanos) {
    try {
      sampler.sample(nowNanos, sink);
    } catch (IOException e) {
      remember(e);
    }
  }

  private void remember(IOException e) {
    if (writeFailure == null) {
      writeFailure = e;
    }
  }
}
