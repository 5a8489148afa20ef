package io.commitbench.storage.format;

import io.commitbench.storage.plan.RefusedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** The formatter arms available per database kind: {@code baseline} plus each provider's arms. */
public final class FormatterRegistry {

  private final Map<String, LogFormatterProvider> byType = new TreeMap<>();

  public FormatterRegistry(List<LogFormatterProvider> providers) {
    providers.forEach(p -> byType.put(p.dbType(), p));
  }

  /** The providers on the class path. */
  public static FormatterRegistry load() {
    List<LogFormatterProvider> providers = new ArrayList<>();
    ServiceLoader.load(LogFormatterProvider.class).forEach(providers::add);
    return new FormatterRegistry(providers);
  }

  /** Every arm for a kind of database, {@code baseline} first. */
  public List<LogFormatterProvider.ArmDescription> arms(String dbType) {
    List<LogFormatterProvider.ArmDescription> arms = new ArrayList<>();
    arms.add(new LogFormatterProvider.ArmDescription(BaselineFormatter.ARM, "do nothing: the server reuses its log files as usual"));
    LogFormatterProvider provider = byType.get(dbType);
    if (provider != null) {
      arms.addAll(provider.arms());
    }
    return arms;
  }

  /** The database kinds with arms of their own. */
  public List<String> dbTypes() {
    return List.copyOf(byType.keySet());
  }

  /** The kind's log exposure, empty when it has none (no provider, or one that tells nothing). */
  public Optional<LogExposure> exposure(String dbType) {
    LogFormatterProvider provider = byType.get(dbType);
    return provider == null ? Optional.empty() : provider.exposure();
  }

  /**
   * The formatter for an arm.
   *
   * @throws RefusedException when the kind has no such arm; the message lists the allowed ones
   */
  public LogFormatter create(String dbType, String arm, FormatterContext context) throws RefusedException {
    if (arm.equals(BaselineFormatter.ARM)) {
      return new BaselineFormatter(context, exposure(dbType).orElse(null));
    }
    LogFormatterProvider provider = byType.get(dbType);
    if (provider == null || provider.arms().stream().noneMatch(a -> a.name().equals(arm))) {
      throw new RefusedException("storage.format.arm=" + arm + ": no such arm for " + dbType + "; allowed: "
          + String.join(", ", arms(dbType).stream().map(LogFormatterProvider.ArmDescription::name).toList()));
    }
    return provider.create(arm, context);
  }
}
