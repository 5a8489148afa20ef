package io.commitbench.core.run;

import com.zaxxer.hikari.HikariDataSource;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.UsersMode;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.WorkloadSql;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.report.CompanionReport;
import io.commitbench.core.report.HistogramLogSink;
import io.commitbench.core.report.IntervalCsvWriter;
import io.commitbench.core.report.ReportText;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.report.SummaryJsonWriter;
import io.commitbench.core.server.EnvironmentCollector;
import io.commitbench.core.server.EnvironmentJsonWriter;
import io.commitbench.core.server.EnvironmentText;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.CounterContext;
import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.LogActivity;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * One benchmark run, start to end: result folder, setup, the actors' cycles, results, cleanup.
 * Results are written whatever happens: a run that fails or is stopped still leaves its
 * report, summary and intervals for what it measured.
 *
 * <pre>
 * RunResult result = new BenchmarkRun(config, dialect, "0.1.0", new PrintWriter(System.out, true)).execute();
 * </pre>
 *
 * <p>{@link #requestStop} may be called from any thread (a signal handler); everything else
 * from the thread that calls {@link #execute}.
 */
public final class BenchmarkRun {

  private final BenchmarkConfig config;
  private final Dialect dialect;
  private final String harnessVersion;
  private final RunLog log;
  private final StopSignal stop = new StopSignal();
  private final Measurements measurements;
  private final List<CycleTimes> cycles = Collections.synchronizedList(new ArrayList<>());
  private final ConcurrentLinkedQueue<ActorCycleTimes> actorCycles = new ConcurrentLinkedQueue<>();
  private final List<String> problems = new ArrayList<>();
  private volatile boolean stoppedFromOutside;
  private volatile int currentCycle;
  private Path directory;
  private volatile IntervalReporter reporter;
  private CounterSnapshot countersBefore;
  private CounterSnapshot countersAfter;
  private List<RunCompanion> companions = List.of();
  private final List<RunCompanion> started = new ArrayList<>();

  public BenchmarkRun(BenchmarkConfig config, Dialect dialect, String harnessVersion, PrintWriter console) {
    this.config = config;
    this.dialect = dialect;
    this.harnessVersion = harnessVersion;
    this.measurements = Measurements.forActors(config.users());
    this.log = new RunLog(console);
  }

  /**
   * Companions to start before the actors and stop after them, in this order (stopped in reverse).
   * Call before {@link #execute}.
   */
  public BenchmarkRun withCompanions(List<RunCompanion> companions) {
    this.companions = List.copyOf(companions);
    return this;
  }

  /** Asks the run to stop after the operations in flight; the results so far are kept. */
  public void requestStop(String reason) {
    stoppedFromOutside = true;
    stop.request(reason);
  }

  /** The run's result folder; null before {@link #execute} created it. */
  public Path resultDirectory() {
    return directory;
  }

  /**
   * Runs everything and returns what was measured.
   *
   * @throws IOException only when the result folder cannot be created; nothing else was done then
   */
  public RunResult execute() throws IOException {
    Instant startedAt = Instant.now();
    directory = ResultDirectory.create(config.resultsDirectory(), config.runId());
    String usersMode = config.usersMode().value();
    try {
      log.copyTo(directory.resolve(ResultDirectory.REPORT));
      ResultDirectory.writeConfig(directory, config.effective());
      usersMode = setUpAndMeasure();
    } catch (Exception e) {
      problems.add(0, describe(e));
    }
    return finish(startedAt, usersMode);
  }

  private String setUpAndMeasure() throws Exception {
    try (Connection admin = connectAdmin()) {
      SchemaSetup setup = new SchemaSetup(config, dialect, admin);
      UsersMode mode = setup.resolveMode();
      List<String> environment = recordEnvironment(admin);
      log.print(ReportText.header(config, mode.value(), environment));
      log.print("results: " + directory.toAbsolutePath());
      try {
        long began = System.nanoTime();
        List<TableSpec> tables = setup.create();
        log.print(String.format(java.util.Locale.ROOT, "setup: %d tables%s in %.1f s", tables.size(),
            mode == UsersMode.DB_USERS ? ", " + config.users() + " database users" : "", (System.nanoTime() - began) / 1e9));
        measure(tables, setup, admin);
      } finally {
        cleanUp(setup);
      }
      return mode.value();
    }
  }

  /**
   * Records the server, its durability settings, where its log is and on which device, the host
   * and the harness, before the run touches anything; returns the report header lines.
   */
  private List<String> recordEnvironment(Connection admin) {
    List<Fact> facts = EnvironmentCollector.collect(config, dialect, admin);
    try {
      EnvironmentJsonWriter.write(facts, directory.resolve(EnvironmentJsonWriter.FILE_NAME));
    } catch (IOException e) {
      log.print("warning: cannot write " + EnvironmentJsonWriter.FILE_NAME + ": " + e.getMessage());
    }
    return EnvironmentText.headerLines(facts);
  }

  private Connection connectAdmin() throws SQLException {
    Properties properties = ConnectionPools.driverProperties(config, dialect);
    properties.setProperty("user", config.dbUser());
    properties.setProperty("password", config.password().reveal());
    try {
      return DriverManager.getConnection(config.dbUrl(), properties);
    } catch (SQLException e) {
      throw new SQLException("cannot connect as " + config.dbUser() + " to " + config.effective().get("db.url") + ": "
          + e.getMessage(), e.getSQLState(), e.getErrorCode(), e);
    }
  }

  private void measure(List<TableSpec> tables, SchemaSetup setup, Connection admin) throws Exception {
    List<WorkloadSql> sql = tables.stream().map(dialect::workloadSql).toList();
    PaperWorkload workload = PaperWorkload.of(config);
    IntervalSinks sinks = new IntervalSinks();
    countersBefore = readLogCounters(admin, CounterContext.atStart(config.autocommit()));
    try (ConnectionPools pools = new ConnectionPools(config, dialect); sinks) {
      List<PaperActor> actors = new ArrayList<>();
      HikariDataSource shared = null;
      for (int i = 0; i < config.users(); i++) {
        DbUser user = setup.userOf(i);
        HikariDataSource pool;
        String login;
        if (user == null) {
          shared = shared != null ? shared : pools.create(config.dbUser(), config.password().reveal(), config.users());
          pool = shared;
          login = config.dbUser();
        } else {
          pool = pools.create(user.name(), user.password(), 1);
          login = user.name();
        }
        ActorSession session = new ActorSession(login, pool, sql, config.statementTimeoutSeconds(),
            config.reconnectTimeoutSeconds(), dialect.sessionTimeoutStatements(config.statementTimeoutSeconds()));
        actors.add(new PaperActor(i, workload, session, dialect, measurements, stop));
      }
      sinks.add(new IntervalCsvWriter(directory.resolve(ResultDirectory.INTERVALS)));
      sinks.add(new HistogramLogSink(directory.resolve(ResultDirectory.HISTOGRAM_LOG), System.currentTimeMillis()));
      sinks.add(new ProgressPrinter(log, () -> "cycle " + currentCycle + "/" + config.repeat()));
      ActorSchedule schedule = new ActorSchedule(config.users(), config.sleepMillis() * 1_000_000L, config.repeat());
      ActorGroup.Outcome outcome = null;
      try {
        startCompanions();
        outcome = new ActorGroup(schedule, actors, stop, listener(sinks)).run();
      } finally {
        stopCompanions();
        // The measurement ends when the last actor finished working (RunTotals#measuredNanos), not
        // after the actors closed their connections and were joined.
        if (reporter != null) {
          reporter.finish(outcome != null && outcome.workEndNanos() != 0 ? outcome.workEndNanos() : System.nanoTime());
        }
      }
      if (reporter != null && reporter.writeFailure() != null) {
        problems.add("could not write interval results: " + reporter.writeFailure().getMessage());
      }
      outcome.failures().forEach(f -> problems.add(describe(f)));
    } finally {
      if (countersBefore != null) {
        countersAfter = readLogCounters(admin, CounterContext.atEnd(config.autocommit()));
      }
    }
  }

  /**
   * The server's log counters now, or why they could not be read: a failure here must not fail
   * the run. The start snapshot is read before the pools open (opening them commits nothing), so
   * no actor's connection sits idle while it is read; the end snapshot after the pools closed,
   * because a server may hold back an idle session's counts until the session ends (PostgreSQL,
   * for up to 10 s).
   */
  private CounterSnapshot readLogCounters(Connection admin, CounterContext when) {
    try {
      return dialect.logCounters().read(admin, when);
    } catch (SQLException | RuntimeException e) {
      return CounterSnapshot.failed("could not read the server's counters: " + describe(e));
    }
  }

  private LogActivity logActivity() {
    if (countersBefore == null) {
      return LogActivity.notRead("the run ended before its first cycle, so the server's counters were not read");
    }
    if (countersAfter == null) {
      return LogActivity.notRead("the server's counters were not read at the end of the run");
    }
    return LogActivity.between(countersBefore, countersAfter);
  }

  private ActorGroup.Listener listener(IntervalSinks sinks) {
    return new ActorGroup.Listener() {
      @Override
      public void cycleStarting(int cycle, long startNanos) {
        currentCycle = cycle;
        if (cycle == 1) {
          IntervalSampler sampler = new IntervalSampler(measurements, startNanos, System.currentTimeMillis());
          reporter = new IntervalReporter(sampler, sinks, config.reportIntervalSeconds());
        }
      }

      @Override
      public void actorCycleFinished(ActorCycleTimes times) {
        actorCycles.add(times);
      }

      @Override
      public void cycleFinished(CycleTimes times) {
        cycles.add(times);
        log.print(String.format(java.util.Locale.ROOT, "cycle %d/%d finished in %.3f ms", times.cycle(), config.repeat(),
            times.nanos() / 1e6));
      }
    };
  }

  private void startCompanions() throws Exception {
    for (RunCompanion companion : companions) {
      started.add(companion);
      companion.start();
    }
  }

  /** Stops what was started, last first; a companion that fails to stop is a problem of the run. */
  private void stopCompanions() {
    for (int i = started.size() - 1; i >= 0; i--) {
      try {
        started.get(i).stop();
      } catch (Exception e) {
        problems.add("companion " + started.get(i).report().name() + " failed to stop: " + describe(e));
      }
    }
  }

  private List<CompanionReport> companionReports() {
    List<CompanionReport> reports = new ArrayList<>();
    for (RunCompanion companion : started) {
      reports.add(companion.report());
    }
    return reports;
  }

  private void cleanUp(SchemaSetup setup) {
    if (!config.cleanup()) {
      log.print("cleanup=false: the tables" + (setup.userOf(0) != null ? " and users" : "") + " are kept");
      return;
    }
    for (SQLException failure : setup.drop()) {
      log.print("warning: cleanup incomplete: " + failure.getMessage());
    }
  }

  private RunResult finish(Instant startedAt, String usersMode) {
    RunTotals totals = reporter != null ? reporter.finish(System.nanoTime())
        : new IntervalSampler(measurements, System.nanoTime(), System.currentTimeMillis()).totals();
    RunOutcome outcome = stoppedFromOutside ? RunOutcome.INTERRUPTED
        : problems.isEmpty() ? RunOutcome.COMPLETED : RunOutcome.FAILED;
    String failure = stoppedFromOutside ? stop.reason() : String.join("; ", problems);
    RunResult result = new RunResult(directory.getFileName().toString(), harnessVersion, config, usersMode, startedAt,
        Instant.now(), outcome, failure, List.copyOf(cycles), List.copyOf(actorCycles), totals, logActivity(),
        companionReports());
    log.print(ReportText.paperBlock(io.commitbench.core.report.PaperAnalysis.of(result)));
    log.print(ReportText.modernBlock(result));
    log.print(ReportText.serverBlock(result));
    result.companions().forEach(c -> log.print(String.join("\n", c.lines())));
    try {
      SummaryJsonWriter.write(result, directory.resolve(ResultDirectory.SUMMARY));
    } catch (IOException e) {
      log.print("error: cannot write summary.json: " + e.getMessage());
    }
    log.print("results written to " + directory.toAbsolutePath());
    log.close();
    return result;
  }

  /** One line: the message, and the cause's when it adds something. */
  private static String describe(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    Throwable cause = e.getCause();
    if (cause != null && cause.getMessage() != null && !message.contains(cause.getMessage())) {
      message += " (" + cause.getMessage() + ")";
    }
    return message;
  }
}
