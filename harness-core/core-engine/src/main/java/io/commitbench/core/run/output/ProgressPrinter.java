package io.commitbench.core.run.output;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.report.Decimals;
import java.util.function.Function;

/**
 * Prints one progress line per interval: where the run is, throughput, errors, p99 per statement
 * kind and per transaction type (response time). A partial interval (cut at the end of the
 * warm-up or of the run) is printed with its length and its counts instead of rates: a rate over
 * a few milliseconds is noise (a quick start's last interval can hold some dozens of transactions
 * in a millisecond, many times the run's rate), and intervals.csv keeps the partial interval's
 * rates, marked partial.
 */
public final class ProgressPrinter implements IntervalSink {

  private final RunLog log;
  private final Function<Phase, String> position;

  /** @param position where the run is at the end of an interval of a phase, e.g. "cycle 2/30" */
  public ProgressPrinter(RunLog log, Function<Phase, String> position) {
    this.log = log;
    this.position = position;
  }

  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) {
    if (stats.partial() && nothingHappened(stats)) {
      return; // the end of a run often cuts a last interval of a millisecond with nothing in it
    }
    double seconds = Math.max(stats.seconds(), 1e-9);
    // Appended by hand, not String.format: see Decimals.
    StringBuilder line = new StringBuilder(160).append('[');
    int stamp = line.length();
    Decimals.fixed(line, stats.endNanos() / 1e9, 1);
    // Right-aligned in eight characters, as %8.1f.
    line.insert(stamp, " ".repeat(Math.max(0, 8 - (line.length() - stamp)))).append(" s] ")
        .append(position.apply(stats.phase()));
    if (stats.partial()) {
      Decimals.fixed(line.append(" (last "), seconds, 2).append(" s)");
      Decimals.grouped(line.append(" | "), stats.operations()).append(" ops | ");
      Decimals.grouped(line, stats.transactions()).append(" tx | errors ").append(stats.errors());
    } else {
      Decimals.grouped(line.append(" | "), stats.operations() / seconds).append(" ops/s | ");
      Decimals.grouped(line, stats.transactions() / seconds).append(" tx/s | errors ").append(stats.errors());
    }
    if (stats.ignored() > 0) {
      line.append(" | ignored ").append(stats.ignored());
    }
    if (stats.retries() > 0 || stats.shedArrivals() > 0) {
      line.append(" | retries ").append(stats.retries()).append(" | shed ").append(stats.shedArrivals());
    }
    line.append(" | p99 ms");
    for (OperationKind kind : OperationKind.values()) {
      IntervalStats.KindInterval k = stats.kinds().get(kind);
      if (k.count() > 0) {
        Decimals.threePlaces(line.append(' ').append(kind.label()).append(' '), k.p99Nanos() / 1e6);
      }
    }
    for (IntervalStats.TypeInterval t : stats.types()) {
      if (t.count() > 0) {
        Decimals.threePlaces(line.append(" tx.").append(t.name()).append(' '), t.responseP99Nanos() / 1e6);
      }
    }
    log.print(line.toString());
  }

  private static boolean nothingHappened(IntervalStats stats) {
    return stats.operations() == 0 && stats.transactions() == 0 && stats.errors() == 0 && stats.ignored() == 0
        && stats.retries() == 0 && stats.shedArrivals() == 0;
  }

  @Override
  public void close() {}
}
