package io.commitbench.core.run;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.OperationKind;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Prints one progress line per interval: where the run is, throughput, errors, p99 per statement
 * kind and per transaction type (response time). A partial interval (cut at the end of the
 * warm-up or of the run) is printed with its length, since a rate over a fraction of a second is
 * easily misread as a spike.
 */
final class ProgressPrinter implements IntervalSink {

  private final RunLog log;
  private final Supplier<String> position;

  /** @param position says where the run is, e.g. "cycle 2/30" */
  ProgressPrinter(RunLog log, Supplier<String> position) {
    this.log = log;
    this.position = position;
  }

  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) {
    double seconds = Math.max(stats.seconds(), 1e-9);
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "[%8.1f s] %s%s | %,.0f ops/s | %,.0f tx/s | errors %d",
        stats.endNanos() / 1e9, position.get(), stats.partial() ? String.format(Locale.ROOT, " (last %.2f s)", seconds) : "",
        stats.operations() / seconds, stats.transactions() / seconds, stats.errors()));
    if (stats.retries() > 0 || stats.shedArrivals() > 0) {
      line.append(String.format(Locale.ROOT, " | retries %d | shed %d", stats.retries(), stats.shedArrivals()));
    }
    line.append(" | p99 ms");
    for (OperationKind kind : OperationKind.values()) {
      IntervalStats.KindInterval k = stats.kinds().get(kind);
      if (k.count() > 0) {
        line.append(String.format(Locale.ROOT, " %s %.3f", kind.label(), k.p99Nanos() / 1e6));
      }
    }
    for (IntervalStats.TypeInterval t : stats.types()) {
      if (t.count() > 0) {
        line.append(String.format(Locale.ROOT, " tx.%s %.3f", t.name(), t.responseP99Nanos() / 1e6));
      }
    }
    log.print(line.toString());
  }

  @Override
  public void close() {}
}
