package io.commitbench.core.config;

import io.commitbench.core.key.Violation;
import java.util.List;
import java.util.stream.Collectors;

/** A parameter file with one or more violations; all of them, so the user fixes them in one go. */
public final class ConfigException extends Exception {

  private final List<Violation> violations;

  public ConfigException(List<Violation> violations) {
    super(describe(violations));
    this.violations = List.copyOf(violations);
  }

  public List<Violation> violations() {
    return violations;
  }

  private static String describe(List<Violation> violations) {
    return violations.size() + (violations.size() == 1 ? " problem" : " problems") + " in the configuration:\n"
        + violations.stream().map(v -> "  - " + v).collect(Collectors.joining("\n"));
  }
}
