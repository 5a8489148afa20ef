package io.commitbench.storage.relocate;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.plan.RefusedException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The {@link LogRelocationProvider}s on the class path, keyed by kind: the one place that finds a
 * kind's way of moving its log, for a managed instance, a server's operator or online. Read once;
 * immutable and thread-safe.
 */
public final class LogRelocations {

  private static final LogRelocations INSTALLED = new LogRelocations(loadAll());

  private final Map<String, LogRelocationProvider> byKind;

  LogRelocations(List<LogRelocationProvider> providers) {
    Map<String, LogRelocationProvider> map = new TreeMap<>();
    providers.forEach(p -> map.put(p.kind(), p));
    this.byKind = Collections.unmodifiableMap(map);
  }

  /** The providers on the class path. */
  public static LogRelocations load() {
    return INSTALLED;
  }

  private static List<LogRelocationProvider> loadAll() {
    return ServiceLoader.load(LogRelocationProvider.class).stream().map(ServiceLoader.Provider::get).toList();
  }

  /**
   * The move of this instance's log from {@code origin} to {@code target}.
   *
   * @throws IllegalArgumentException when no relocation exists for the instance's kind; the
   *     message lists the kinds that have one
   */
  public ManagedLogRelocation managed(ManagedInstance instance, Path origin, Path target, List<Path> allowedRoots,
      CommandRunner runner, Clock clock) {
    String kind = instance.descriptor().kind();
    return Optional.ofNullable(byKind.get(kind))
        .flatMap(p -> p.managed(instance, origin, target, allowedRoots, runner, clock))
        .orElseThrow(() -> new IllegalArgumentException("no log relocation for kind " + kind + "; known: "
            + byKind.keySet()));
  }

  /** How the server at {@code url} is moved online, if its kind is. */
  public Optional<OnlineRelocation> online(String url) {
    return onlines().stream().filter(o -> url.startsWith(o.urlPrefix())).findFirst();
  }

  /** What each kind's managed move does, for the help ({@link LogRelocationProvider#managedHelp}). */
  public List<String> managedHelps() {
    return byKind.values().stream().flatMap(p -> p.managedHelp().stream()).toList();
  }

  /** The URL prefixes of the servers whose operator gets a plan, in the kinds' order. */
  public List<String> operatorUrlPrefixes() {
    return byKind.values().stream().flatMap(p -> p.operatorUrlPrefixes().stream()).toList();
  }

  /** Every kind's online relocation. */
  public List<OnlineRelocation> onlines() {
    return byKind.values().stream().flatMap(p -> p.online().stream()).toList();
  }

  /**
   * The operator's plan for the server at {@code url}, which the agent does not manage.
   *
   * @throws RefusedException when no kind has a plan for the URL; the message lists the accepted
   *     prefixes and the servers moved online instead
   */
  public LogRelocation forOperator(String url, Path target) throws RefusedException {
    for (LogRelocationProvider p : byKind.values()) {
      if (p.operatorUrlPrefixes().stream().anyMatch(url::startsWith)) {
        return p.forOperator(url, target);
      }
    }
    TreeSet<String> prefixes = new TreeSet<>();
    byKind.values().forEach(p -> prefixes.addAll(p.operatorUrlPrefixes()));
    StringBuilder message = new StringBuilder("no operator plan for " + url + "; accepted URL prefixes: "
        + List.copyOf(prefixes));
    for (OnlineRelocation o : onlines()) {
      message.append(" (").append(o.server()).append(", ").append(o.urlPrefix())
          .append(", is moved online over SQL instead)");
    }
    throw new RefusedException(message.toString());
  }
}
