package io.commitbench.storage.instance;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The engines the agent can run, by kind: every {@link InstanceEngine} registered in {@code
 * META-INF/services} (one per database kind's storage module), read once. Immutable and
 * thread-safe.
 */
public final class InstanceEngines {

  private static final Map<String, InstanceEngine> BY_KIND = load();

  private InstanceEngines() {}

  public static Optional<InstanceEngine> forKind(String kind) {
    return Optional.ofNullable(BY_KIND.get(kind));
  }

  /** The kinds, sorted, for messages that list what is accepted. */
  public static List<String> kinds() {
    return List.copyOf(BY_KIND.keySet());
  }

  private static Map<String, InstanceEngine> load() {
    Map<String, InstanceEngine> byKind = new TreeMap<>();
    ServiceLoader.load(InstanceEngine.class).forEach(engine -> byKind.put(engine.kind(), engine));
    return Collections.unmodifiableMap(byKind);
  }
}
