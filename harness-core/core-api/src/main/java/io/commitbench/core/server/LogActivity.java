package io.commitbench.core.server;

import static io.commitbench.core.server.LogCounterNames.COMMITS;
import static io.commitbench.core.server.LogCounterNames.LOG_BYTES;
import static io.commitbench.core.server.LogCounterNames.LOG_SYNCS;
import static io.commitbench.core.server.LogCounterNames.LOG_SYNC_TIME_MS;
import static io.commitbench.core.server.LogCounterNames.LOG_WRITES;
import static io.commitbench.core.server.LogCounterNames.LOG_WRITE_TIME_MS;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What the server's own counters say the run cost: each counter's difference between two
 * snapshots, the first taken as the measurement began (or before the warm-up, see {@link
 * #window}) and the second after the last cycle, and figures derived from those differences. Generic: it knows only the canonical names of {@link
 * LogCounterNames}; product-specific counters are differenced the same way and passed on.
 *
 * <p>Rules. A counter present in both snapshots gets its difference; one absent in either (or
 * missing from one) is absent, with the reason. A difference below zero means the counter was
 * reset or the server restarted between the snapshots: absent, never a negative figure. So is
 * every counter of a server that restarted between them (its start mark moved, see {@link
 * ResetMark}), every counter of a view whose reset mark moved, and, when the server's start could
 * not be compared, every counter once one went down ({@link CounterResets}). A
 * derived figure is absent when one of its inputs is absent or its divisor's difference is 0.
 * The six canonical counters always come first, in the order of {@link #CANONICAL}, even when a
 * dialect did not report them; product counters follow in the order the end snapshot lists them.
 *
 * <pre>
 * LogActivity activity = LogActivity.between(before, after);
 * activity.derived(LogActivity.LOG_SYNC_MS_PER_COMMIT).filter(ActivityFigure::present).ifPresent(...);
 * </pre>
 *
 * <p>Server counters are global: every session on the server adds to them, not only the run's.
 *
 * @param before when the first snapshot was read; null when none was
 * @param after when the second snapshot was read; null when none was
 * @param note why there are no counters at all (not read, or the product has none); empty otherwise
 * @param counters differences: the canonical counters, then the product's own
 * @param derived the figures of {@link #DERIVED}, in that order
 * @param window which part of the run the differences cover
 * @param windowNote why they cover more than the measured window, or empty
 * @param reset why counters started again from zero between the snapshots (a restart, a reset), or
 *     empty when none did; those counters are absent with the reason
 */
public record LogActivity(Instant before, Instant after, String note, List<ActivityFigure> counters,
    List<ActivityFigure> derived, CounterWindow window, String windowNote, String reset) {

  /** The canonical counters, in report order. */
  public static final List<String> CANONICAL =
      List.of(COMMITS, LOG_BYTES, LOG_WRITES, LOG_SYNCS, LOG_WRITE_TIME_MS, LOG_SYNC_TIME_MS);

  /** Δlog_sync_time_ms / Δcommits: how long the log syncs took, spread over the commits. */
  public static final String LOG_SYNC_MS_PER_COMMIT = "log_sync_ms_per_commit";
  /** Δlog_sync_time_ms / Δlog_syncs: the average log sync. */
  public static final String LOG_SYNC_MS_PER_SYNC = "log_sync_ms_per_sync";
  /** Δlog_bytes / Δcommits: log bytes per transaction. */
  public static final String LOG_BYTES_PER_COMMIT = "log_bytes_per_commit";
  /** Δcommits / Δlog_writes: the group commit factor (above 1: several commits shared one write). */
  public static final String COMMITS_PER_LOG_WRITE = "commits_per_log_write";
  /** Δcommits / Δlog_syncs: commits made durable by one log sync. */
  public static final String COMMITS_PER_LOG_SYNC = "commits_per_log_sync";

  /** The derived figures, in report order. */
  public static final List<String> DERIVED = List.of(LOG_SYNC_MS_PER_COMMIT, LOG_SYNC_MS_PER_SYNC,
      LOG_BYTES_PER_COMMIT, COMMITS_PER_LOG_WRITE, COMMITS_PER_LOG_SYNC);

  public LogActivity {
    note = note == null ? "" : note;
    windowNote = windowNote == null ? "" : windowNote;
    window = window == null ? CounterWindow.MEASURED : window;
    reset = reset == null ? "" : reset;
    counters = List.copyOf(counters);
    derived = List.copyOf(derived);
  }

  /**
   * The activity between two snapshots of the same server, taken when the measured window began
   * and ended.
   */
  public static LogActivity between(CounterSnapshot before, CounterSnapshot after) {
    String note = note(before.note(), after.note());
    Map<String, CounterValue> start = byName(before);
    Map<String, CounterValue> end = byName(after);
    Set<String> names = new LinkedHashSet<>(CANONICAL);
    after.counters().forEach(c -> names.add(c.name()));
    before.counters().forEach(c -> names.add(c.name()));
    List<ActivityFigure> differences = new ArrayList<>();
    for (String name : names) {
      differences.add(difference(name, start.get(name), end.get(name), note));
    }
    Map<String, String> down = wentDown(names, start, end);
    CounterResets resets = CounterResets.between(before, after, down);
    // A counter absent for its own reason (not timed, not readable) keeps that reason.
    List<ActivityFigure> counters = differences.stream()
        .map(f -> !f.present() && !down.containsKey(f.name()) ? f
            : resets.reason(f.name()).map(why -> ActivityFigure.absent(f.name(), f.unit(), why)).orElse(f))
        .toList();
    return new LogActivity(before.takenAt(), after.takenAt(), note, counters, derive(counters),
        CounterWindow.MEASURED, "", resets.summary());
  }

  /** No snapshot (or only one) was read, for {@code reason}: every canonical counter absent with it. */
  public static LogActivity notRead(String reason) {
    List<ActivityFigure> counters = CANONICAL.stream()
        .map(name -> ActivityFigure.absent(name, unitOf(name), reason)).toList();
    return new LogActivity(null, null, reason, counters, derive(counters), CounterWindow.MEASURED, "", "");
  }

  /** The same differences, said to cover {@code window}, for the reason {@code why} (empty when it is the measured one). */
  public LogActivity covering(CounterWindow window, String why) {
    return new LogActivity(before, after, note, counters, derived, window, why, reset);
  }

  public Optional<ActivityFigure> counter(String name) {
    return counters.stream().filter(f -> f.name().equals(name)).findFirst();
  }

  public Optional<ActivityFigure> derived(String name) {
    return derived.stream().filter(f -> f.name().equals(name)).findFirst();
  }

  /** The counters not in {@link #CANONICAL}: the product's own. */
  public List<ActivityFigure> productCounters() {
    return counters.stream().filter(f -> !CANONICAL.contains(f.name())).toList();
  }

  /** Whether counters started again from zero during the run (see {@link #reset}). */
  public boolean wasReset() {
    return !reset.isEmpty();
  }

  /** Whether at least one canonical counter has a difference; false: the database's view is not available. */
  public boolean available() {
    return counters.stream().anyMatch(f -> CANONICAL.contains(f.name()) && f.present());
  }

  private static ActivityFigure difference(String name, CounterValue start, CounterValue end, String note) {
    String unit = end != null ? end.unit() : start != null ? start.unit() : unitOf(name);
    if (start == null || end == null) {
      String missing = start == null && end == null ? "not reported by the database's dialect"
          : start == null ? "not read at the start" : "not read at the end";
      return ActivityFigure.absent(name, unit, note.isEmpty() ? missing : note);
    }
    if (!start.present() || !end.present()) {
      return ActivityFigure.absent(name, unit, reason(start, end));
    }
    double delta = end.value() - start.value();
    if (delta < 0) {
      return ActivityFigure.absent(name, unit, wentDownText(start, end));
    }
    return ActivityFigure.of(name, delta, unit);
  }

  /** The counters read in both snapshots whose end reading is below the start one, with that said. */
  private static Map<String, String> wentDown(Set<String> names, Map<String, CounterValue> start,
      Map<String, CounterValue> end) {
    Map<String, String> down = new java.util.LinkedHashMap<>();
    for (String name : names) {
      CounterValue s = start.get(name);
      CounterValue e = end.get(name);
      if (s != null && e != null && s.present() && e.present() && e.value() < s.value()) {
        down.put(name, wentDownText(s, e));
      }
    }
    return down;
  }

  private static String wentDownText(CounterValue start, CounterValue end) {
    return String.format(java.util.Locale.ROOT,
        "went down from %s to %s: the counter was reset or the server restarted during the run",
        plain(start.value()), plain(end.value()));
  }

  private static String reason(CounterValue start, CounterValue end) {
    if (!start.present() && !end.present()) {
      return start.absentReason().equals(end.absentReason()) ? start.absentReason()
          : "at the start: " + start.absentReason() + "; at the end: " + end.absentReason();
    }
    return !start.present() ? "at the start: " + start.absentReason() : "at the end: " + end.absentReason();
  }

  private static List<ActivityFigure> derive(List<ActivityFigure> counters) {
    Map<String, ActivityFigure> byName = counters.stream()
        .collect(Collectors.toMap(ActivityFigure::name, Function.identity(), (a, b) -> a));
    return List.of(
        ratio(LOG_SYNC_MS_PER_COMMIT, "ms", byName, LOG_SYNC_TIME_MS, COMMITS),
        ratio(LOG_SYNC_MS_PER_SYNC, "ms", byName, LOG_SYNC_TIME_MS, LOG_SYNCS),
        ratio(LOG_BYTES_PER_COMMIT, "bytes", byName, LOG_BYTES, COMMITS),
        ratio(COMMITS_PER_LOG_WRITE, "ratio", byName, COMMITS, LOG_WRITES),
        ratio(COMMITS_PER_LOG_SYNC, "ratio", byName, COMMITS, LOG_SYNCS));
  }

  private static ActivityFigure ratio(String name, String unit, Map<String, ActivityFigure> counters,
      String numerator, String divisor) {
    ActivityFigure top = counters.get(numerator);
    ActivityFigure bottom = counters.get(divisor);
    if (!top.present()) {
      return ActivityFigure.absent(name, unit, numerator + " is absent: " + top.absentReason());
    }
    if (!bottom.present()) {
      return ActivityFigure.absent(name, unit, divisor + " is absent: " + bottom.absentReason());
    }
    if (bottom.value() == 0) {
      return ActivityFigure.absent(name, unit, "the server counted no " + divisor + " during the run");
    }
    return ActivityFigure.of(name, top.value() / bottom.value(), unit);
  }

  private static Map<String, CounterValue> byName(CounterSnapshot snapshot) {
    return snapshot.counters().stream()
        .collect(Collectors.toMap(CounterValue::name, Function.identity(), (a, b) -> b));
  }

  private static String note(String before, String after) {
    if (before.isEmpty() && after.isEmpty()) {
      return "";
    }
    if (before.equals(after) || after.isEmpty()) {
      return before;
    }
    return before.isEmpty() ? after : "at the start: " + before + "; at the end: " + after;
  }

  /** The unit of a canonical counter. */
  static String unitOf(String canonical) {
    return switch (canonical) {
      case LOG_BYTES -> "bytes";
      case LOG_WRITE_TIME_MS, LOG_SYNC_TIME_MS -> "ms";
      default -> "count";
    };
  }

  private static String plain(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e15 ? Long.toString((long) value)
        : String.format(java.util.Locale.ROOT, "%.3f", value);
  }
}
