package io.commitbench.core.report;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.IntervalStats.KindInterval;
import io.commitbench.core.measure.IntervalStats.TypeInterval;
import io.commitbench.core.measure.OperationKind;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Writes {@code intervals.csv}: one row per reporting interval, for plotting throughput and
 * latency over time (a log switch or an SSD erase storm shows as a dip there, not in the totals).
 *
 * <p>Columns, in this order:
 *
 * <pre>
 * start_s,end_s,phase,partial,ops,ops_per_s,transactions,transactions_per_s,errors,ignored,retries,shed,
 * insert_count,insert_errors,insert_p50_ms,insert_p99_ms, ... the same for select, update, delete, commit,
 * tx_TYPE_count,tx_TYPE_errors,tx_TYPE_ignored,tx_TYPE_retries,tx_TYPE_response_p50_ms,tx_TYPE_response_p99_ms,
 * tx_TYPE_service_p50_ms,tx_TYPE_service_p99_ms ... for every transaction type of the workload
 * </pre>
 *
 * <p>{@code start_s}/{@code end_s} are seconds since the first actor was released; {@code phase}
 * is {@code warmup} or {@code measured} (only measured rows count in the results); {@code
 * partial} is 1 for an interval shorter than {@code report.interval} (cut at the end of the
 * warm-up or of the run), whose rates are over its own length; {@code ops} counts successful DML
 * statements (commits excluded, as in the totals); {@code errors} failed statements; {@code
 * ignored} failures the workload ignored and started its transaction again after (sysbench's
 * "ignored errors" in the OLTP workloads), which are not among the errors; rates are
 * per second of the interval; percentiles are milliseconds, and empty when the interval had no
 * value to take them from. A transaction and its statements are always in the same row. Numbers
 * use a decimal point ({@link Locale#ROOT}). Every row is flushed at once, so a killed run keeps
 * the rows it wrote.
 *
 * <p>Not thread-safe: {@link IntervalSink} is called from one thread at a time.
 */
public final class IntervalCsvWriter implements IntervalSink {

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  private final BufferedWriter out;
  private final StringBuilder row = new StringBuilder(512);

  /** Creates (or truncates) {@code file} and writes the header line for these transaction types. */
  public IntervalCsvWriter(Path file, List<String> transactionTypes) throws IOException {
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    try {
      writeLine(header(transactionTypes));
    } catch (IOException e) {
      out.close();
      throw e;
    }
  }

  /** The header line, without line end. */
  static String header(List<String> transactionTypes) {
    StringBuilder b = new StringBuilder(
        "start_s,end_s,phase,partial,ops,ops_per_s,transactions,transactions_per_s,errors,ignored,retries,shed");
    for (OperationKind kind : OperationKind.values()) {
      String k = kind.label();
      b.append(',').append(k).append("_count,").append(k).append("_errors,")
          .append(k).append("_p50_ms,").append(k).append("_p99_ms");
    }
    for (String type : transactionTypes) {
      String t = "tx_" + type;
      for (String column : List.of("count", "errors", "ignored", "retries", "response_p50_ms", "response_p99_ms",
          "service_p50_ms", "service_p99_ms")) {
        b.append(',').append(t).append('_').append(column);
      }
    }
    return b.toString();
  }

  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) throws IOException {
    long ops = stats.operations();
    double seconds = stats.seconds();
    StringBuilder b = row;
    b.setLength(0);
    Decimals.threePlaces(b, stats.startNanos() / 1e9).append(',');
    Decimals.threePlaces(b, stats.endNanos() / 1e9).append(',')
        .append(stats.phase().label()).append(',')
        .append(stats.partial() ? 1 : 0).append(',')
        .append(ops).append(',');
    Decimals.threePlaces(b, rate(ops, seconds)).append(',')
        .append(stats.transactions()).append(',');
    Decimals.threePlaces(b, rate(stats.transactions(), seconds)).append(',')
        .append(stats.errors()).append(',')
        .append(stats.ignored()).append(',')
        .append(stats.retries()).append(',')
        .append(stats.shedArrivals());
    for (OperationKind kind : OperationKind.values()) {
      KindInterval k = stats.kinds().get(kind);
      b.append(',').append(k.count()).append(',').append(k.errors()).append(',');
      millis(b, k.p50Nanos()).append(',');
      millis(b, k.p99Nanos());
    }
    for (TypeInterval t : stats.types()) {
      b.append(',').append(t.count()).append(',').append(t.errors()).append(',').append(t.ignored()).append(',')
          .append(t.retries());
      for (long nanos : new long[] {t.responseP50Nanos(), t.responseP99Nanos(), t.serviceP50Nanos(),
          t.serviceP99Nanos()}) {
        millis(b.append(','), nanos);
      }
    }
    out.append(b).append('\n');
    out.flush();
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** Empty for an interval without values: a 0 would read as a measured latency of zero. */
  private static StringBuilder millis(StringBuilder b, long nanos) {
    return nanos == IntervalStats.NO_VALUE ? b : Decimals.threePlaces(b, nanos / NANOS_PER_MILLI);
  }

  private static double rate(long count, double seconds) {
    return seconds <= 0 ? 0.0 : count / seconds;
  }

  private void writeLine(String line) throws IOException {
    out.write(line);
    out.write('\n');
    out.flush();
  }
}
