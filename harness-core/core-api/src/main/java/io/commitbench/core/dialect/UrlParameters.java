package io.commitbench.core.dialect;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The {@code name=value} settings a JDBC URL carries after {@code ?}, {@code &} or {@code ;}, the
 * separators PostgreSQL, MariaDB, H2 and Oracle use between them. Names are compared ignoring
 * case, as MariaDB and H2 compare them; for a product that is stricter this errs on the side of
 * finding a setting.
 *
 * <pre>
 * UrlParameters.has("jdbc:postgresql://db/test?user=a&amp;password=b", "password"); // true
 * </pre>
 */
public final class UrlParameters {

  private UrlParameters() {}

  /** Whether the URL sets {@code name}. */
  public static boolean has(String jdbcUrl, String name) {
    return written(jdbcUrl, name).isPresent();
  }

  /** {@code name} as the URL writes it ({@code initsql} for {@code initSql}), when the URL sets it. */
  public static Optional<String> written(String jdbcUrl, String name) {
    String wanted = name.toLowerCase(Locale.ROOT);
    String[] parts = jdbcUrl.split("[?&;]");
    // parts[0] is what precedes the first separator: the URL's own body, no setting.
    for (int i = 1; i < parts.length; i++) {
      String part = parts[i];
      int equals = part.indexOf('=');
      if (equals > 0 && part.substring(0, equals).strip().toLowerCase(Locale.ROOT).equals(wanted)) {
        return Optional.of(part.substring(0, equals).strip());
      }
    }
    return Optional.empty();
  }

  /**
   * Those of {@code documented} that the URL sets, each named as the URL writes it: for a dialect
   * whose driver reads its settings after {@code ?} and {@code &} (or {@code ;}) by name alone.
   */
  public static List<UnsafeUrlSetting> setIn(String jdbcUrl, List<UnsafeUrlSetting> documented) {
    return documented.stream()
        .flatMap(setting -> written(jdbcUrl, setting.name()).map(n -> new UnsafeUrlSetting(n, setting.effect())).stream())
        .toList();
  }
}
