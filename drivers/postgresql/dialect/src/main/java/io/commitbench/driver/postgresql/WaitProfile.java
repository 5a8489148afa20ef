package io.commitbench.driver.postgresql;

import io.commitbench.core.server.Row;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * pg_wait_sampling's profile at one moment: samples per backend and wait event, as counted since
 * the profile was last reset. The collector keeps a backend's counts after it exits, and a new
 * backend that gets the same pid adds to them, so a window is the difference of two readings.
 */
final class WaitProfile {

  /** One backend's one event. */
  record Entry(int pid, String event) {}

  private final Map<Entry, Long> counts;

  private WaitProfile(Map<Entry, Long> counts) {
    this.counts = counts;
  }

  /** From rows of pid, event_type, event, count. */
  static WaitProfile of(List<Row> rows) {
    Map<Entry, Long> counts = new HashMap<>();
    for (Row row : rows) {
      Entry entry = new Entry(row.number("pid").intValue(),
          PostgresqlWaitEvents.key(row.text("event_type"), row.text("event")));
      counts.merge(entry, Math.round(row.number("count")), Long::sum);
    }
    return new WaitProfile(counts);
  }

  /** How many entries it has. */
  int size() {
    return counts.size();
  }

  /**
   * The samples per event that {@code pids} gained from {@code before} to this reading.
   *
   * @throws ProfileResetException when an entry went down: someone reset the profile within the window
   */
  Map<String, Long> since(WaitProfile before, Collection<Integer> pids) {
    Set<Integer> wanted = Set.copyOf(pids);
    Map<String, Long> gained = new TreeMap<>();
    for (Map.Entry<Entry, Long> e : counts.entrySet()) {
      if (!wanted.contains(e.getKey().pid())) {
        continue;
      }
      long delta = e.getValue() - before.counts.getOrDefault(e.getKey(), 0L);
      if (delta < 0) {
        throw new ProfileResetException();
      }
      gained.merge(e.getKey().event(), delta, Long::sum);
    }
    for (Map.Entry<Entry, Long> e : before.counts.entrySet()) {
      if (wanted.contains(e.getKey().pid()) && !counts.containsKey(e.getKey())) {
        throw new ProfileResetException();
      }
    }
    return gained;
  }

  /** The profile lost counts within the window. */
  static final class ProfileResetException extends RuntimeException {
    ProfileResetException() {
      super("pg_wait_sampling's profile was reset within the window (pg_wait_sampling_reset_profile()),"
          + " so its counts do not cover the window");
    }
  }
}
