package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** The relocation provider of the kind {@code fake}, registered for this module's tests only. */
public final class FakeKindRelocations implements LogRelocationProvider {

  @Override
  public String kind() {
    return FakeKindEngine.KIND;
  }

  @Override
  public Optional<ManagedLogRelocation> managed(ManagedInstance instance, Path origin, Path target,
      List<Path> allowedRoots, CommandRunner runner, Clock clock) {
    return Optional.of(new FakeKindRelocation(instance, origin, target, allowedRoots, runner, clock));
  }
}
