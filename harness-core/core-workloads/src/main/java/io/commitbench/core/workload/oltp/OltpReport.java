package io.commitbench.core.workload.oltp;

import io.commitbench.core.load.LoadFigures;
import io.commitbench.core.measure.RunTotals;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The OLTP workloads' figures in sysbench's terms, so they line up with a sysbench run's "SQL
 * statistics": queries split into read, write and other, transactions and queries per second,
 * the errors sysbench ignores (each one restarted its transaction), the errors it would not have
 * ignored, reconnects, and the transaction latency's p95 (sysbench's default {@code --percentile}) and p99 —
 * all over the measured time, the warm-up excluded. The latency is the response time (from the
 * intended start with {@code rate}, as sysbench adds the queue time in its rate mode).
 */
final class OltpReport {

  private static final double NANOS_PER_MILLI = 1e6;

  private OltpReport() {}

  static String block(RunTotals totals, LoadFigures load) {
    QueryCounts q = QueryCounts.of(totals);
    double seconds = totals.measuredNanos() / 1e9;
    Histogram latency = latency(totals);
    StringBuilder b = new StringBuilder("SQL statistics (as sysbench counts them; warm-up excluded):\n");
    b.append("    queries performed:\n");
    line(b, "        read:", q.read());
    line(b, "        write:", q.write());
    line(b, "        other:", q.other());
    line(b, "        total:", q.total());
    b.append(String.format(Locale.ROOT, "    %-32s %10d  (%.2f per sec.)%n", "transactions:", totals.transactions(),
        perSecond(totals.transactions(), seconds)));
    b.append(String.format(Locale.ROOT, "    %-32s %10d  (%.2f per sec.)%n", "queries:", q.total(),
        perSecond(q.total(), seconds)));
    b.append(String.format(Locale.ROOT, "    %-32s %10d  (%.2f per sec.)%n", "ignored errors:",
        totals.ignored(), perSecond(totals.ignored(), seconds)));
    b.append(String.format(Locale.ROOT, "    %-32s %10d  (%.2f per sec.)%n", "errors (not ignored):",
        totals.errors(), perSecond(totals.errors(), seconds)));
    b.append(String.format(Locale.ROOT, "    %-32s %10d  (%.2f per sec.)%n", "reconnects:",
        totals.reconnects(), perSecond(totals.reconnects(), seconds)));
    b.append(String.format(Locale.ROOT, "    latency (ms): p95 %.3f  p99 %.3f  (transaction response time)",
        percentileMillis(latency, 95), percentileMillis(latency, 99)));
    if (load != null) {
      b.append(String.format(Locale.ROOT, "%n    load: %s", load.line()));
    }
    return b.toString();
  }

  static Map<String, Object> figures(RunTotals totals, String script, LoadFigures load) {
    QueryCounts q = QueryCounts.of(totals);
    double seconds = totals.measuredNanos() / 1e9;
    Map<String, Object> queries = new LinkedHashMap<>();
    queries.put("read", q.read());
    queries.put("write", q.write());
    queries.put("other", q.other());
    queries.put("total", q.total());
    Map<String, Object> perSecond = new LinkedHashMap<>();
    perSecond.put("read", perSecond(q.read(), seconds));
    perSecond.put("write", perSecond(q.write(), seconds));
    perSecond.put("other", perSecond(q.other(), seconds));
    perSecond.put("total", perSecond(q.total(), seconds));
    Histogram latency = latency(totals);
    Map<String, Object> latencyMillis = new LinkedHashMap<>();
    latencyMillis.put("p95", percentileMillis(latency, 95));
    latencyMillis.put("p99", percentileMillis(latency, 99));
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("script", script);
    figures.put("transactions", totals.transactions());
    figures.put("transactionsPerSecond", perSecond(totals.transactions(), seconds));
    figures.put("queries", queries);
    figures.put("queriesPerSecond", perSecond);
    figures.put("ignoredErrors", totals.ignored());
    figures.put("errors", totals.errors());
    figures.put("reconnects", totals.reconnects());
    figures.put("latencyMillis", latencyMillis);
    figures.put("load", load != null ? load.asMap() : null);
    return figures;
  }

  /** The run's one transaction type's response times, or null before any was measured. */
  private static Histogram latency(RunTotals totals) {
    return totals.types().isEmpty() ? null : totals.types().get(0).responseNanos();
  }

  private static double percentileMillis(Histogram h, double percentile) {
    return h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / NANOS_PER_MILLI;
  }

  private static double perSecond(long count, double seconds) {
    return seconds <= 0 ? 0 : count / seconds;
  }

  private static void line(StringBuilder b, String label, long value) {
    b.append(String.format(Locale.ROOT, "%-36s %10d%n", label, value));
  }
}
