package io.commitbench.core.workload.percona;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadKeys;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The read-only set of Zaitsev and Tkachenko's (Percona) comparison of transactional storage
 * engines: a web-style user-account table, queried by its primary key, by its secondary index,
 * by the covering index and with LIMIT 20, each with its own weight; the string columns char or
 * varchar, which the slides compared for load time and data size.
 */
public final class PerconaWorkload implements Workload {

  @Override
  public String name() {
    return "percona-ro";
  }

  @Override
  public String description() {
    return "Percona's read-only set: a user-account table queried by primary key, secondary index, covering index"
        + " and with LIMIT 20, by weights";
  }

  @Override
  public List<Key> keys() {
    return PerconaKeys.all();
  }

  @Override
  public boolean runsInCycles() {
    return false;
  }

  @Override
  public void check(WorkloadSettings settings, Set<String> given, Consumer<Violation> problems) {
    List<String> weights = Arrays.stream(PerconaQuery.values()).map(PerconaKeys::weightKey).toList();
    if (weights.stream().allMatch(settings::has) && weights.stream().mapToLong(settings::number).sum() == 0) {
      problems.accept(new Violation(weights.get(0), "0", "every " + PerconaKeys.WEIGHT_PREFIX + "* weight is 0, so"
          + " no query would run; allowed: at least one weight above 0"));
    }
    LoadKeys.checkReuse(settings, given, "", problems);
  }

  @Override
  public BoundWorkload bind(WorkloadSettings settings) {
    return new BoundPerconaWorkload(PerconaSettings.of(settings));
  }
}
