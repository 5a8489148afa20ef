package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.OperationKind;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/** Prints one progress line per interval: where the run is, throughput, errors, p99 per kind. */
final class ProgressPrinter implements IntervalSink {

  private final RunLog log;
  private final Supplier<String> position;

  /** @param position says where the run is, e.g. "cycle 2/30" */
  ProgressPrinter(RunLog log, Supplier<String> position) {
    this.log = log;
    this.position = position;
  }

  @Override
  public void onInterval(IntervalStats stats, Map<OperationKind, Histogram> latencyNanos) {
    double seconds = Math.max(stats.seconds(), 1e-9);
    long ops = OperationKind.PHASES.stream().mapToLong(k -> stats.kinds().get(k).count()).sum();
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%8.1f s] %s | %,.0f ops/s | %,.0f tx/s | errors %d | p99 ms",
        stats.endMillis() / 1000.0, position.get(), ops / seconds, stats.transactions() / seconds, stats.errors()));
    for (OperationKind kind : OperationKind.values()) {
      IntervalStats.KindInterval k = stats.kinds().get(kind);
      if (k.count() > 0) {
        line.append(String.format(Locale.ROOT, " %s %.3f", kind.label(), k.p99Nanos() / 1e6));
      }
    }
    log.print(line.toString());
  }

  @Override
  public void close() {}
}
