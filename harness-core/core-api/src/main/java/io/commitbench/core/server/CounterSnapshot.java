package io.commitbench.core.server;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The server's log-write counters at one moment, taken at the start and at the end of a run.
 *
 * @param takenAt when the counters were read
 * @param counters every counter the dialect knows of, present or absent, in a stable order
 * @param note why the whole snapshot is empty (the product offers no such counters), or empty
 * @param resets since when the counters have counted ({@link ResetMark}), as far as the product says
 */
public record CounterSnapshot(Instant takenAt, List<CounterValue> counters, String note, List<ResetMark> resets) {

  public CounterSnapshot {
    counters = List.copyOf(counters);
    resets = resets == null ? List.of() : List.copyOf(resets);
  }

  /** A snapshot without reset marks. */
  public CounterSnapshot(Instant takenAt, List<CounterValue> counters, String note) {
    this(takenAt, counters, note, List.of());
  }

  /** A snapshot of a product that exposes no log-write counters. */
  public static CounterSnapshot unavailable(String why) {
    return new CounterSnapshot(Instant.now(), List.of(), why);
  }

  /** A snapshot that could not be read (the query failed, no rights, connection lost), and why. */
  public static CounterSnapshot failed(String why) {
    return new CounterSnapshot(Instant.now(), List.of(), why);
  }

  public Optional<CounterValue> counter(String name) {
    return counters.stream().filter(c -> c.name().equals(name)).findFirst();
  }
}
