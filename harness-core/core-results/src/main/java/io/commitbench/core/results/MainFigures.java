package io.commitbench.core.results;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The figures runs are compared by, named the same way in group summaries and in {@code compare}:
 * throughput, then per transaction type the response-time percentiles (from the intended start)
 * and, when a rate was set, the service-time ones. A percentile of a type that never succeeded is
 * NaN, not left out, so every run of a workload has the same names.
 */
public final class MainFigures {

  public static final String THROUGHPUT = "throughput (tx/s)";

  private MainFigures() {}

  /** Throughput and per type p50 and p99: the figures a group summarizes. */
  public static Map<String, Double> of(RunSummary s) {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put(THROUGHPUT, s.transactionsPerSecond());
    for (TypeFigures t : s.types()) {
      put(figures, t.name() + " response", t.response(), false);
      if (s.rated()) {
        put(figures, t.name() + " service", t.service(), false);
      }
    }
    return figures;
  }

  /** Throughput and per type p50, p90, p99, p99.9 and max: the figures {@code compare} sets side by side. */
  public static Map<String, Double> detailed(RunSummary s) {
    Map<String, Double> figures = new LinkedHashMap<>();
    figures.put(THROUGHPUT, s.transactionsPerSecond());
    for (TypeFigures t : s.types()) {
      put(figures, t.name() + " response", t.response(), true);
      if (s.rated()) {
        put(figures, t.name() + " service", t.service(), true);
      }
    }
    return figures;
  }

  private static void put(Map<String, Double> figures, String prefix, Latency l, boolean detailed) {
    figures.put(prefix + " p50 (ms)", l == null ? Double.NaN : l.p50());
    if (detailed) {
      figures.put(prefix + " p90 (ms)", l == null ? Double.NaN : l.p90());
    }
    figures.put(prefix + " p99 (ms)", l == null ? Double.NaN : l.p99());
    if (detailed) {
      figures.put(prefix + " p99.9 (ms)", l == null ? Double.NaN : l.p999());
      figures.put(prefix + " max (ms)", l == null ? Double.NaN : l.max());
    }
  }
}
