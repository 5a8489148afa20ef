package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.report.SummaryJsonWriter;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * Keeps summary.json up to date while the run measures: after the first interval, and then after
 * the first interval ending at least {@link #PERIOD_NANOS} after the last write, it is replaced,
 * atomically, by a summary of everything measured so far with outcome {@code running}. A run
 * killed with SIGKILL (or a crashed JVM) thus leaves a readable summary about a minute behind at
 * most (intervals.csv and the histogram log have every second); a run that ends replaces it with
 * its final one, forced to disk.
 *
 * <p>Why not more often: building and writing the whole summary runs a large body of code (the
 * JSON tree and generator, percentiles of every histogram, the report's text) that the reporter
 * runs nowhere else. Every interval, it would be the larger part of the reporter's CPU, which a
 * run of one user at a few thousand commits a second notices. Every ten seconds, it would run too
 * rarely to be compiled early, so the JIT compiler would keep compiling it inside the measured
 * window, a cost the plain loops a run is compared with do not pay (see docs/performance.md). The
 * running summary is not forced (a lost machine may lose its last versions): forcing it would be
 * I/O of the harness's own, perhaps on the device being measured. Called on the reporter's
 * thread, after the sampler added the interval to its totals.
 */
final class RunningSummary implements IntervalSink {

  static final long PERIOD_NANOS = 60_000_000_000L;

  private final Path file;
  private final Supplier<RunResult> soFar;
  private boolean written;
  private long lastWrittenEndNanos;

  /** @param soFar the run's result as of the interval just sampled, outcome RUNNING */
  RunningSummary(Path file, Supplier<RunResult> soFar) {
    this.file = file;
    this.soFar = soFar;
  }

  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) throws IOException {
    if (written && stats.endNanos() - lastWrittenEndNanos < PERIOD_NANOS) {
      return;
    }
    SummaryJsonWriter.replaceVolatile(soFar.get(), file);
    written = true;
    lastWrittenEndNanos = stats.endNanos();
  }

  @Override
  public void close() {
    // Nothing open between intervals: each summary is a whole file.
  }
}
