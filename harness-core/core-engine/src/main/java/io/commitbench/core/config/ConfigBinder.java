package io.commitbench.core.config;

import io.commitbench.core.key.Redaction;
import static io.commitbench.core.key.ParameterKeys.*;

import io.commitbench.core.companion.RunCompanions;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.key.ErrorBudget;
import io.commitbench.core.key.Key;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.UsersMode;
import io.commitbench.core.key.Violation;
import io.commitbench.core.namespace.Owner;
import io.commitbench.core.namespace.RunId;
import io.commitbench.core.namespace.RunNamespace;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadRegistry;
import io.commitbench.core.workload.WorkloadSettings;
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

  private static final DateTimeFormatter RUN_ID_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
  /** The random part of a run's own names; SecureRandom, since runs on other hosts must differ too. */
  private static final java.security.SecureRandom NONCES = new java.security.SecureRandom();

  private final DialectRegistry dialects;
  private final WorkloadRegistry workloads;
  /** The keys run companions (plug-ins such as the storage agent's formatter) bring along. */
  private final List<Key> companionKeys;
  private final Function<String, String> environment;

  /**
   * With the workloads on the class path.
   *
   * @param environment looks up environment variables (System::getenv, or a map in tests)
   */
  public ConfigBinder(DialectRegistry dialects, Function<String, String> environment) {
    this(dialects, WorkloadRegistry.load(), environment);
  }

  /** With the given workloads, and the keys of the run companions on the class path. */
  public ConfigBinder(DialectRegistry dialects, WorkloadRegistry workloads, Function<String, String> environment) {
    this.dialects = dialects;
    this.workloads = workloads;
    this.companionKeys = RunCompanions.load().keys();
    this.environment = environment;
  }

  /** The keys of the default workload's runs (db.type's choices are the registry's dialects). */
  public List<Key> keys() {
    return keys(workloads.byName(WorkloadRegistry.DEFAULT));
  }

  /**
   * The engine's keys, the run companions', then the workload's own; the engine keys the
   * workload asks for are required.
   */
  public List<Key> keys(Optional<Workload> workload) {
    List<Key> keys = new ArrayList<>();
    for (Key key : ParameterKeys.all(dialects.names(), workloads.names())) {
      boolean required = workload.map(w -> w.requiredKeys().contains(key.name())).orElse(false);
      keys.add(required ? key.asRequired() : key);
    }
    keys.addAll(companionKeys);
    workload.ifPresent(w -> keys.addAll(w.keys()));
    return List.copyOf(keys);
  }

  /**
   * Reads a .properties file; a missing or unreadable file, one that is not UTF-8 text, and a
   * key given twice are violations (see {@link ParameterFile}).
   */
  public static Properties readFile(Path file) throws ConfigException {
    return ParameterFile.read(file);
  }

  public BenchmarkConfig bind(Properties file, Map<String, String> overrides) throws ConfigException {
    return bindPlan(file, overrides).config();
  }

  /**
   * Reads {@code file} and binds it as {@link #bind(Properties, Map)} does; the workload resolves
   * its relative paths against the file's folder ({@link WorkloadSettings#folder}).
   */
  public BenchmarkConfig bind(Path file, Map<String, String> overrides) throws ConfigException {
    return bindPlan(file, overrides).config();
  }

  /** Reads {@code file} and binds it as {@link #bindPlan(Properties, Map)} does, relative to its folder. */
  public RunPlan bindPlan(Path file, Map<String, String> overrides) throws ConfigException {
    return bindPlan(readFile(file), overrides, folderOf(file));
  }

  /** Reads {@code file} and binds it as {@link #bindWithoutRunLength(Properties, Map)} does, relative to its folder. */
  public BenchmarkConfig bindWithoutRunLength(Path file, Map<String, String> overrides) throws ConfigException {
    return new Assembly(raw(readFile(file), overrides), false, null, folderOf(file)).build();
  }

  private static Path folderOf(Path file) {
    Path parent = file.toAbsolutePath().getParent();
    return parent == null ? Path.of("") : parent;
  }

  /**
   * As {@link #bind}, with the sweep's configurations when {@code sweep.key} is set: every value
   * bound like a run of its own (its problems reported as the sweep's), all with the table and
   * user names and the run id of the file's configuration.
   */
  public RunPlan bindPlan(Properties file, Map<String, String> overrides) throws ConfigException {
    return bindPlan(file, overrides, null);
  }

  private RunPlan bindPlan(Properties file, Map<String, String> overrides, Path folder) throws ConfigException {
    Map<String, String> raw = raw(file, overrides);
    Assembly assembly = new Assembly(raw, true, null, folder);
    BenchmarkConfig config = assembly.build();
    if (assembly.sweepValues.isEmpty()) {
      return new RunPlan(config, Optional.empty());
    }
    String key = (String) config.settings().values().get(SWEEP_KEY);
    List<Sweep.Point> points = new ArrayList<>();
    List<Violation> problems = new ArrayList<>();
    for (String value : assembly.sweepValues) {
      Map<String, String> atValue = new LinkedHashMap<>(raw);
      atValue.put(key, value);
      try {
        points.add(new Sweep.Point(value, new Assembly(atValue, true, config, folder).build()));
      } catch (ConfigException e) {
        e.violations().forEach(v -> problems.add(new Violation(SWEEP_VALUES, raw.get(SWEEP_VALUES), "with " + key + "="
            + value + " the run is not valid: " + v)));
      }
    }
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
    return new RunPlan(config, Optional.of(new Sweep(key, points)));
  }

  /**
   * As {@link #bind}, for the commands that run no workload ({@code prepare}, {@code cleanup}):
   * the run's length ({@code duration} or {@code transactions}) may be left out; every other key
   * is checked as for a run, so a file that prepares a data set also runs once it says how long.
   */
  public BenchmarkConfig bindWithoutRunLength(Properties file, Map<String, String> overrides) throws ConfigException {
    return bind(file, overrides, false);
  }

  private BenchmarkConfig bind(Properties file, Map<String, String> overrides, boolean runLengthRequired)
      throws ConfigException {
    return new Assembly(raw(file, overrides), runLengthRequired, null, null).build();
  }

  private static Map<String, String> raw(Properties file, Map<String, String> overrides) {
    Map<String, String> raw = new LinkedHashMap<>();
    // In key order, so several unknown keys are reported in the same order on every run.
    new TreeSet<>(file.stringPropertyNames()).forEach(k -> raw.put(k.trim(), file.getProperty(k)));
    raw.putAll(overrides);
    return raw;
  }

  /** Each key's own check; the values that passed and the problems go on to the {@link Assembly}'s cross-key checks. */
  private Parsing parse(Map<String, String> raw) {
    List<Violation> violations = new ArrayList<>();
    InstanceConnection.fill(raw).ifPresent(violations::add);
    // The workload decides which further keys exist, so it is read first; an unknown one is
    // reported with the others, and the engine's keys are still checked.
    Optional<Workload> workload = workloads.byName(raw.getOrDefault(WORKLOAD, WorkloadRegistry.DEFAULT).trim());
    List<Key> keys = keys(workload);
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
    return new Parsing(values, violations, workload, keys);
  }

  private record Parsing(Map<String, Object> values, List<Violation> violations, Optional<Workload> workload,
      List<Key> keys) {}

  private void rejectUnknownKeys(Map<String, String> raw, Map<String, Key> known, List<Violation> violations) {
    String workload = raw.getOrDefault(WORKLOAD, WorkloadRegistry.DEFAULT).trim();
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
      Optional<Workload> owner = workloads.all().stream()
          .filter(w -> w.keys().stream().anyMatch(k -> k.name().equals(key))).findFirst();
      if (owner.isPresent() && workloads.byName(workload).isEmpty()) {
        continue; // the unknown workload is the problem to report, not the keys meant for a known one
      }
      if (owner.isPresent()) {
        violations.add(new Violation(key, shownValue(key, entry.getValue()), "a key of workload=" + owner.get().name()
            + ", not of this run's workload=" + workload + "; allowed: the keys 'commitbench workloads' lists for "
            + workload));
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
    private final Optional<Workload> workload;
    private final java.util.Set<String> given;
    private final List<Key> keys;
    private final boolean runLengthRequired;
    /** The configuration of the file, when this is one value of its sweep: its names and run id are taken. */
    private final BenchmarkConfig sweptFrom;
    /** The sweep's values once {@link #build} checked them; empty without a sweep. */
    private List<String> sweepValues = List.of();
    /** The parameter file's folder; null when the values came from no file (the working directory). */
    private final Path folder;

    Assembly(Map<String, String> raw, boolean runLengthRequired, BenchmarkConfig sweptFrom, Path folder) {
      this.folder = folder;
      Parsing parsing = parse(raw);
      this.values = parsing.values();
      this.violations = parsing.violations();
      this.workload = parsing.workload();
      this.given = raw.keySet();
      this.keys = parsing.keys();
      this.runLengthRequired = runLengthRequired;
      this.sweptFrom = sweptFrom;
    }

    BenchmarkConfig build() throws ConfigException {
      Path resultsDir = resultsDirectory();
      Optional<Dialect> dialect = resolveDialect();
      String url = dialect.flatMap(d -> resolveUrl(d, resultsDir)).orElse("");
      String user = optionalText(DB_USER).orElseGet(() -> dialect.map(Dialect::defaultUser).orElse(""));
      Secret password = resolvePassword();
      RunControl control = runControl();
      ErrorBudget errorBudget = errorBudget();
      checkRepetition();
      if (sweptFrom == null) {
        sweepValues = SweepCheck.values(values, keys, workload, violations::add);
      }
      WorkloadSettings settings = new WorkloadSettings(values, folder);
      workload.ifPresent(w -> w.check(settings, given, violations::add));
      String runId = sweptFrom != null ? sweptFrom.runId() : resolveRunId(dialect);
      values.put(OWNER, resolveOwner());
      if (!violations.isEmpty()) {
        throw new ConfigException(violations);
      }
      boolean tablePrefixDerived = !values.containsKey(TABLE_PREFIX);
      boolean userPrefixDerived = !values.containsKey(USER_PREFIX);
      // Every value of a sweep uses the names of the file's configuration: one setup can serve them all.
      RunNamespace own = sweptFrom != null ? new RunNamespace(sweptFrom.tablePrefix(), sweptFrom.userPrefix())
          : RunNamespace.derive(runId, dialect.orElseThrow().maxIdentifierLength(),
              dialect.orElseThrow().maxUserNameLength(), NONCES);
      // A prefix left unset takes the run's own namespace, also beside a fixed other one.
      values.putIfAbsent(TABLE_PREFIX, own.tablePrefix());
      values.putIfAbsent(USER_PREFIX, own.userPrefix());
      return new BenchmarkConfig(
          workload.orElseThrow().name(), integer(USERS), integer(SLEEP), control, dialect.orElseThrow().name(), url,
          user, password, integer(QUOTA), UsersMode.parse(text(USERS_MODE)), bool(CLEANUP), text(TABLE_PREFIX),
          text(USER_PREFIX), tablePrefixDerived, userPrefixDerived, integer(STATEMENT_TIMEOUT), integer(CONNECT_TIMEOUT), integer(RECONNECT_TIMEOUT),
          integer(REPORT_INTERVAL), errorBudget, resultsDir, runId, settings,
          effective(dialect.orElseThrow().name(), url, user, password, runId));
    }

    /** errors.max; a value that is no budget is a violation, and 100% stands in until they are thrown. */
    private ErrorBudget errorBudget() {
      String text = optionalText(ERRORS_MAX).orElse(ErrorBudget.DEFAULT);
      Optional<ErrorBudget> budget = ErrorBudget.parse(text);
      if (budget.isEmpty()) {
        violations.add(new Violation(ERRORS_MAX, text, "not a count or a share; allowed: " + ErrorBudget.ALLOWED));
      }
      return budget.orElse(new ErrorBudget(-1, 100));
    }

    /**
     * Duration or count, warm-up, rate and think time, checked against each other and against the
     * workload: a workload in cycles counts in its own key, any other in {@code transactions}.
     */
    private RunControl runControl() {
      boolean cycles = workload.map(Workload::runsInCycles).orElse(false);
      boolean timed = values.containsKey(DURATION);
      if (runLengthRequired && workload.isPresent() && !cycles && !given.contains(DURATION)
          && !given.contains(TRANSACTIONS)) {
        violations.add(new Violation(DURATION, null, "missing: workload=" + workload.get().name() + " runs for a time"
            + " or a count; allowed: duration=<seconds> or transactions=<count>"));
      }
      if (timed && values.containsKey(TRANSACTIONS)) {
        violations.add(new Violation(TRANSACTIONS, String.valueOf(values.get(TRANSACTIONS)),
            "given with duration; allowed: one of them"));
      }
      if (!cycles && values.containsKey(TRANSACTIONS) && values.get(WARMUP) instanceof Long warmup && warmup > 0) {
        // Actors that never wait for each other have transactions in flight at any moment, so the
        // end of a warm-up by the clock cannot fall between the counted and the uncounted ones.
        violations.add(new Violation(WARMUP, String.valueOf(warmup), "given with transactions; allowed: warmup"
            + " with duration (a count-based run of workload=" + workload.get().name() + " cannot end its warm-up"
            + " between two transactions of every actor), or transactions without warmup"));
      }
      if (cycles && values.containsKey(TRANSACTIONS)) {
        violations.add(new Violation(TRANSACTIONS, String.valueOf(values.get(TRANSACTIONS)), "not used by workload="
            + workload.get().name() + ", which counts in cycles; allowed: its own count key, or duration"));
      }
      if (values.containsKey(RATE) && values.containsKey(THINK_TIME)) {
        violations.add(new Violation(THINK_TIME, String.valueOf(values.get(THINK_TIME)), "given with rate, which"
            + " already sets when each transaction starts; allowed: rate or think.time, not both"));
      }
      for (String rateKey : List.of(RATE_ARRIVAL, RATE_BACKLOG, RATE_BACKLOG_FAIL, RATE_TOLERANCE, RATE_MISS_FAIL)) {
        requireWith(rateKey, RATE);
      }
      requireWith(THINK_TIME_DISTRIBUTION, THINK_TIME);
      // A key whose value was refused is absent here; 0 stands in until the violations are thrown.
      return new RunControl(optionalLong(DURATION), optionalLong(TRANSACTIONS), optionalLong(WARMUP),
          optionalLong(RATE), "poisson".equals(values.get(RATE_ARRIVAL)), optionalLong(RATE_BACKLOG),
          Boolean.TRUE.equals(values.get(RATE_BACKLOG_FAIL)), optionalLong(THINK_TIME),
          "exponential".equals(values.get(THINK_TIME_DISTRIBUTION)), Math.toIntExact(optionalLong(RETRY_MAX)),
          Math.toIntExact(optionalLong(RATE_TOLERANCE)), Boolean.TRUE.equals(values.get(RATE_MISS_FAIL)));
    }

    /**
     * runs.setup means something only for more than one run; fresh runs with cleanup=false would
     * leave the first run's tables where the second creates its own, under the same names.
     */
    private void checkRepetition() {
      long runs = values.get(RUNS) == null ? 1 : (Long) values.get(RUNS);
      if (given.contains(RUNS_SETUP) && runs == 1 && !given.contains(SWEEP_KEY)) {
        violations.add(new Violation(RUNS_SETUP, String.valueOf(values.get(RUNS_SETUP)), "has no effect with runs=1;"
            + " allowed: set runs to 2 or more, sweep a key (" + SWEEP_KEY + "), or leave " + RUNS_SETUP + " out"));
      }
      if ((runs > 1 || given.contains(SWEEP_KEY)) && "fresh".equals(values.get(RUNS_SETUP))
          && Boolean.FALSE.equals(values.get(CLEANUP))) {
        violations.add(new Violation(RUNS_SETUP, "fresh", "with cleanup=false the second run would find the first"
            + " run's tables under the names it creates; allowed: runs.setup=kept, or cleanup=true"));
      }
    }

    /** A key that means something only beside another, stated without it, is a mistake to point out. */
    private void requireWith(String key, String companion) {
      if (given.contains(key) && !values.containsKey(companion)) {
        violations.add(new Violation(key, String.valueOf(values.get(key)), "has no effect without " + companion
            + "; allowed: set " + companion + " too, or leave " + key + " out"));
      }
    }

    private long optionalLong(String key) {
      Object value = values.get(key);
      return value == null ? 0 : (Long) value;
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
      boolean trusted = Boolean.TRUE.equals(values.get(DB_URL_TRUSTED));
      url.ifPresent(u -> violations.addAll(DbUrlCheck.violations(dialects, u, trusted)));
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
      Optional<Dialect> embedded = dialects.all().stream().filter(d -> d.isDefault() && isEmbedded(d)).findFirst()
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
      Optional<String> embedded = dialect.defaultUrl(resultsDir.resolve(dialect.name()).toAbsolutePath());
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

    private String resolveRunId(Optional<Dialect> dialect) {
      Optional<String> given = optionalText(RUN_ID);
      given.flatMap(RunId::problem).ifPresent(problem -> violations.add(new Violation(RUN_ID, given.get(),
          problem + "; allowed: " + RunId.ALLOWED)));
      return given.orElseGet(() -> LocalDateTime.now().format(RUN_ID_TIME) + "-" + dialect.map(Dialect::name).orElse("run"));
    }

    /** The owner given (checked as its key's value), or this process's. */
    private String resolveOwner() {
      return optionalText(OWNER).orElseGet(Owner::ofThisProcess);
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
      keys.forEach(k -> effective.putIfAbsent(k.name(), ""));
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
