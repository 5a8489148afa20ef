package io.commitbench.core.dialect;

import java.util.Collection;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The dialects on the class path, discovered once through {@link ServiceLoader} and keyed by
 * {@link Dialect#name()}. Immutable and thread-safe.
 */
public final class DialectRegistry {

  private final Map<String, Dialect> byName;

  private DialectRegistry(Map<String, Dialect> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** Discovers the dialects registered with the class loader that loaded this class. */
  public static DialectRegistry load() {
    return load(DialectRegistry.class.getClassLoader());
  }

  public static DialectRegistry load(ClassLoader loader) {
    Map<String, Dialect> found = new TreeMap<>();
    for (Dialect dialect : ServiceLoader.load(Dialect.class, loader)) {
      Dialect previous = found.putIfAbsent(dialect.name(), dialect);
      if (previous != null && previous.getClass() != dialect.getClass()) {
        throw new IllegalStateException("two dialects are named '" + dialect.name() + "': "
            + previous.getClass().getName() + " and " + dialect.getClass().getName());
      }
    }
    return new DialectRegistry(found);
  }

  /** For tests and embedding: a registry of exactly the given dialects. */
  public static DialectRegistry of(Dialect... dialects) {
    Map<String, Dialect> map = new TreeMap<>();
    for (Dialect d : dialects) {
      map.put(d.name(), d);
    }
    return new DialectRegistry(map);
  }

  public Optional<Dialect> byName(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The first dialect (by name) that accepts the URL. */
  public Optional<Dialect> forUrl(String jdbcUrl) {
    return byName.values().stream().filter(d -> d.acceptsUrl(jdbcUrl)).findFirst();
  }

  /** Dialect names in alphabetical order. */
  public Collection<String> names() {
    return byName.keySet();
  }

  public Collection<Dialect> all() {
    return byName.values();
  }
}
