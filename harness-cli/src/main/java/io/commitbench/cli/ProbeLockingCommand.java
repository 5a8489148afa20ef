package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.dialect.IsolationLevel;
import io.commitbench.core.key.EchoedValue;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.probe.LockScenario;
import io.commitbench.core.probe.LockingProbe;
import io.commitbench.core.probe.LockingReport;
import io.commitbench.core.probe.ProbeFailedException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code commitbench probe locking FILE...}: the locking probes of Zaitsev and Tkachenko's slides
 * on the database of each parameter file, as one table.
 */
@Command(
    name = "locking",
    mixinStandardHelpOptions = true,
    description = {
      "Shows how a database resolves two sessions' lock conflicts, per isolation level.",
      "",
      "Sets two sessions (S1, S2: two connections, each in a thread of its own)",
      "against each other on one table the probe creates in the run's own namespace",
      "(table.prefix, or cb_<run id>_<4 random>_ when unset, plus 'lock'; refused,",
      "exit 2, when the name is taken) and drops at the end, also after a failure.",
      "Per database (one per FILE), isolation level and scenario:",
      "",
      "  deadlock  S1 updates row 1, S2 row 2, S1 row 2 (waits for S2), S2 row 1",
      "            (closes the cycle): which session fails, with which class and",
      "            code (InnoDB 1213, PostgreSQL 40P01), how long after the cycle",
      "            closed; or did a lock wait timeout break it (1205, 55P03)?",
      "  same-row  S1 updates row 1; S2 updates row 1; S1 commits --hold ms after",
      "            S2 is seen waiting: does S2 wait, then update (pessimistic), wait,",
      "            then fail (a serialization failure, PostgreSQL 40001 under",
      "            REPEATABLE READ), or fail at once (optimistic)?",
      "",
      "Each step waits until the blocked statement is seen waiting in the server's",
      "lock view (or, where none is readable, still runs after 200 ms). Every lock",
      "wait is bounded by --lock-timeout through the database's session setting",
      "(PostgreSQL lock_timeout, MariaDB innodb_lock_wait_timeout, H2 LOCK_TIMEOUT;",
      "the JDBC query timeout where there is none), stated in the output. Classes",
      "and codes are the dialect's; the server's message for each code is listed",
      "under the table.",
      "",
      "Columns: waited ms = how long the session's statement ran; after ms =",
      "deadlock: from the cycle closing to the victim's failure; same-row: from S1's",
      "commit returning to S2's statement ending. Progress goes to standard error.",
      "FILE and --set as for 'run' (db.url, db.user, password, table.prefix; the",
      "workload's keys are checked but unused)."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:probed; the table was dropped",
      "1:a probe failed (its message says why; the table was dropped, or how to remove it); the others are shown",
      "2:bad input (options, parameter file, an isolation level the database does not have, the table's name"
          + " taken); nothing was created",
      "130:interrupted by Ctrl-C (SIGINT), 143: by SIGTERM; the table was dropped first"},
    footer = {"", "Example: commitbench probe locking drivers/postgresql/config/paper-postgresql.properties drivers/mariadb/config/paper-mariadb.properties",
      "Example: commitbench probe locking config/quickstart.properties --isolation read-committed --scenario same-row",
      "Example: commitbench probe locking drivers/mariadb/config/paper-mariadb.properties --format markdown -o locking.md", "",
      "Documentation: docs/locking-probe.md"})
final class ProbeLockingCommand implements Callable<Integer> {

  @Parameters(arity = "1..*", paramLabel = "FILE",
      description = "Parameter files (.properties), one per database to probe; every key: docs/keys.md.")
  List<Path> files;

  @Option(names = "--set", paramLabel = "KEY=VALUE",
      description = "Overrides one key of every FILE; repeatable for different keys (--set db.user=probe).")
  List<String> settings = new ArrayList<>();

  @Option(names = "--isolation", split = ",", paramLabel = "LEVEL",
      description = "Isolation levels, comma-separated: read-committed, repeatable-read, serializable"
          + " (default: each the database has; Oracle has no repeatable-read).")
  List<String> isolation = new ArrayList<>();

