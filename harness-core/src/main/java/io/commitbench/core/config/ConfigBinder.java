package io.commitbench.core.config;

import static io.commitbench.core.config.ParameterKeys.*;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Turns a parameter file plus {@code --set} overrides into a {@link BenchmarkConfig}, or into
 * one {@link ConfigException} that lists every problem at once. It reads the password source
 * but touches no database.
 *
 * <pre>
 * BenchmarkConfig c = new ConfigBinder(DialectRegistry.load(), System::getenv)
 *     .bind(properties, Map.of("db.url", "jdbc:postgresql://127.0.0.1/test"));
 * </pre>
 */
public final class ConfigBinder {

  private static final String RUN_ID_PATTERN = "[A-Za-z0-9._-]{1,100}";
  /** "." and ".." are the folder itself and its parent, not a run's own folder. */
  private static final String ONLY_DOTS = "\\.+";
  /** The embedded database used when neither db.type nor db.url is given. */
  private static final String DEFAULT_EMBEDDED = "h2";
  private static final DateTimeFormatter RUN_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

  private final DialectRegistry dialects;
  private final Function<String, String> environment;

  /**
   * @param environment looks up environment variables (System::getenv, or a map in tests)
   */
  public ConfigBinder(DialectRegistry dialects, Function<String, String> environment) {
    this.dialects = dialects;
    this.environment = environment;
  }

  /** The keys this binder accepts (db.type's choices are the registry's dialects). */
  public List<Key> keys() {
    return ParameterKeys.all(dialects.names());
  }

  /**
   * Reads a .properties file; a missing or unreadable file, one that is not UTF-8 text, and a
   * key given twice are violations (see {@link ParameterFile}).
   */
  public static Properties readFile(Path file) throws ConfigException {
    return ParameterFile.read(file);
  }

  public BenchmarkConfig bind(Properties file, Map<String, String> overrides) throws ConfigException {
    Map<String, String> raw = new LinkedHashMap<>();
    // In key order, so several unknown keys are reported in the same order on every run.
    new TreeSet<>(file.stringPropertyNames()).forEach(k -> raw.put(k.trim(), file.getProperty(k)));
    raw.putAll(overrides);

    List<Violation> violations = new ArrayList<>();
    InstanceConnection.fill(raw).ifPresent(violations::add);
    List<Key> keys = keys();
    Map<String, Key> byName = new LinkedHashMap<>();
    keys.forEach(k -> byName.put(k.name(), k));

    rejectUnknownKeys(raw, byName, violations);
    Map<String, Object> values = new LinkedHashMap<>();
    for (Key key : keys) {
      String given = raw.get(key.name());
      if (given == null) {
        if (key.required()) {
          violations.add(new Violation(key.name(), null, "missing; required: " + key.allowed() + " (" + key.doc() + ")"));
        } else {
          key.defaultValue().ifPresent(d -> values.put(key.name(), key.parse(d).value()));
        }
        continue;
      }
      Key.Parsed parsed = key.parse(given);
      if (parsed.isOk()) {
        values.put(key.name(), parsed.value());
      } else {
        violations.add(new Violation(key.name(), given, parsed.problem() + "; allowed: " + key.allowed()));
      }
    }
    return new Assembly(values, violations).build();
  }

  private static void rejectUnknownKeys(Map<String, String> raw, Map<String, Key> known, List<Violation> violations) {
    for (Map.Entry<String, String> entry : raw.entrySet()) {
      String key = entry.getKey();
      if (known.containsKey(key)) {
        continue;
      }
      if (key.toLowerCase(Locale.ROOT).equals(DB_PASSWORD)) {
        violations.add(new Violation(key, "***",
            "passwords are not accepted in parameter files or on the command line; allowed: "
                + DB_PASSWORD_ENV + "=<variable name> or " + DB_PASSWORD_FILE + "=<path>"));
        continue;
      }
      String hint = KeySuggestion.closest(key, known.keySet()).map(s -> "did you mean '" + s + "'? ").orElse("");
      violations.add(new Violation(key, shownValue(key, entry.getValue()),
          "unknown key; " + hint + "allowed keys: " + String.join(", ", known.keySet())));
    }
  }

