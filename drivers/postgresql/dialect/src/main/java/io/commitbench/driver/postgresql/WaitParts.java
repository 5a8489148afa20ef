package io.commitbench.driver.postgresql;

import io.commitbench.core.breakdown.PartReading;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Turns samples per wait event into the parts' totals: each sample stands for {@code
 * millisPerSample} of one session's time. A part whose events were never sampled is measured as
 * zero: the source worked and saw no session wait there. A part's source text names the events
 * that were sampled (its first event when none was).
 */
final class WaitParts {

  private WaitParts() {}

  /**
   * @param samples samples per event ({@code IO:WALSync}), summed over the run's sessions
   * @param how what sampled, for each part's source text: {@code pg_wait_sampling}
   * @param period how often, for the source text: {@code 10 ms period}
   */
  static List<PartReading> of(Map<String, Long> samples, double millisPerSample, String how, String period) {
    List<PartReading> parts = new ArrayList<>();
    for (String part : PostgresqlWaitEvents.PARTS) {
      List<String> events = PostgresqlWaitEvents.eventsOf(part);
      long count = events.stream().mapToLong(e -> samples.getOrDefault(e, 0L)).sum();
      List<String> seen = events.stream().filter(e -> samples.getOrDefault(e, 0L) > 0).toList();
      String named = String.join("+", seen.isEmpty() ? events.subList(0, 1) : seen);
      parts.add(PartReading.total(part, count * millisPerSample, count,
          how + " " + named + ", " + period + ", " + count + " samples"));
    }
    return parts;
  }
}
