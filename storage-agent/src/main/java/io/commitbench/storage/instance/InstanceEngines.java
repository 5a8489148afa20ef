package io.commitbench.storage.instance;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The engines the agent can run, by kind. */
public final class InstanceEngines {

  private static final Map<String, InstanceEngine> BY_KIND = List.of(new PostgresqlEngine(), new MariadbEngine())
      .stream().collect(Collectors.toUnmodifiableMap(InstanceEngine::kind, Function.identity()));

  private InstanceEngines() {}

  public static Optional<InstanceEngine> forKind(String kind) {
    return Optional.ofNullable(BY_KIND.get(kind));
  }

  /** The kinds, sorted, for messages that list what is accepted. */
  public static List<String> kinds() {
    return BY_KIND.keySet().stream().sorted().toList();
  }
}
