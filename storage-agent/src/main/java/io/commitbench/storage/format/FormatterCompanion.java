package io.commitbench.storage.format;

import io.commitbench.core.companion.CompanionReport;
import io.commitbench.core.server.ConnectionSource;
import io.commitbench.core.companion.RunCompanion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a {@link LogFormatter} beside a benchmark: prepares it before the actors start, polls it on
 * a thread of its own while they run, finishes it after, and reports its actions and durations.
 * A failing poll is counted and noted but does not stop the run; the formatter is asked again at
 * the next poll. With the kind's {@link LogExposure}, every arm (baseline too) also reports what it
 * had to act on: the log written against one log file's size, files created and recycled,
 * checkpoints, and a warning when that was nothing (see {@link ExposureReport}).
 */
public final class FormatterCompanion implements RunCompanion {

  private static final int MAX_NOTED_FAILURES = 5;

  private final LogFormatter formatter;
  private final Duration pollInterval;
  private final AtomicReference<Thread> thread = new AtomicReference<>();
  private volatile boolean stopping;
  private long polls;
  private long failedPolls;
  private final List<String> failures = new ArrayList<>();
  private final ExposureMeter exposure;
  private final String exposureAbsent;

  /** Without a log exposure (the report says it is not available, with no reason); for tests. */
  public FormatterCompanion(LogFormatter formatter, Duration pollInterval) {
    this(formatter, pollInterval, null, null, "no log exposure given");
  }

  /**
   * @param exposure the kind's log exposure, or null when it has none
   * @param connections admin connections for the exposure's samples
   * @param exposureAbsent why {@code exposure} is null
   */
  public FormatterCompanion(LogFormatter formatter, Duration pollInterval, LogExposure exposure,
      ConnectionSource connections, String exposureAbsent) {
    this.formatter = formatter;
    this.pollInterval = pollInterval;
    this.exposure = exposure == null ? null : new ExposureMeter(exposure, connections);
    this.exposureAbsent = exposureAbsent;
  }

  @Override
  public void start() throws Exception {
    formatter.prepare();
    // After prepare: its knobs and fstrim are not the run's; the measured run starts next.
    if (exposure != null) {
      exposure.begin();
    }
    Thread poller = new Thread(this::pollUntilStopped, "log-formatter");
    poller.setDaemon(true);
    thread.set(poller);
    poller.start();
  }

  private void pollUntilStopped() {
    while (!stopping) {
      try {
        formatter.poll();
      } catch (Exception e) {
        synchronized (this) {
          failedPolls++;
          if (failures.size() < MAX_NOTED_FAILURES) {
            failures.add(e.getMessage() == null ? e.toString() : e.getMessage());
          }
        }
      }
      synchronized (this) {
        polls++;
      }
      if (exposure != null) {
        exposure.look();
      }
      try {
        Thread.sleep(pollInterval.toMillis());
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  @Override
  public void stop() throws Exception {
    stopping = true;
    Thread poller = thread.get();
    if (poller != null) {
      poller.interrupt();
      poller.join(Duration.ofSeconds(60).toMillis());
    }
    // Before finish: what it restores after the run is not the run's.
    if (exposure != null) {
      exposure.end();
    }
    formatter.finish();
  }

  @Override
  public synchronized CompanionReport report() {
    FormatterTally tally = formatter.tally();
    List<String> lines = new ArrayList<>();
    lines.add("##### Log formatter: arm " + tally.arm() + " #####");
    lines.add(String.format(Locale.ROOT, "polls                              : %d (every %d ms), %d failed", polls,
        pollInterval.toMillis(), failedPolls));
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("arm", tally.arm());
    figures.put("polls", polls);
    figures.put("failedPolls", failedPolls);
    Map<String, Object> actions = new LinkedHashMap<>();
    for (FormatterTally.ActionTotal a : tally.totals()) {
      lines.add(String.format(Locale.ROOT, "%-35s: %d, total %.3f ms, longest %.3f ms", a.action(), a.count(),
          a.total().toNanos() / 1e6, a.longest().toNanos() / 1e6));
      Map<String, Object> action = new LinkedHashMap<>();
      action.put("count", a.count());
      action.put("totalMillis", a.total().toNanos() / 1e6);
      action.put("longestMillis", a.longest().toNanos() / 1e6);
      actions.put(a.action(), action);
    }
    if (tally.totals().isEmpty()) {
      lines.add("actions                            : none");
    }
    for (Map.Entry<String, Long> o : tally.observations().entrySet()) {
      lines.add(String.format(Locale.ROOT, "%-35s: %d", "observed: " + o.getKey(), o.getValue()));
    }
    tally.notes().forEach(n -> lines.add("note: " + n));
    failures.forEach(f -> lines.add("poll failed: " + f));
    ExposureReport measured = exposure == null ? null : exposure.report(tally.arm());
    List<String> warnings = measured == null ? List.of() : measured.warnings();
    String absent = exposure == null ? exposureAbsent : exposure.failure();
    if (measured != null) {
      lines.addAll(measured.lines());
    } else {
      lines.add(String.format(Locale.ROOT, "%-35s: not available: %s", "log exposure",
          absent.isEmpty() ? "the run did not start" : absent));
    }
    lines.add("#####");
    figures.put("actions", actions);
    figures.put("observed", tally.observations());
    figures.put("notes", tally.notes());
    if (measured != null) {
      figures.put("exposure", measured.figures());
    } else {
      figures.put("exposure", Map.of("absent", absent));
    }
    figures.put("warnings", warnings);
    return new CompanionReport("log-formatter", lines, figures, warnings);
  }
}
