package io.commitbench.core.workload.oltp;

import static io.commitbench.core.workload.oltp.OltpKeys.*;

import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.LoadKeys;
import io.commitbench.core.workload.WorkloadSettings;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.DoublePredicate;

/**
 * The checks of the OLTP keys that their types cannot make: the two real-valued distribution
 * parameters (sysbench reads them as doubles), and that a run on a prepared data set names it.
 */
final class OltpChecks {

  private OltpChecks() {}

  static void check(WorkloadSettings settings, Set<String> given, Consumer<Violation> problems) {
    real(settings, RAND_PARETO_H, h -> h > 0 && h < 1, "a number above 0 and below 1, such as 0.2", problems);
    real(settings, RAND_ZIPFIAN_EXP, e -> e >= 0 && e <= 1_000, "a number from 0 to 1000, such as 0.8", problems);
    LoadKeys.checkReuse(settings, given, " (table.prefix=sbtest for sysbench's sbtest1..N)", problems);
  }

  private static void real(WorkloadSettings settings, String key, DoublePredicate allowed, String what,
      Consumer<Violation> problems) {
    if (!settings.has(key)) {
      return;
    }
    String value = settings.text(key);
    try {
      double number = Double.parseDouble(value);
      if (!Double.isFinite(number) || !allowed.test(number)) {
        problems.accept(new Violation(key, value, "out of range; allowed: " + what));
      }
    } catch (NumberFormatException e) {
      problems.accept(new Violation(key, value, "not a number; allowed: " + what));
    }
  }
}
