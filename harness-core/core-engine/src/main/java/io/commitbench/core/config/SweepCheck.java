package io.commitbench.core.config;

import static io.commitbench.core.key.ParameterKeys.CLEANUP;
import static io.commitbench.core.key.ParameterKeys.SWEEPABLE;
import static io.commitbench.core.key.ParameterKeys.SWEEP_KEY;
import static io.commitbench.core.key.ParameterKeys.SWEEP_VALUES;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.Violation;
import io.commitbench.core.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Checks {@code sweep.key} and {@code sweep.values} on their own, before the sweep's values are
 * bound one by one: the key must be one the run can sweep (an engine key of {@link
 * ParameterKeys#SWEEPABLE} or a workload key that takes a number), and every value one the key
 * allows, each once.
 */
final class SweepCheck {

  private SweepCheck() {}

  /** The keys of this run that a sweep may go over, in the order they are documented. */
  static List<String> sweepable(List<Key> keys, Optional<Workload> workload) {
    List<String> names = new ArrayList<>(SWEEPABLE);
    workload.ifPresent(w -> w.keys().stream().filter(k -> k.type() == Key.Type.INTEGER).map(Key::name)
        .forEach(names::add));
    Set<String> known = new LinkedHashSet<>();
    keys.forEach(k -> known.add(k.name()));
    return names.stream().filter(known::contains).toList();
  }

  /**
   * The values, each trimmed; empty when the sweep is not set or not valid (the problems are then
   * reported).
   */
  static List<String> values(Map<String, Object> settings, List<Key> keys, Optional<Workload> workload,
      Consumer<Violation> problems) {
    String key = (String) settings.get(SWEEP_KEY);
    String list = (String) settings.get(SWEEP_VALUES);
    if (key == null && list == null) {
      return List.of();
    }
    if (key == null) {
      problems.accept(new Violation(SWEEP_VALUES, list, "has no effect without " + SWEEP_KEY + "; allowed: set "
          + SWEEP_KEY + " to the key to sweep, or leave " + SWEEP_VALUES + " out"));
      return List.of();
    }
    List<String> allowed = sweepable(keys, workload);
    String allowedText = "allowed: a key of this run that takes a number: " + String.join(", ", allowed);
    Optional<Key> swept = keys.stream().filter(k -> k.name().equals(key)).findFirst();
    if (swept.isEmpty()) {
      String hint = KeySuggestion.closest(key, allowed).map(s -> "did you mean '" + s + "'? ").orElse("");
      problems.accept(new Violation(SWEEP_KEY, key, "not a key of this run; " + hint + allowedText));
      return List.of();
    }
    if (!allowed.contains(key)) {
      problems.accept(new Violation(SWEEP_KEY, key, "cannot be swept (a sweep goes over a number that shapes the"
          + " load); " + allowedText));
      return List.of();
    }
    if (list == null) {
      problems.accept(new Violation(SWEEP_VALUES, null, "missing: " + SWEEP_KEY + "=" + key + " needs the values to"
          + " run; allowed: a comma-separated list of " + swept.get().allowed() + " (" + SWEEP_VALUES
          + "=100,200,400)"));
      return List.of();
    }
    List<String> values = new ArrayList<>();
    boolean valid = true;
    for (String item : list.split(",", -1)) {
      String value = item.trim();
      Key.Parsed parsed = swept.get().parse(value);
      if (value.isEmpty()) {
        problems.accept(new Violation(SWEEP_VALUES, list, "has an empty value; allowed: values separated by single"
            + " commas (100,200,400)"));
        valid = false;
      } else if (!parsed.isOk()) {
        problems.accept(new Violation(SWEEP_VALUES, list, "'" + value + "' is not a value of " + key + ": "
            + parsed.problem() + "; allowed: " + swept.get().allowed()));
        valid = false;
      } else if (values.contains(value)) {
        problems.accept(new Violation(SWEEP_VALUES, list, "'" + value + "' is given twice; allowed: each value once"
            + " (runs=N repeats each value)"));
        valid = false;
      } else {
        values.add(value);
      }
    }
    if (valid && !ParameterKeys.SWEPT_WITH_SETUP_KEPT.contains(key) && Boolean.FALSE.equals(settings.get(CLEANUP))) {
      problems.accept(new Violation(SWEEP_KEY, key, "with cleanup=false the second value would find the first"
          + " value's tables under the names it creates (a sweep of " + key + " sets up every value afresh); allowed:"
          + " cleanup=true, or a sweep of " + String.join(", ", ParameterKeys.SWEPT_WITH_SETUP_KEPT)));
      valid = false;
    }
    return valid ? List.copyOf(values) : List.of();
  }
}