  /**
   * The value of an unknown or repeated key as it may be printed: a misspelt password key
   * ({@code db.passwd}, {@code db.pasword}) shows no value at all, anything else with URL
   * credentials redacted.
   */
  static String shownValue(String key, String value) {
    String lower = key.toLowerCase(Locale.ROOT);
    boolean looksLikePassword = lower.contains("pass") || lower.contains("pwd") || lower.contains("secret")
        || KeySuggestion.distance(lower, DB_PASSWORD) <= 2;
    return looksLikePassword ? "***" : Redaction.url(value);
  }

  private static boolean isEmbedded(Dialect dialect) {
    return dialect.defaultUrl(Path.of(".")).isPresent();
  }

  /** Cross-key checks and the final record, over values that each passed their own check. */
  private final class Assembly {
    private final Map<String, Object> values;
    private final List<Violation> violations;

    Assembly(Map<String, Object> values, List<Violation> violations) {
      this.values = values;
      this.violations = violations;
    }

    BenchmarkConfig build() throws ConfigException {
      Path resultsDir = resultsDirectory();
      Optional<Dialect> dialect = resolveDialect();
      String url = dialect.flatMap(d -> resolveUrl(d, resultsDir)).orElse("");
      String user = optionalText(DB_USER).orElseGet(() -> dialect.map(Dialect::defaultUser).orElse(""));
      Secret password = resolvePassword();
      checkDeletesClearInserts();
      String runId = resolveRunId(dialect);
      if (!violations.isEmpty()) {
        throw new ConfigException(violations);
      }
      return new BenchmarkConfig(
          integer(USERS), integer(SLEEP), integer(TABLES), integer(INSERTS), integer(SELECTS), integer(UPDATES),
          integer(DELETES), integer(REPEAT), dialect.orElseThrow().name(), url, user, password, bool(AUTOCOMMIT),
          integer(COMMIT_INTERVAL), integer(QUOTA), UsersMode.parse(text(USERS_MODE)), bool(CLEANUP),
          text(TABLE_PREFIX), text(USER_PREFIX), integer(TEXT_LENGTH), integer(STATEMENT_TIMEOUT),
          integer(CONNECT_TIMEOUT), integer(RECONNECT_TIMEOUT), integer(REPORT_INTERVAL), resultsDir, runId,
          effective(dialect.orElseThrow().name(), url, user, password, runId));
    }

    /**
     * The results directory. When results.dir is unusable (a violation is then recorded) a
     * placeholder stands in, so that the remaining checks still run and report their problems.
     */
    private Path resultsDirectory() {
      String dir = text(RESULTS_DIR);
      if (dir == null) {
        return Path.of("");
      }
      try {
        Path path = Path.of(dir);
        new ResultsDirCheck(ResultsDirCheck::usableBytes).problem(path)
            .ifPresent(problem -> violations.add(new Violation(RESULTS_DIR, dir, problem)));
        return path;
      } catch (InvalidPathException e) {
        violations.add(new Violation(RESULTS_DIR, dir,
            "not a usable directory path (" + e.getReason() + "); allowed: a directory path this system accepts"));
        return Path.of("");
      }
    }

    private Optional<Dialect> resolveDialect() {
      Optional<String> type = optionalText(DB_TYPE);
      Optional<String> url = optionalText(DB_URL);
      url.ifPresent(u -> violations.addAll(DbUrlCheck.violations(dialects, u)));
      if (type.isPresent()) {
        Dialect dialect = dialects.byName(type.get()).orElseThrow();
        if (url.isPresent() && !dialect.acceptsUrl(url.get())) {
          violations.add(new Violation(DB_URL, Redaction.url(url.get()),
              "not a URL of db.type=" + type.get() + "; allowed: a JDBC URL the " + type.get() + " dialect accepts"
                  + urlOwner(url.get())));
          return Optional.empty();
        }
        return Optional.of(dialect);
      }
      if (url.isPresent()) {
        Optional<Dialect> byUrl = dialects.forUrl(url.get());
        if (byUrl.isEmpty()) {
          violations.add(new Violation(DB_URL, Redaction.url(url.get()),
              "no dialect accepts this URL; allowed: a JDBC URL of " + String.join(", ", dialects.names())));
        }
        return byUrl;
      }
      Optional<Dialect> embedded = dialects.byName(DEFAULT_EMBEDDED).filter(ConfigBinder::isEmbedded)
          .or(() -> dialects.all().stream().filter(ConfigBinder::isEmbedded).findFirst());
      if (embedded.isEmpty()) {
        violations.add(new Violation(DB_URL, null, "missing, and no embedded database is installed; allowed: a JDBC URL of "
            + String.join(", ", dialects.names())));
      }
      return embedded;
    }

