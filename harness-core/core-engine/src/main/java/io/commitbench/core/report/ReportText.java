package io.commitbench.core.report;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.key.Redaction;
import io.commitbench.core.config.RunControl;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.UsersMode;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.RunTotals;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * The text printed at the end of a run and saved as {@code report.txt}: the paper's run header,
 * the workload's own block (the paper's "Benchmark Overall Analysis", same labels, so results can
 * be set beside the paper's), the statistics the paper lacks (throughput, percentiles per
 * statement kind and per transaction type, errors) and the database's view of the run (its log
 * counters, beside the client-side commit latency).
 *
 * <p>Numbers use {@link Locale#ROOT}: a decimal point and no grouping, whatever the machine's
 * locale, because the paper's German "324.604 ms" (meaning 324,604 ms) shows how easily a
 * grouped number is misread. Lines end with {@code \n}. The database password never appears:
 * the URL goes through {@link Redaction#url(String)} and the {@code Secret} is not printed.
 *
 * <pre>{@code
 * Files.writeString(runDir.resolve("report.txt"), ReportText.full(result));
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class ReportText {

  /**
   * The paper pads its analysis labels to this width, so the colons line up; the paper's own
   * block ({@code workload.paper.PaperBlock}) pads to the same width.
   */
  static final int PAPER_LABEL_WIDTH = 35;

  /** The paper's run header pads its labels to this width. */
  static final int HEADER_LABEL_WIDTH = 17;

  private static final double NANOS_PER_MILLI = 1_000_000.0;
  private static final String NO_VALUE = "-";

  private ReportText() {}

  /**
   * The run header: the database, the workload and its own lines, the run control, the users
   * mode and the connection, then {@code extraLines} (already in the {@code  | Label : value} form,
   * such as the environment's). The labels keep the paper's spelling. The quota, the paper's
   * {@code Quota Amount}, is there only where it takes effect: the database gives the users it
   * creates one, and the run creates users.
   *
   * @param usersModeUsed what {@code users.mode} resolved to ({@code db-users} or {@code shared})
   * @param productKeys the product keys the run's database acts on ({@code Users#productKeys})
   */
  public static String header(BenchmarkConfig c, List<BoundWorkload.HeaderLine> workloadLines, String usersModeUsed,
      Set<String> productKeys, List<String> extraLines) {
    StringBuilder b = new StringBuilder("-----\n");
    headerLine(b, "DB-Type", c.dbType());
    headerLine(b, "Workload", c.workload());
    headerLine(b, "Sleep Intervall", c.sleepMillis()); // the paper's spelling
    headerLine(b, "Test Users", c.users());
    if (productKeys.contains(ParameterKeys.QUOTA) && usersModeUsed.equals(UsersMode.DB_USERS.value())) {
      headerLine(b, "Quota Amount", c.quotaMegabytes());
    }
    workloadLines.forEach(line -> headerLine(b, line.label(), line.value()));
    RunControl rc = c.runControl();
    if (rc.timed()) {
      headerLine(b, "Duration", rc.durationSeconds() + " s");
    }
    if (rc.transactions() > 0) {
      headerLine(b, "Transactions", rc.transactions());
    }
    if (rc.warmupSeconds() > 0) {
      headerLine(b, "Warm-up", rc.warmupSeconds() + " s");
    }
    if (rc.rated()) {
      headerLine(b, "Rate", rc.rate() + " tx/s, " + (rc.poissonArrivals() ? "poisson" : "uniform") + " arrivals, backlog "
          + rc.backlogSeconds() + " s" + (rc.backlogFails() ? " (fails the run)" : " (then shed)"));
    }
    if (rc.thinkMillis() > 0) {
      headerLine(b, "Think Time", rc.thinkMillis() + " ms" + (rc.exponentialThink() ? " mean, exponential" : ""));
    }
    if (rc.retryMax() > 0) {
      headerLine(b, "Retry Max", rc.retryMax());
    }
    headerLine(b, "Users Mode", usersModeUsed);
    headerLine(b, "DB-URL", Redaction.url(c.dbUrl()));
    headerLine(b, "DB-User", c.dbUser());
    // The names the run creates: its own namespace by default, else the fixed prefix given.
    headerLine(b, "Table Prefix", c.tablePrefix() + origin(c.tablePrefixDerived()));
    headerLine(b, "User Prefix", c.userPrefix()
        + (usersModeUsed.equals("shared") ? " (unused: shared login)" : origin(c.userPrefixDerived())));
    extraLines.forEach(line -> b.append(line).append('\n'));
    return b.append("-----\n").toString();
  }

  private static String origin(boolean derived) {
    return derived ? " (the run's own, derived from the run id)" : " (fixed)";
  }

  /**
   * Outcome, throughput, errors and a latency table per operation kind. Latencies are of
   * successful operations, in milliseconds, read from the nanosecond histograms (a percentile is
   * HdrHistogram's highest value equivalent to it); a kind that never succeeded shows {@code -}.
   */
  public static String modernBlock(RunResult r) {
    RunTotals t = r.totals();
    StringBuilder b = new StringBuilder("##### Run Statistics #####\n");
    b.append(labelled("Run id", r.runId()));
    b.append(labelled("commitbench version", r.harnessVersion()));
    b.append(labelled("Outcome", r.outcome().label()));
    if (r.failure() != null && !r.failure().isEmpty()) {
      // The reason often quotes a driver message, which may quote the URL.
      b.append(labelled("Failure", Redaction.url(r.failure())));
    }
    b.append(labelled("Workload", r.config().workload()));
    List<String[]> figures = new ArrayList<>(List.of(
        new String[] {"Measured time (s)", decimal(t.measuredNanos() / 1e9)},
        new String[] {"Operations (DML, no commits)", Long.toString(t.operations())},
        new String[] {"Operations per second", decimal(t.operationsPerSecond())},
        new String[] {"Transactions", Long.toString(t.transactions())},
        new String[] {"Transactions per second", decimal(t.transactionsPerSecond())},
        new String[] {"Errors", Long.toString(t.errors())},
        new String[] {"Failed transactions", Long.toString(t.transactionErrors())},
        new String[] {"Ignored errors (restarted)", Long.toString(t.ignored())},
        new String[] {"Retries", Long.toString(t.retries())},
        new String[] {"Reconnects", Long.toString(t.reconnects())}));
    if (r.clientCpuNanos() >= 0) {
      figures.add(new String[] {"Client CPU (s)", decimal(r.clientCpuNanos() / 1e9)});
      figures.add(new String[] {"Client CPU per transaction (us)", decimal(r.clientCpuMicrosPerTransaction())});
    }
    if (r.config().runControl().rated()) {
      figures.add(new String[] {"Target rate (tx/s)", Long.toString(r.config().runControl().rate())});
      figures.add(new String[] {"Shed arrivals (backlog)", Long.toString(t.shedArrivals())});
    }
    int width = figures.stream().mapToInt(row -> row[1].length()).max().orElse(0);
    figures.forEach(row -> b.append(labelled(row[0], pad(row[1], width, false))));
    RateVerdict.of(r.config().runControl(), r.config().users(), t).ifPresent(v -> b.append(labelled("Target rate "
        + (v.missed() ? "missed" : "met"), String.format(Locale.ROOT, "%.3f of %d tx/s achieved, %.1f%% short"
        + " (rate.tolerance %d%%)", v.achieved(), v.target(), v.shortfallPercent(), v.tolerancePercent()))));
    if (r.hadWarmup()) {
      RunTotals w = r.warmup();
      b.append(labelled("Warm-up (excluded above)", String.format(Locale.ROOT, "%.3f s, %d transactions, %.3f tx/s,"
          + " %d errors, %d ignored", w.measuredNanos() / 1e9, w.transactions(), w.transactionsPerSecond(), w.errors(),
          w.ignored())));
    }
    b.append("\nLatency of successful operations (ms):\n");
    b.append(kindTable(t));
    b.append("\nTransactions by type (ms): response time from the intended start, service time from the actual start");
    b.append(r.config().runControl().rated() || r.config().runControl().thinkMillis() > 0 ? "\n"
        : " (closed loop: they differ only by the actor's own time between one transaction's last call and the next one's first)\n");
    b.append(typeTable(t.types()));
    b.append("\nErrors by class:");
    b.append(errorsByClass(t.errorsByClass()));
    if (t.ignored() > 0) {
      b.append("Ignored errors by class (each transaction rolled back and started again; not among the errors):");
      b.append(errorsByClass(t.ignoredByClass()));
    }
    return b.append("#####\n").toString();
  }

  /** Per transaction type: counts, then response, service and lag percentiles. */
  private static String typeTable(List<TypeTotals> types) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"type", "time", "count", "errors", "ignored", "retries", "mean", "p50", "p90", "p99", "p99.9", "max"});
    for (TypeTotals type : types) {
      typeRow(rows, type, "response", type.responseNanos(), true);
      typeRow(rows, type, "service", type.serviceNanos(), false);
      typeRow(rows, type, "lag", type.lagNanos(), false);
    }
    return table(rows);
  }

  private static void typeRow(List<String[]> rows, TypeTotals type, String time, Histogram nanos, boolean counts) {
    List<String> cells = new ArrayList<>(List.of(counts ? type.name() : "", time,
        counts ? Long.toString(type.count()) : "", counts ? Long.toString(type.errorCount()) : "",
        counts ? Long.toString(type.ignoredCount()) : "", counts ? Long.toString(type.retries()) : ""));
    Latency l = Latency.of(nanos);
    if (l == null) {
      cells.addAll(Collections.nCopies(Latency.COLUMNS, NO_VALUE));
    } else {
      Arrays.stream(l.inColumnOrder()).mapToObj(ReportText::decimal).forEach(cells::add);
    }
    rows.add(cells.toArray(String[]::new));
  }

  /**
   * The database's view: the difference of each server log counter over the run (the canonical
   * ones, then the product's own), the figures derived from them, and the client-side commit
   * latency beside the server's log sync time per commit. An absent figure shows {@code absent:}
   * and the reason; when no canonical counter could be read the block says {@code not available}.
   * See {@link ServerBlock}.
   */
  public static String serverBlock(RunResult r) {
    return ServerBlock.of(r);
  }

  private static String kindTable(RunTotals t) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"kind", "count", "errors", "mean", "p50", "p90", "p99", "p99.9", "max"});
    for (OperationKind kind : OperationKind.values()) {
      KindTotals k = t.kind(kind);
      List<String> cells = new ArrayList<>(List.of(kind.label(), Long.toString(k.count()), Long.toString(k.errorCount())));
      Latency l = Latency.of(k.latencyNanos());
      if (l == null) {
        cells.addAll(Collections.nCopies(Latency.COLUMNS, NO_VALUE));
      } else {
        Arrays.stream(l.inColumnOrder()).mapToObj(ReportText::decimal).forEach(cells::add);
      }
      rows.add(cells.toArray(String[]::new));
    }
    return table(rows);
  }

  private static String errorsByClass(Map<ErrorClass, Long> byClass) {
    List<String[]> rows = new ArrayList<>();
    for (ErrorClass c : ErrorClass.values()) {
      long n = byClass.getOrDefault(c, 0L);
      if (n > 0) {
        rows.add(new String[] {"  " + c.label(), Long.toString(n)});
      }
    }
    return rows.isEmpty() ? " none\n" : "\n" + table(rows);
  }

  /** Columns joined by two spaces; the first column left-aligned, the others right-aligned. */
  private static String table(List<String[]> rows) {
    int[] widths = new int[rows.get(0).length];
    rows.forEach(row -> {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    });
    StringBuilder b = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        line.append(i == 0 ? "" : "  ").append(pad(row[i], widths[i], i == 0));
      }
      b.append(line.toString().stripTrailing()).append('\n');
    }
    return b.toString();
  }

  /** The paper-style line {@code label: value} shared with {@link ServerBlock}. */
  static String labelledLine(String label, String value) {
    return labelled(label, value);
  }

  static String threeDecimals(double value) {
    return decimal(value);
  }

  private static void headerLine(StringBuilder b, String label, Object value) {
    b.append(" | ").append(pad(label, HEADER_LABEL_WIDTH, true)).append(": ").append(value).append('\n');
  }

  private static String labelled(String label, String value) {
    return pad(label, PAPER_LABEL_WIDTH, true) + ": " + value + "\n";
  }

  private static String pad(String s, int width, boolean left) {
    String spaces = " ".repeat(Math.max(0, width - s.length()));
    return left ? s + spaces : spaces + s;
  }

  private static String decimal(double value) {
    return String.format(Locale.ROOT, "%.3f", value);
  }

  /**
   * One kind's latency figures in milliseconds, shared with {@link SummaryJsonWriter} so the text
   * and the JSON always agree on what "p99" means.
   */
  record Latency(double mean, double p50, double p90, double p99, double p999, double max) {

    static final int COLUMNS = 6;

    double[] inColumnOrder() {
      return new double[] {mean, p50, p90, p99, p999, max};
    }

    /** The figures of a nanosecond histogram; null when it holds no value. */
    static Latency of(Histogram nanos) {
      if (nanos.getTotalCount() == 0) {
        return null;
      }
      double[] f = LatencyFigures.of(nanos, 50.0, 90.0, 99.0, 99.9);
      return new Latency(f[0] / NANOS_PER_MILLI, f[1] / NANOS_PER_MILLI, f[2] / NANOS_PER_MILLI,
          f[3] / NANOS_PER_MILLI, f[4] / NANOS_PER_MILLI, nanos.getMaxValue() / NANOS_PER_MILLI);
    }
  }
}
