package io.commitbench.core.workload.paper;

import static io.commitbench.core.workload.paper.PaperKeys.*;

import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The testframe of Neitzel and Höding, "Flash-Disks für das schnelle Commit in Oracle": N actors
 * released {@code sleep} ms apart run inserts, then selects, updates and deletes on the central
 * tables, cycle after cycle. The default workload.
 */
public final class PaperWorkload implements Workload {

  /** Engine keys the paper's parameter file always states. */
  private static final Set<String> REQUIRED = Set.of("users", "sleep");

  @Override
  public String name() {
    return "paper";
  }

  @Override
  public String description() {
    return "the paper's testframe: inserts, selects, updates, deletes per actor and table, in cycles";
  }

  @Override
  public List<Key> keys() {
    return PaperKeys.all();
  }

  @Override
  public Set<String> requiredKeys() {
    return REQUIRED;
  }

  @Override
  public boolean runsInCycles() {
    return true;
  }

  @Override
  public void check(WorkloadSettings s, Set<String> given, Consumer<Violation> problems) {
    boolean timed = s.has("duration");
    if (!given.contains(REPEAT) && !timed) {
      problems.accept(new Violation(REPEAT, null,
          "missing; required unless duration is set: a whole number from 1 to 1000000 (Number of cycles run one"
              + " after another.)"));
    }
    if (s.has(REPEAT) && timed) {
      problems.accept(new Violation(REPEAT, Long.toString(s.number(REPEAT)),
          "given with duration; allowed: one of them (repeat counts cycles, duration runs cycles until the time is up)"));
    }
    checkDeletesClearInserts(s, problems);
  }

  /**
   * A cycle must leave the tables as it found them, or the next cycle's inserts collide. A run of
   * one cycle may keep its rows: that is how a storage campaign loads data before its snapshots.
   */
  private static void checkDeletesClearInserts(WorkloadSettings s, Consumer<Violation> problems) {
    if (!s.has(INSERTS) || !s.has(DELETES)) {
      return;
    }
    boolean oneCycle = s.has(REPEAT) && s.number(REPEAT) == 1;
    if (s.number(INSERTS) > 0 && s.number(DELETES) == 0 && !oneCycle) {
      problems.accept(new Violation(DELETES, "0", "must be at least 1 when " + INSERTS + " > 0, because each cycle's"
          + " deletes remove the rows it inserted; allowed: a whole number from 1 to 1000000, or 0 with repeat=1"
          + " (a load run that keeps its rows)"));
    }
  }

  @Override
  public BoundWorkload bind(WorkloadSettings settings) {
    // users and sleep are engine keys: present in a run's settings, perhaps not in a load's
    return new BoundPaperWorkload(PaperSettings.of(settings),
        settings.has(ParameterKeys.USERS) ? settings.integer(ParameterKeys.USERS) : 1,
        settings.has(ParameterKeys.SLEEP) ? settings.number(ParameterKeys.SLEEP) : 0);
  }
}
