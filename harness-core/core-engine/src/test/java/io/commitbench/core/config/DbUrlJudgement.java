package io.commitbench.core.config;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import java.util.List;
import java.util.Map;

/**
 * What the binder says of a db.url when one real dialect judges it, for the driver modules' tests:
 * the paper's parameter file (with any further lines) and the URL as a --set, bound over that dialect alone.
 */
public final class DbUrlJudgement {

  private DbUrlJudgement() {}

  /** The problems the bind reports about db.url (as printed, one line each); empty when it binds. */
  public static List<String> problems(Dialect dialect, String url, String... extraLines) {
    try {
      // The URL as an override: a parameter file would read its backslashes as escapes.
      new ConfigBinder(DialectRegistry.of(dialect), Map.<String, String>of()::get)
          .bind(ConfigTestSupport.paperWith(extraLines), Map.of("db.url", url));
      return List.of();
    } catch (ConfigException e) {
      return e.violations().stream().map(Object::toString).filter(v -> v.startsWith("db.url")).toList();
    }
  }
}
