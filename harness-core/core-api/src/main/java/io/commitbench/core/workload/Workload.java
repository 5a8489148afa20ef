package io.commitbench.core.workload;

import io.commitbench.core.key.Key;
import io.commitbench.core.key.Violation;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A kind of work the actors do: its own parameter keys, its tables, its loader and its
 * transaction types. The engine brings everything else, the same for every workload: users and
 * their connections, count- or time-based runs, warm-up, an open loop at a target rate, think
 * time, retries, error classes, measurement and results.
 *
 * <p>Implementations are found through {@link java.util.ServiceLoader} (register the class in
 * {@code META-INF/services/io.commitbench.core.workload.Workload}), chosen by the {@code
 * workload} key, need a public no-argument constructor and must be stateless.
 *
 * <pre>
 * Workload w = WorkloadRegistry.load().byName("commit").orElseThrow();
 * BoundWorkload bound = w.bind(settings);       // settings: every key's typed value
 * ActorWork actor = bound.newActor(0);
 * </pre>
 */
public interface Workload {

  /** The value of {@code workload} that selects it, lower case: {@code paper}, {@code commit}. */
  String name();

  /** One line for {@code commitbench workloads}. */
  String description();

  /** Its own keys, validated with every other key; names must not clash with the engine's. */
  List<Key> keys();

  /**
   * Engine keys that this workload wants stated in the file rather than defaulted (the paper
   * requires {@code users} and {@code sleep}, as its testframe did).
   */
  default Set<String> requiredKeys() {
    return Set.of();
  }

  /** Whether the run is made of cycles (see {@link BoundWorkload#cycles()}). */
  boolean runsInCycles();

  /**
   * Checks that span several keys, over values that each passed their own check; reports every
   * problem. The default finds none.
   *
   * @param given the keys the file or the command line stated (a key given with a bad value is
   *     already reported, and absent from {@code settings})
   */
  default void check(WorkloadSettings settings, Set<String> given, Consumer<Violation> problems) {}

  /** The workload with its settings, for one run. */
  BoundWorkload bind(WorkloadSettings settings);
}
