package io.commitbench.core.server;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which counters started again from zero between two snapshots, and why: the server restarted
 * (its start mark moved), one view of counters was reset (its {@code stats_reset} moved), or a
 * counter went down. A counter that went down while the server's start cannot be compared may
 * mean a restart, which would have reset every counter, so then none is trusted.
 */
final class CounterResets {

  /** Reasons by counter name, for the counters whose difference is no figure. */
  private final Map<String, String> reasons = new LinkedHashMap<>();
  private final List<String> summary = new ArrayList<>();
  private String everyCounter;

  private CounterResets() {}

  /**
   * @param wentDown the counters whose end reading is below the start one, with that reason
   */
  static CounterResets between(CounterSnapshot before, CounterSnapshot after, Map<String, String> wentDown) {
    CounterResets r = new CounterResets();
    boolean startCompared = false;
    for (ResetMark end : after.resets()) {
      Optional<ResetMark> start = before.resets().stream().filter(m -> m.source().equals(end.source())).findFirst();
      if (start.isEmpty()) {
        continue;
      }
      startCompared |= end.wholeServer();
      if (!start.get().movedIn(end)) {
        continue;
      }
      if (end.wholeServer()) {
        r.everyCounter = "the server restarted during the run: " + end.source() + " was " + start.get().sinceText()
            + " at the first reading and " + end.sinceText() + " at the last, so its counters started again from zero";
        r.summary.add(r.everyCounter);
      } else {
        String reason = end.source() + " moved from " + start.get().sinceText() + " to " + end.sinceText()
            + ": these counters were reset during the run";
        end.counters().forEach(name -> r.reasons.put(name, reason));
        r.summary.add(reason + " (" + String.join(", ", end.counters()) + ")");
      }
    }
    if (r.everyCounter == null && !wentDown.isEmpty()) {
      wentDown.forEach((name, why) -> r.summary.add(name + " " + why));
      if (!startCompared) {
        Map.Entry<String, String> first = wentDown.entrySet().iterator().next();
        r.everyCounter = first.getKey() + " " + first.getValue() + ", and the server's start time was not read"
            + " to tell a restart (which resets every counter) from a reset of that counter, so no counter is a"
            + " figure of the run";
      }
    }
    return r;
  }

  /** Why {@code name}'s difference is no figure, if it is none. */
  Optional<String> reason(String name) {
    return everyCounter != null ? Optional.of(everyCounter) : Optional.ofNullable(reasons.get(name));
  }

  /** Every reset found, in one line; empty when none. */
  String summary() {
    return everyCounter != null ? everyCounter : String.join("; ", summary);
  }
}