  @Option(names = "--scenario", split = ",", paramLabel = "SCENARIO",
      description = "Scenarios, comma-separated: deadlock, same-row (default: both).")
  List<String> scenario = new ArrayList<>();

  @Option(names = "--lock-timeout", paramLabel = "SECONDS", defaultValue = "5",
      description = "Each session's bound on one lock wait, whole seconds, 1 to 300 (default: ${DEFAULT-VALUE}).")
  int lockTimeoutSeconds;

  @Option(names = "--hold", paramLabel = "MILLIS", defaultValue = "1000",
      description = "same-row: how long S1 keeps its lock after S2 is seen waiting, 0 to 600000 ms (default:"
          + " ${DEFAULT-VALUE}); longer than --lock-timeout shows the lock wait timeout instead.")
  long holdMillis;

  @Option(names = "--session-sql", paramLabel = "SQL",
      description = "A statement every session runs before its transactions, after the lock wait bound; repeatable"
          + " (--session-sql \"SET SESSION innodb_snapshot_isolation=ON\" shows MariaDB's 1020). Stated in the output.")
  List<String> sessionSql = new ArrayList<>();

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
      description = "text, markdown or json (default: ${DEFAULT-VALUE}).")
  String format;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the table to FILE instead of standard output.")
  Path output;

  @Spec CommandSpec spec;

  /** How long a signal waits for the probe to drop its table: a step's bound and a drop. */
  private static final long SIGNAL_WAIT_SECONDS = 30;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    List<String> problems = new ArrayList<>();
    Optional<LockingReport> report = Arrays.stream(LockingReport.values()).filter(f -> f.label().equals(format))
        .findFirst();
    if (report.isEmpty()) {
      problems.add("--format " + format + ": unknown; allowed: " + LockingReport.allowed());
    }
    List<IsolationLevel> levels = parse(isolation, IsolationLevel::parse, "--isolation", IsolationLevel.allowed(),
        problems);
    List<LockScenario> scenarios = parse(scenario, LockScenario::parse, "--scenario", LockScenario.allowed(), problems);
    if (lockTimeoutSeconds < 1 || lockTimeoutSeconds > 300) {
      problems.add("--lock-timeout " + lockTimeoutSeconds + ": out of range; allowed: 1 to 300 seconds");
    }
    if (holdMillis < 0 || holdMillis > 600_000) {
      problems.add("--hold " + holdMillis + ": out of range; allowed: 0 to 600000 milliseconds");
    }
    sessionSql.stream().filter(String::isBlank).findFirst()
        .ifPresent(blank -> problems.add("--session-sql: empty; allowed: one SQL statement"));
    if (!problems.isEmpty()) {
      return badInput(problems, err);
    }
    DialectRegistry dialects = DialectRegistry.load();
    List<Target> targets = new ArrayList<>();
    for (Path file : files) {
      ConfigOptions options = new ConfigOptions();
      options.file = file;
      options.settings = settings;
      BenchmarkConfig config;
      try {
        config = options.bind(dialects);
      } catch (ConfigException e) {
        err.println(file + ":");
        return ConfigErrors.report(e, err);
      }
      Dialect dialect = dialects.byName(config.dbType()).orElseThrow();
      List<IsolationLevel> has = Arrays.stream(IsolationLevel.values())
          .filter(dialect.locking().isolationLevels()::contains).toList();
      List<IsolationLevel> chosen = levels.isEmpty() ? has : levels;
      chosen.stream().filter(l -> !has.contains(l)).forEach(l -> problems.add(file + ": --isolation " + l.optionName()
          + ": " + dialect.name() + " has no " + l.sqlName() + "; allowed for " + dialect.name() + ": "
          + String.join(", ", has.stream().map(IsolationLevel::optionName).toList())));
      if (!dialect.availability().available()) {
        problems.add(file + ": the " + dialect.name() + " dialect cannot run here: " + dialect.availability().reason());
      }
      targets.add(new Target(file, config, dialect, new LockingProbe.Settings(chosen,
          scenarios.isEmpty() ? List.of(LockScenario.values()) : scenarios, lockTimeoutSeconds, holdMillis,
          List.copyOf(sessionSql))));
    }
    if (output != null) {
      OutputFileCheck.problem(output).ifPresent(problem -> problems.add("-o " + output + ": " + problem));
    }
    if (!problems.isEmpty()) {
      return badInput(problems, err);
    }
    return probe(targets, report.get(), out, err);
  }

  /**
   * Probes each target in turn. Ctrl-C or kill interrupts the probe, which drops its table and
   * returns; the shutdown hook waits for that (bounded), since the JVM halts when the hook ends.
   */
  private int probe(List<Target> targets, LockingReport report, PrintWriter out, PrintWriter err) throws Exception {
    Thread probing = Thread.currentThread();
    SignalStop signal = SignalStop.install("commitbench-probe-shutdown", probing::interrupt,
        Duration.ofSeconds(SIGNAL_WAIT_SECONDS));
    try {
      return probeEach(targets, report, out, err);
    } catch (InterruptedException e) {
      err.println("error: interrupted by a signal; the probe's table was dropped (else the line above says how to"
          + " remove it)");
      err.flush();
      return ExitCodes.RUN_FAILED;
    } finally {
      signal.close();
    }
  }

  private int probeEach(List<Target> targets, LockingReport report, PrintWriter out, PrintWriter err)
      throws Exception {
    List<LockingProbe.DatabaseProbe> probed = new ArrayList<>();
    int exit = ExitCodes.OK;
    for (Target t : targets) {
      Function<String, String> cleanup = runId -> "commitbench cleanup " + t.file() + " --run-id " + runId + " --apply";
      try {
        probed.add(LockingProbe.of(t.config(), t.dialect(), t.settings(), line -> {
          err.println(line);
          err.flush();
        }).execute(t.config(), cleanup));
      } catch (NamesRefusedException e) {
        err.println("error: refused: " + t.file() + ": " + e.getMessage());
        exit = ExitCodes.worse(exit, ExitCodes.BAD_INPUT);
      } catch (ProbeFailedException e) {
        err.println("error: probe failed: " + e.getMessage());
        Arrays.stream(e.getSuppressed()).forEach(s -> err.println("error: " + s.getMessage()));
        exit = ExitCodes.worse(exit, ExitCodes.RUN_FAILED);
      } catch (java.sql.SQLException e) {
        err.println("error: probe failed: " + t.file() + ": " + e.getMessage());
        exit = ExitCodes.worse(exit, ExitCodes.RUN_FAILED);
      }
    }
    err.flush();
    if (!probed.isEmpty()) {
      // The report's bound and hold are the command's; each database's own levels are in its rows.
      RenderedOutput.deliver(report.render(targets.get(0).settings(), probed), output, out);
    }
    return exit;
  }

  /**
   * Each value of a comma-separated option as {@code parser} reads it, in order, once; one that it
   * does not read adds a problem naming the values allowed.
   */
  private static <T> List<T> parse(List<String> values, Function<String, Optional<T>> parser, String option,
      String allowed, List<String> problems) {
    LinkedHashSet<T> parsed = new LinkedHashSet<>();
    for (String value : values) {
      Optional<T> one = parser.apply(value);
      if (one.isEmpty()) {
        problems.add(option + " " + EchoedValue.of(value) + ": unknown; allowed: " + allowed);
      }
      one.ifPresent(parsed::add);
    }
    return List.copyOf(parsed);
  }

  private static int badInput(List<String> problems, PrintWriter err) {
    problems.forEach(p -> err.println("error: " + p));
    err.println("nothing was created and no database was contacted.");
    err.flush();
    return ExitCodes.BAD_INPUT;
  }

  private record Target(Path file, BenchmarkConfig config, Dialect dialect, LockingProbe.Settings settings) {}
}
