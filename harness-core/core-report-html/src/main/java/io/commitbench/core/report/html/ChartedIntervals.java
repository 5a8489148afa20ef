package io.commitbench.core.report.html;

import io.commitbench.core.results.IntervalTable;
import java.util.Locale;

/**
 * The rows of {@code intervals.csv} as the time charts draw them. A rate or a latency is drawn
 * for every interval but a partial one that would mislead: one shorter than half the others (cut
 * at the end of the warm-up: a rate over a few milliseconds is noise), and the run's last one,
 * in which the actors stop one by one (its rate would draw a drop, its few latencies a jump). A
 * run shorter than one interval keeps its rates: they are all there is. Counts (errors, shed
 * arrivals) are drawn for every interval. The summary's figures cover every measured interval.
 */
final class ChartedIntervals {

  final IntervalTable table;
  private final double[] starts;
  private final double[] ends;
  private final boolean[] leftOut;

  ChartedIntervals(IntervalTable table) {
    this.table = table;
    this.starts = table.numbers("start_s");
    this.ends = table.numbers("end_s");
    this.leftOut = leftOut(table, starts, ends);
  }

  int size() {
    return table.size();
  }

  double end(int i) {
    return ends[i];
  }

  boolean warmup(int i) {
    return table.warmup(i);
  }

  /** Whether row {@code i}'s rates and latencies are drawn. */
  boolean drawn(int i) {
    return !leftOut[i];
  }

  /** The end of the last warm-up interval; NaN without a warm-up. */
  double warmupEnd() {
    double end = Double.NaN;
    for (int i = 0; i < size(); i++) {
      if (warmup(i)) {
        end = ends[i];
      }
    }
    return end;
  }

  /** The end of the last interval, 0 without any. */
  double runEnd() {
    double end = 0;
    for (double e : ends) {
      end = Double.isNaN(e) ? end : Math.max(end, e);
    }
    return end;
  }

  /** Which intervals are left out of the rates and latencies, and why; empty when none is. */
  String leftOutNote() {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < size(); i++) {
      if (leftOut[i]) {
        String when = ends[i] - starts[i] < 0.001
            ? String.format(Locale.ROOT, "%.3f s (%.1f ms)", starts[i], (ends[i] - starts[i]) * 1000)
            : String.format(Locale.ROOT, "%.3f-%.3f s", starts[i], ends[i]);
        b.append(b.length() == 0 ? "" : ", ").append(when)
            .append(i == size() - 1 ? " (the last, partial interval, in which the actors stop)"
                : " (a partial interval shorter than half the others: its rate is noise)");
      }
    }
    return b.length() == 0 ? "" : "Left out of the rates and latencies: " + b + ".";
  }

  private static boolean[] leftOut(IntervalTable t, double[] starts, double[] ends) {
    double[] partial = t.numbers("partial");
    double longest = 0;
    for (int i = 0; i < t.size(); i++) {
      if (partial[i] != 1) {
        longest = Math.max(longest, ends[i] - starts[i]);
      }
    }
    boolean[] out = new boolean[t.size()];
    int measuredDrawn = 0;
    int measured = 0;
    for (int i = 0; i < t.size(); i++) {
      boolean last = i == t.size() - 1;
      out[i] = partial[i] == 1 && (ends[i] - starts[i] < longest / 2 || (last && longest > 0));
      measured += t.warmup(i) ? 0 : 1;
      measuredDrawn += t.warmup(i) || out[i] ? 0 : 1;
    }
    if (measured > 0 && measuredDrawn == 0) {
      for (int i = 0; i < t.size(); i++) {
        out[i] = out[i] && t.warmup(i);
      }
    }
    return out;
  }
}
