package io.commitbench.core.companion;

import io.commitbench.core.key.Key;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** The companion providers on the class path, discovered once. Immutable and thread-safe. */
public final class RunCompanions {

  private final List<RunCompanionProvider> providers;

  private RunCompanions(List<RunCompanionProvider> providers) {
    this.providers = List.copyOf(providers);
  }

  public static RunCompanions load() {
    List<RunCompanionProvider> found = new ArrayList<>();
    ServiceLoader.load(RunCompanionProvider.class).forEach(found::add);
    return new RunCompanions(found);
  }

  /** Every provider's keys, in discovery order. */
  public List<Key> keys() {
    List<Key> keys = new ArrayList<>();
    providers.forEach(p -> keys.addAll(p.keys()));
    return List.copyOf(keys);
  }

  /** The companions a run's keys ask for. */
  public List<RunCompanion> create(CompanionContext context) throws CompanionRefusedException {
    List<RunCompanion> companions = new ArrayList<>();
    for (RunCompanionProvider provider : providers) {
      provider.create(context).ifPresent(companions::add);
    }
    return List.copyOf(companions);
  }
}
