package io.commitbench.core.report;

import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.IntervalStats.KindInterval;
import io.commitbench.core.measure.OperationKind;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Writes {@code intervals.csv}: one row per reporting interval, for plotting throughput and
 * latency over time (a log switch or an SSD erase storm shows as a dip there, not in the totals).
 *
 * <p>Columns, in this order:
 *
 * <pre>
 * start_s,end_s,ops,ops_per_s,transactions,transactions_per_s,errors,
 * insert_count,insert_errors,insert_p50_ms,insert_p99_ms, ... the same for select, update, delete, commit
 * </pre>
 *
 * <p>{@code start_s}/{@code end_s} are seconds since the measurement started; {@code ops} counts
 * successful DML statements (commits excluded, as in the totals); rates are per second of the
 * interval (0 for an interval of zero length); percentiles are milliseconds and 0 when the kind
 * had no success in the interval. Numbers use a decimal point ({@link Locale#ROOT}) and three
 * decimals for seconds, rates and milliseconds. Every row is flushed at once, so a killed run
 * keeps the rows it wrote.
 *
 * <p>Not thread-safe: {@link IntervalSink} is called from one thread.
 */
public final class IntervalCsvWriter implements IntervalSink {

  private static final double NANOS_PER_MILLI = 1_000_000.0;
  private static final KindInterval NOTHING = new KindInterval(0, 0, 0, 0);

  private final BufferedWriter out;

  /** Creates (or truncates) {@code file} and writes the header line. */
  public IntervalCsvWriter(Path file) throws IOException {
    this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    try {
      writeLine(header());
    } catch (IOException e) {
      out.close();
      throw e;
    }
  }

  /** The header line, without line end. */
  static String header() {
    StringBuilder b = new StringBuilder("start_s,end_s,ops,ops_per_s,transactions,transactions_per_s,errors");
    for (OperationKind kind : OperationKind.values()) {
      String k = kind.label();
      b.append(',').append(k).append("_count,").append(k).append("_errors,")
          .append(k).append("_p50_ms,").append(k).append("_p99_ms");
    }
    return b.toString();
  }

  @Override
  public void onInterval(IntervalStats stats, Map<OperationKind, Histogram> latencyNanos) throws IOException {
    long ops = OperationKind.PHASES.stream().mapToLong(k -> kind(stats, k).count()).sum();
    double seconds = stats.seconds();
    StringBuilder b = new StringBuilder();
    b.append(decimal(stats.startMillis() / 1000.0)).append(',')
        .append(decimal(stats.endMillis() / 1000.0)).append(',')
        .append(ops).append(',')
        .append(decimal(rate(ops, seconds))).append(',')
        .append(stats.transactions()).append(',')
        .append(decimal(rate(stats.transactions(), seconds))).append(',')
        .append(stats.errors());
    for (OperationKind kind : OperationKind.values()) {
      KindInterval k = kind(stats, kind);
      b.append(',').append(k.count())
          .append(',').append(k.errors())
          .append(',').append(decimal(k.p50Nanos() / NANOS_PER_MILLI))
          .append(',').append(decimal(k.p99Nanos() / NANOS_PER_MILLI));
    }
    writeLine(b.toString());
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** A kind the interval does not mention had nothing in it. */
  private static KindInterval kind(IntervalStats stats, OperationKind kind) {
    return stats.kinds().getOrDefault(kind, NOTHING);
  }

  private static double rate(long count, double seconds) {
    return seconds <= 0 ? 0.0 : count / seconds;
  }

  private static String decimal(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  private void writeLine(String line) throws IOException {
    out.write(line);
    out.write('\n');
    out.flush();
  }
}
