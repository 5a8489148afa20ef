package io.commitbench.driver.postgresql;

import io.commitbench.core.server.Row;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The counts of a pg_stat_activity sampler: per sample, one count per run's session for the
 * event it waits for ({@code CPU} when it waits for none), so the events' counts add up to the
 * sessions' samples; and the time the sampling queries took.
 */
final class ActivityTally {

  private final Map<String, Long> events = new TreeMap<>();
  private long samples;
  private long sessionSamples;
  private long queryNanos;

  /** One sample: the run's sessions' rows of pid, wait_event_type, wait_event, and how long the query took. */
  void add(List<Row> sessions, long nanos) {
    samples++;
    queryNanos += nanos;
    for (Row row : sessions) {
      sessionSamples++;
      events.merge(PostgresqlWaitEvents.key(row.text("wait_event_type"), row.text("wait_event")), 1L, Long::sum);
    }
  }

  /** Samples taken. */
  long samples() {
    return samples;
  }

  /** Sessions seen over all samples: the sum of {@link #events}. */
  long sessionSamples() {
    return sessionSamples;
  }

  /** Counts per event, {@code IO:WALSync} or {@code CPU}. */
  Map<String, Long> events() {
    return Map.copyOf(events);
  }

  /** The sampling query's mean time, in ms; 0 before any sample. */
  double meanQueryMillis() {
    return samples == 0 ? 0 : queryNanos / 1e6 / samples;
  }
}
