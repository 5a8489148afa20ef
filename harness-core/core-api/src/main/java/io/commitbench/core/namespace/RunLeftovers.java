package io.commitbench.core.namespace;

import java.util.List;
import java.util.Optional;

/**
 * What one commitbench run left on the server, found by its mark: its tables and users, and
 * whether the run looks live (then nothing of it is dropped).
 *
 * @param mark the run's mark
 * @param tables its tables, lower case
 * @param users its users, lower case
 * @param live why the run looks live (its process runs, its users have sessions), or empty
 */
public record RunLeftovers(OwnershipMark mark, List<String> tables, List<String> users, Optional<String> live) {

  public RunLeftovers {
    tables = List.copyOf(tables);
    users = List.copyOf(users);
  }
}
