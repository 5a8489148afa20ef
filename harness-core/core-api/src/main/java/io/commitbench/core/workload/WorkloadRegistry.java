package io.commitbench.core.workload;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The workloads on the class path, found once through {@link ServiceLoader}, by name. */
public final class WorkloadRegistry {

  /** The workload of a parameter file that names none: the paper's testframe. */
  public static final String DEFAULT = "paper";

  private final Map<String, Workload> byName;

  private WorkloadRegistry(List<Workload> workloads) {
    Map<String, Workload> map = new TreeMap<>();
    for (Workload w : workloads) {
      if (map.putIfAbsent(w.name(), w) != null) {
        throw new IllegalStateException("two workloads are named " + w.name());
      }
    }
    this.byName = Map.copyOf(map);
  }

  public static WorkloadRegistry load() {
    List<Workload> found = new ArrayList<>();
    ServiceLoader.load(Workload.class).forEach(found::add);
    return new WorkloadRegistry(found);
  }

  public static WorkloadRegistry of(List<Workload> workloads) {
    return new WorkloadRegistry(workloads);
  }

  public Optional<Workload> byName(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Sorted by name. */
  public List<Workload> all() {
    List<Workload> all = new ArrayList<>(byName.values());
    all.sort(Comparator.comparing(Workload::name));
    return all;
  }

  public List<String> names() {
    return all().stream().map(Workload::name).toList();
  }
}
