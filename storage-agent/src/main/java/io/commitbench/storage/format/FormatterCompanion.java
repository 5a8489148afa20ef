package io.commitbench.storage.format;

import io.commitbench.core.companion.CompanionReport;
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
 * the next poll.
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

  public FormatterCompanion(LogFormatter formatter, Duration pollInterval) {
    this.formatter = formatter;
    this.pollInterval = pollInterval;
  }

  @Override
  public void start() throws Exception {
    formatter.prepare();
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
    lines.add("#####");
    figures.put("actions", actions);
    figures.put("observed", tally.observations());
    figures.put("notes", tally.notes());
    return new CompanionReport("log-formatter", lines, figures);
  }
}
