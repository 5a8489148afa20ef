package io.commitbench.storage.relocate;

import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/** The operator's plan for a server the agent does not manage, chosen by the JDBC URL's prefix. */
public final class UnmanagedRelocations {

  private static final Map<String, BiFunction<String, Path, LogRelocation>> BY_PREFIX = Map.of(
      "jdbc:postgresql:", UnmanagedPostgresqlRelocation::new,
      "jdbc:mariadb:", UnmanagedMariadbRelocation::new,
      "jdbc:mysql:", UnmanagedMariadbRelocation::new);

  private UnmanagedRelocations() {}

  /** The relocation (a plan for the operator only) of the server at {@code url}. */
  public static LogRelocation forUrl(String url, Path target) throws RefusedException {
    return BY_PREFIX.entrySet().stream().filter(e -> url.startsWith(e.getKey())).findFirst()
        .map(e -> e.getValue().apply(url, target))
        .orElseThrow(() -> new RefusedException("no operator plan for " + url + "; accepted URL prefixes: "
            + List.copyOf(new java.util.TreeSet<>(BY_PREFIX.keySet())) + " (an Oracle server, jdbc:oracle:, is moved"
            + " online over SQL instead)"));
  }
}
