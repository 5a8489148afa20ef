package io.commitbench.core.server;

import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Collects the counters of one snapshot while a dialect parses its query results: a value that
 * is null becomes absent with the reason given for that case, and a counter added twice keeps
 * the later value (a dialect may first mark a group absent, then fill in what it could read).
 *
 * <pre>
 * CounterSet set = new CounterSet();
 * set.value(LogCounterNames.LOG_BYTES, row.number("wal_bytes"), "bytes", "pg_stat_wal.wal_bytes is NULL");
 * CounterSnapshot snapshot = set.snapshot(readAt);
 * </pre>
 *
 * <p>Not thread-safe; one per read.
 */
public final class CounterSet {

  private final Map<String, CounterValue> counters = new LinkedHashMap<>();
  private final List<ResetMark> resets = new ArrayList<>();

  /** Present with {@code value}, or absent with {@code reasonIfNull} when the value is null. */
  public CounterSet value(String name, Double value, String unit, String reasonIfNull) {
    return add(value == null ? CounterValue.absent(name, unit, reasonIfNull) : CounterValue.of(name, value, unit));
  }

  public CounterSet absent(String name, String unit, String reason) {
    return add(CounterValue.absent(name, unit, reason));
  }

  public CounterSet add(CounterValue counter) {
    counters.put(counter.name(), counter);
    return this;
  }

  /**
   * Adds the counter already added as {@code from} again as {@code name}, value or absence and
   * all: a canonical counter that is one of the product's own.
   *
   * @throws IllegalArgumentException when nothing was added as {@code from}
   */
  public CounterSet copy(String from, String name) {
    CounterValue c = counters.get(from);
    if (c == null) {
      throw new IllegalArgumentException("no counter " + from + " to copy as " + name);
    }
    return add(new CounterValue(name, c.value(), c.unit(), c.absentReason()));
  }

  /** Adds a reading of since when counters have counted (see {@link ResetMark}). */
  public CounterSet reset(ResetMark mark) {
    resets.add(mark);
    return this;
  }

  /** The counter added under {@code name}, or null. */
  public CounterValue get(String name) {
    return counters.get(name);
  }

  /** Every counter in the order first added, and the reset marks, with no note. */
  public CounterSnapshot snapshot(Instant takenAt) {
    return new CounterSnapshot(takenAt, new ArrayList<>(counters.values()), "", resets);
  }

  /** The reason for counters whose query failed: {@code cannot read pg_stat_wal: <message>}. */
  public static String failure(String source, SQLException e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip();
    return "cannot read " + source + ": " + message;
  }
}
