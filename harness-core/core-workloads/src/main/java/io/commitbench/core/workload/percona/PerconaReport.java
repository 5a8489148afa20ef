package io.commitbench.core.workload.percona;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.TypeTotals;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The read-only set's figures as the slides compared them: the load's time, the data size, and
 * each query type's count, rate and latency (p50, p95, p99 of the response time), over the
 * measured time.
 */
final class PerconaReport {

  private static final double NANOS_PER_MILLI = 1e6;

  private PerconaReport() {}

  static String block(RunTotals totals, StringType strings, LoadFigures load, DataSize size) {
    double seconds = totals.measuredNanos() / 1e9;
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "Read-only set (Percona's user-account table, %s string columns):%n", strings.label()));
    b.append(String.format(Locale.ROOT, "    load: %s%n", load == null ? "none (load=reuse)" : load.line()));
    b.append(String.format(Locale.ROOT, "    data size: %s%n", size == null ? "not reported by the server" : size));
    b.append(String.format(Locale.ROOT, "    %-10s %12s %12s %10s %10s %10s%n", "query", "count", "per sec.",
        "p50 ms", "p95 ms", "p99 ms"));
    for (TypeTotals type : totals.types()) {
      Histogram h = type.responseNanos();
      b.append(String.format(Locale.ROOT, "    %-10s %12d %12.1f %10.3f %10.3f %10.3f%n", type.name(), type.count(),
          perSecond(type.count(), seconds), millis(h, 50), millis(h, 95), millis(h, 99)));
    }
    return b.toString().stripTrailing();
  }

  static Map<String, Object> figures(RunTotals totals, StringType strings, LoadFigures load, DataSize size) {
    double seconds = totals.measuredNanos() / 1e9;
    Map<String, Object> types = new LinkedHashMap<>();
    for (TypeTotals type : totals.types()) {
      Histogram h = type.responseNanos();
      Map<String, Object> t = new LinkedHashMap<>();
      t.put("count", type.count());
      t.put("perSecond", perSecond(type.count(), seconds));
      t.put("p50Millis", millis(h, 50));
      t.put("p95Millis", millis(h, 95));
      t.put("p99Millis", millis(h, 99));
      types.put(type.name(), t);
    }
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("strings", strings.label());
    figures.put("load", load == null ? null : load.asMap());
    figures.put("dataSize", size == null ? null : size.asMap());
    figures.put("queries", types);
    return figures;
  }

  private static double millis(Histogram h, double percentile) {
    return h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / NANOS_PER_MILLI;
  }

  private static double perSecond(long count, double seconds) {
    return seconds <= 0 ? 0 : count / seconds;
  }
}
