package io.commitbench.bench.actor;

import io.commitbench.bench.jmh.ReporterState;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.Phase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The interval reporter's share of a benchmark's actors: a thread that drains their recordings
 * once a second, as a run's reporter does, and writes nothing, so the actors do not fold their
 * latencies into histograms themselves. Shut it down when the actors are done.
 */
final class DrainedEverySecond {

  private DrainedEverySecond() {}

  static ScheduledExecutorService start(Measurements measurements) {
    IntervalSampler sampler = new IntervalSampler(measurements, System.nanoTime(), System.currentTimeMillis(),
        1_000_000_000L, Phase.MEASURED);
    ScheduledExecutorService reporter = Executors.newSingleThreadScheduledExecutor();
    reporter.scheduleAtFixedRate(() -> {
      try {
        sampler.sample(System.nanoTime(), ReporterState.DISCARD);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }, 1, 1, TimeUnit.SECONDS);
    return reporter;
  }
}