    private String urlOwner(String url) {
      return dialects.forUrl(url).map(d -> " (this URL is " + d.name() + "'s)").orElse("");
    }

    private Optional<String> resolveUrl(Dialect dialect, Path resultsDir) {
      Optional<String> given = optionalText(DB_URL);
      if (given.isPresent()) {
        return given;
      }
      Optional<String> embedded = dialect.defaultUrl(resultsDir.resolve("h2").toAbsolutePath());
      if (embedded.isEmpty()) {
        violations.add(new Violation(DB_URL, null, "missing; required when db.type=" + dialect.name()
            + "; allowed: a JDBC URL the " + dialect.name() + " dialect accepts"));
      }
      return embedded;
    }

    private Secret resolvePassword() {
      return new PasswordSource(DB_PASSWORD_ENV, DB_PASSWORD_FILE, environment)
          .resolve(optionalText(DB_PASSWORD_ENV), optionalText(DB_PASSWORD_FILE), violations::add);
    }

    /**
     * A cycle must leave the tables as it found them, or the next cycle's inserts collide. A run of
     * one cycle may keep its rows: that is how a storage campaign loads data before its snapshots.
     */
    private void checkDeletesClearInserts() {
      boolean oneCycle = values.get(REPEAT) instanceof Long repeat && repeat == 1;
      if (values.get(INSERTS) instanceof Long inserts && values.get(DELETES) instanceof Long deletes
          && inserts > 0 && deletes == 0 && !oneCycle) {
        violations.add(new Violation(DELETES, "0", "must be at least 1 when " + INSERTS + " > 0, because each cycle's"
            + " deletes remove the rows it inserted; allowed: a whole number from 1 to 1000000, or 0 with repeat=1"
            + " (a load run that keeps its rows)"));
      }
    }

    private String resolveRunId(Optional<Dialect> dialect) {
      Optional<String> given = optionalText(RUN_ID);
      if (given.isPresent() && (!given.get().matches(RUN_ID_PATTERN) || given.get().matches(ONLY_DOTS))) {
        violations.add(new Violation(RUN_ID, given.get(),
            "not a folder name; allowed: 1 to 100 ASCII letters, digits, '.', '_', '-' (not only dots)"));
      }
      return given.orElseGet(() -> LocalDateTime.now().format(RUN_ID_TIME) + "-" + dialect.map(Dialect::name).orElse("run"));
    }

    private Map<String, String> effective(String type, String url, String user, Secret password, String runId) {
      Map<String, String> effective = new LinkedHashMap<>();
      values.forEach((k, v) -> effective.put(k, String.valueOf(v)));
      effective.put(DB_TYPE, type);
      effective.put(DB_URL, Redaction.url(url));
      effective.put(DB_USER, user);
      effective.put("db.password", password.origin());
      effective.put(RUN_ID, runId);
      // Keys without a value (db.password.env, db.password.file when not given) are listed empty.
      keys().forEach(k -> effective.putIfAbsent(k.name(), ""));
      return effective;
    }

    private int integer(String key) {
      return Math.toIntExact((Long) values.get(key));
    }

    private boolean bool(String key) {
      return (Boolean) values.get(key);
    }

    private String text(String key) {
      return (String) values.get(key);
    }

    private Optional<String> optionalText(String key) {
      return Optional.ofNullable((String) values.get(key));
    }
  }
}
