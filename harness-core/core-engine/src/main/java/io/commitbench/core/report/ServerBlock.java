package io.commitbench.core.report;

import io.commitbench.core.measure.KindTotals;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.server.ActivityFigure;
import io.commitbench.core.server.CounterWindow;
import io.commitbench.core.server.LogActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The report's "Database's view" block: the server's log counters over the measured window (or,
 * when the reading at the warm-up's end is missing, over the whole run, as it says) and what
 * follows from them, then the client-side commit latency beside the server's log sync time per
 * commit.
 *
 * <pre>
 * ##### Database's view (server counters) #####
 * Server counters are global: every session on the server adds to them, not only this run's.
 * Counters cover                     : the measured window (read as the warm-up ended, and after the run)
 * Counters read at                   : 2025-01-02T10:00:00.100Z and 2025-01-02T10:00:05.100Z
 * Counters reset                     : (only when they were) the server restarted during the run: ...
 *
 * Log counters:
 *   commits            2400 count
 *   log_sync_time_ms   absent: track_wal_io_timing is off ...
 * Derived figures:
 *   commits per log write (group commit)  2.000
 * Product counters:
 *   pg_stat_wal.wal_records  9000 count
 *
 * Commit latency, client side beside the server's view:
 * Client: commit mean                : 1.234 ms
 * Server: log sync time per commit   : absent: log_sync_time_ms is absent: ...
 * #####
 * </pre>
 *
 * <p>Whole numbers print without decimals, others with three; {@link Locale#ROOT}. Stateless.
 */
final class ServerBlock {

  static final String TITLE = "##### Database's view (server counters) #####";

  private static final double NANOS_PER_MILLI = 1_000_000.0;
  private static final Map<String, String> DERIVED_LABELS = Map.of(
      LogActivity.LOG_SYNC_MS_PER_COMMIT, "log sync time per commit",
      LogActivity.LOG_SYNC_MS_PER_SYNC, "log sync time per sync",
      LogActivity.LOG_BYTES_PER_COMMIT, "log bytes per commit",
      LogActivity.COMMITS_PER_LOG_WRITE, "commits per log write (group commit)",
      LogActivity.COMMITS_PER_LOG_SYNC, "commits per log sync");

  private ServerBlock() {}

  static String of(RunResult r) {
    LogActivity a = r.logActivity();
    StringBuilder b = new StringBuilder(TITLE).append('\n');
    b.append("Server counters are global: every session on the server adds to them, not only this run's.\n");
    if (a.before() != null && a.after() != null) {
      b.append(ReportText.labelledLine("Counters cover", window(a, r.hadWarmup())));
      b.append(ReportText.labelledLine("Counters read at", a.before() + " and " + a.after()));
    }
    if (a.wasReset()) {
      b.append(ReportText.labelledLine("Counters reset", a.reset()));
    }
    b.append('\n');
    if (a.available()) {
      b.append("Log counters:\n").append(figures(canonical(a), false));
      b.append("Derived figures:\n").append(figures(derivedWithLabels(a), true));
    } else if (a.wasReset()) {
      b.append("Log counters: unusable, they started again from zero during the run:\n").append(figures(canonical(a), false));
    } else if (!a.note().isEmpty()) {
      b.append("Log counters: not available: ").append(a.note()).append('\n');
    } else {
      b.append("Log counters: not available on this database:\n").append(figures(canonical(a), false));
    }
    List<ActivityFigure> product = a.productCounters();
    if (!product.isEmpty()) {
      b.append("Product counters:\n").append(figures(product, false));
    }
    b.append('\n').append(latency(r));
    return b.append("#####\n").toString();
  }

  private static String window(LogActivity a, boolean warmup) {
    if (a.window() != CounterWindow.MEASURED) {
      return a.window().description() + (a.windowNote().isEmpty() ? "" : ": " + a.windowNote());
    }
    return a.window().description() + (warmup ? " (read as the warm-up ended, and after the run)"
        : " (read before the first cycle, and after the last)");
  }

  private static List<ActivityFigure> canonical(LogActivity a) {
    return a.counters().stream().filter(f -> LogActivity.CANONICAL.contains(f.name())).toList();
  }

  private static List<ActivityFigure> derivedWithLabels(LogActivity a) {
    return a.derived().stream()
        .map(f -> new ActivityFigure(DERIVED_LABELS.getOrDefault(f.name(), f.name()), f.value(), f.unit(),
            f.absentReason()))
        .toList();
  }

  /**
   * One line per figure: the name padded to the longest, then the value right-aligned and its unit,
   * or {@code absent:} and the reason.
   */
  private static String figures(List<ActivityFigure> figures, boolean derived) {
    int nameWidth = figures.stream().mapToInt(f -> f.name().length()).max().orElse(0);
    int valueWidth = figures.stream().filter(ActivityFigure::present)
        .mapToInt(f -> number(f.value(), derived).length()).max().orElse(0);
    StringBuilder b = new StringBuilder();
    for (ActivityFigure f : figures) {
      b.append("  ").append(f.name()).append(" ".repeat(nameWidth - f.name().length())).append("  ");
      if (f.present()) {
        String value = number(f.value(), derived);
        String unit = "ratio".equals(f.unit()) ? "" : " " + f.unit();
        b.append(" ".repeat(valueWidth - value.length())).append(value).append(unit);
      } else {
        b.append("absent: ").append(f.absentReason());
      }
      b.append('\n');
    }
    return b.toString();
  }

  /**
   * The client-side figure a commit costs beside the server's. Without autocommit the client
   * times each COMMIT on its own; with autocommit every DML statement includes its commit, so the
   * DML means stand in for it.
   */
  private static String latency(RunResult r) {
    StringBuilder b = new StringBuilder("Commit latency, client side beside the server's view:\n");
    if (r.autocommit()) {
      b.append("(autocommit=true: every insert, update and delete includes its commit; no COMMIT is timed alone)\n");
      // Only the kinds the workload ran: the index test, say, never updates or deletes, and a
      // line saying none of its updates succeeded would read as a failure.
      List<KindTotals> ran = List.of(OperationKind.INSERT, OperationKind.UPDATE, OperationKind.DELETE).stream()
          .map(r.totals()::kind).filter(k -> k.count() + k.errorCount() > 0).toList();
      for (KindTotals kind : ran) {
        b.append(ReportText.labelledLine("Client: " + kind.kind().label() + " mean", millis(kind, false)));
      }
      if (ran.isEmpty()) {
        b.append(ReportText.labelledLine("Client: writes", "none ran (no insert, update or delete)"));
      }
    } else {
      b.append("(autocommit=false: the client times each COMMIT round trip)\n");
      KindTotals commit = r.totals().kind(OperationKind.COMMIT);
      b.append(ReportText.labelledLine("Client: commit mean", millis(commit, false)));
      b.append(ReportText.labelledLine("Client: commit p50", millis(commit, true)));
    }
    for (String name : List.of(LogActivity.LOG_SYNC_MS_PER_COMMIT, LogActivity.LOG_SYNC_MS_PER_SYNC)) {
      ActivityFigure f = r.logActivity().derived(name).orElseThrow();
      b.append(ReportText.labelledLine("Server: " + DERIVED_LABELS.get(name),
          f.present() ? ReportText.threeDecimals(f.value()) + " ms" : "absent: " + f.absentReason()));
    }
    return b.toString();
  }

  private static String millis(KindTotals k, boolean median) {
    if (k.count() == 0) {
      return "- (none succeeded)";
    }
    double nanos = median ? k.latencyNanos().getValueAtPercentile(50.0) : k.latencyNanos().getMean();
    return ReportText.threeDecimals(nanos / NANOS_PER_MILLI) + " ms";
  }

  /** Counters: whole numbers without decimals; derived figures: always three decimals. */
  private static String number(double value, boolean derived) {
    if (!derived && value == Math.rint(value) && Math.abs(value) < 1e15) {
      return Long.toString((long) value);
    }
    return String.format(Locale.ROOT, "%.3f", value);
  }
}
