package io.commitbench.core.report.html;

import io.commitbench.core.environment.EnvironmentText;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.results.Incompleteness;
import io.commitbench.core.results.Latency;
import io.commitbench.core.results.RunSummary;
import io.commitbench.core.results.TypeFigures;
import io.commitbench.core.server.Fact;
import io.commitbench.core.workload.WorkloadRegistry;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The first screen of a run's report, before any chart: what ran (the workload, its users and
 * every setting of its load that is not the default), against what (the database's product and
 * version, where its log is and on which device), for how long, how fast, whether it met its
 * target rate, how it ended (outcome, errors, the report's warnings), then how slow: p50 and p99
 * of each transaction type. From {@code summary.json}, {@code environment.json} and the last
 * lines of {@code report.txt}; what a file lacks is said, not guessed.
 */
final class RunGlance {

  /**
   * The run's own verdict ({@code rate.missed} in summary.json, with its {@code rate.tolerance})
   * decides whether a target rate was met. For a summary without one, it counts as met when no
   * arrival was shed and the achieved rate is at least this share of it: the spread of a Poisson schedule over a short run (±3 % over 5 s at 200/s) is
   * not a miss, a device that keeps up with two thirds of the target is.
   */
  static final double RATE_MET = 0.95;

  private static final DateTimeFormatter STARTED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  private RunGlance() {}

  /**
   * @param environment the run's environment facts, or null when {@code environment.json} could not be read
   * @param closing the lines after the report's last block (warnings among them), empty without a report
   */
  static void write(HtmlPage page, RunSummary s, List<Fact> environment, List<String> closing) {
    Incompleteness.of(s).ifPresent(text -> page.table(List.of("read first"),
        List.of(List.of("\u0001warning: this run did not complete: " + text))));
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Workload", whatRan(s)});
    against(rows, s, environment);
    rows.add(new String[] {"Measured", measured(s)});
    rows.add(new String[] {"Throughput", throughput(s)});
    if (s.rated()) {
      rows.add(new String[] {"Target rate", rate(s)});
    }
    rows.add(new String[] {"Outcome", outcome(s, closing)});
    if (s.serverReset() != null) {
      rows.add(new String[] {"Server counters", "\u0001unusable: " + s.serverReset()});
    }
    for (String line : closing) {
      if (line.startsWith("warning:") || line.startsWith("error:")) {
        rows.add(new String[] {"Warning", "\u0001" + line.substring(line.indexOf(':') + 1).strip()});
      }
    }
    page.facts(rows);
    latency(page, s);
  }

  /** {@code paper with 4 users: sleep=50, duration=5, ...}: every load setting that is not its default. */
  static String whatRan(RunSummary s) {
    Map<String, Key> keys = new LinkedHashMap<>();
    for (Key key : ParameterKeys.all(List.of(), List.of())) {
      if (ParameterKeys.LOAD_KEYS.contains(key.name())) {
        keys.put(key.name(), key);
      }
    }
    if (s.workload() != null) {
      WorkloadRegistry.load().byName(s.workload()).ifPresent(w -> w.keys().forEach(k -> keys.put(k.name(), k)));
    }
    keys.remove(ParameterKeys.WORKLOAD);
    keys.remove(ParameterKeys.USERS);
    List<String> set = new ArrayList<>();
    keys.forEach((name, key) -> {
      String value = s.config().get(name);
      if (value != null && !value.isEmpty() && !value.equals(key.defaultValue().orElse(""))) {
        set.add(name + "=" + value);
      }
    });
    String users = s.config().getOrDefault(ParameterKeys.USERS, "?");
    return (s.workload() == null ? "(workload not recorded)" : s.workload()) + " with " + users
        + (users.equals("1") ? " user" : " users") + (set.isEmpty() ? "" : ": " + String.join(", ", set));
  }

  /** The database, and each log location on its device, from the environment's header lines. */
  private static void against(List<String[]> rows, RunSummary s, List<Fact> environment) {
    String kind = s.config().getOrDefault(ParameterKeys.DB_TYPE, "?");
    if (environment == null) {
      rows.add(new String[] {"Database", kind + " (no environment.json: product, version and log device unknown)"});
      return;
    }
    List<String[]> lines = HeaderLines.parse(EnvironmentText.headerLines(environment));
    rows.add(new String[] {"Database", HeaderLines.value(lines, EnvironmentText.PRODUCT)});
    String location = null;
    for (String[] line : lines) {
      if (line[0].equals(EnvironmentText.LOG_LOCATION)) {
        location = line[1];
      } else if (line[0].equals(EnvironmentText.LOG_DEVICE) && location != null) {
        rows.add(new String[] {"Log", location + " on " + line[1]});
        location = null;
      }
    }
    if (location != null) {
      rows.add(new String[] {"Log", location});
    }
  }

  private static String measured(RunSummary s) {
    String warmup = s.config().getOrDefault(ParameterKeys.WARMUP, "0");
    return String.format(Locale.ROOT, "%.3f s%s; started %s", s.measuredSeconds(),
        warmup.isEmpty() || warmup.equals("0") ? ", no warm-up"
            : ", after " + warmup + " s of warm-up (left out of every figure)", started(s.startedAt()));
  }

  private static String started(String startedAt) {
    if (startedAt == null) {
      return "(not recorded)";
    }
    try {
      return STARTED.format(Instant.parse(startedAt));
    } catch (DateTimeParseException e) {
      return startedAt;
    }
  }

  /** Transactions and statements per second; none when nothing was measured, partial when the run did not complete. */
  static String throughput(RunSummary s) {
    if (Double.isNaN(s.transactionsPerSecond())) {
      return "\u0001none: nothing was measured";
    }
    String figures = String.format(Locale.ROOT, "%.3f transactions/s, %.3f statements/s", s.transactionsPerSecond(),
        s.operationsPerSecond());
    return Incompleteness.completed(s) ? figures
        : "\u0001" + figures + " (partial: over the " + String.format(Locale.ROOT, "%.3f", s.measuredSeconds())
            + " s measured before the run ended)";
  }

  /** Target, achieved, share and shed arrivals; marked as missed or met. */
  static String rate(RunSummary s) {
    double target;
    try {
      target = Double.parseDouble(s.config().get(ParameterKeys.RATE));
    } catch (NumberFormatException e) {
      return "\u0001" + s.config().get(ParameterKeys.RATE) + " (not a number)";
    }
    double share = s.transactionsPerSecond() / target;
    boolean met = s.rateMissed() != null ? !s.rateMissed() : s.shedArrivals() == 0 && share >= RATE_MET;
    return (met ? "\u0002met: " : "\u0001missed: ") + String.format(Locale.ROOT,
        "target %s tx/s, achieved %.3f tx/s (%.1f %%), %d arrivals shed", RunReportHtml.number(target),
        s.transactionsPerSecond(), 100 * share, s.shedArrivals());
  }

  private static String outcome(RunSummary s, List<String> closing) {
    boolean warned = closing.stream().anyMatch(l -> l.startsWith("warning:") || l.startsWith("error:"));
    boolean clean = "completed".equals(s.outcome()) && s.errors() == 0 && !warned;
    String failure = s.failure() == null || s.failure().isEmpty() ? "" : " (" + s.failure() + ")";
    String ignored = s.ignored() == 0 ? "" : String.format(Locale.ROOT, ", %d ignored and restarted", s.ignored());
    return (clean ? "\u0002" : "\u0001") + s.outcome() + failure + String.format(Locale.ROOT,
        "; %d errors%s, %d retries in the measured time", s.errors(), ignored, s.retries());
  }

  /** p50 and p99 per transaction type: response time (and service time when a rate was set). */
  private static void latency(HtmlPage page, RunSummary s) {
    if (s.types().isEmpty()) {
      page.note("No transaction types in summary.json: the run measured none.");
      return;
    }
    List<String> header = new ArrayList<>(List.of("transaction type", "count", "errors",
        s.rated() ? "response p50 (ms)" : "p50 (ms)", s.rated() ? "response p99 (ms)" : "p99 (ms)"));
    if (s.rated()) {
      header.addAll(List.of("service p50 (ms)", "service p99 (ms)"));
    }
    List<List<String>> rows = new ArrayList<>();
    for (TypeFigures t : s.types()) {
      List<String> row = new ArrayList<>(List.of(t.name(), Long.toString(t.count()), Long.toString(t.errors()),
          millis(t.response(), true), millis(t.response(), false)));
      if (s.rated()) {
        row.addAll(List.of(millis(t.service(), true), millis(t.service(), false)));
      }
      rows.add(row);
    }
    page.table(header, rows);
    page.note(s.rated() ? "Response time counts from each transaction's intended start (the schedule of the target"
        + " rate), service time from its actual start." : "Latency of the measured time; the warm-up is left out.");
  }

  private static String millis(Latency l, boolean p50) {
    if (l == null) {
      return "-";
    }
    return String.format(Locale.ROOT, "%.3f", p50 ? l.p50() : l.p99());
  }
}
