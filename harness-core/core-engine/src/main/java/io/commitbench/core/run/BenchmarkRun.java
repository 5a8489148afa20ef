package io.commitbench.core.run;

import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.companion.CompanionReport;
import io.commitbench.core.companion.RunCompanion;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.environment.EnvironmentCollector;
import io.commitbench.core.environment.EnvironmentJsonWriter;
import io.commitbench.core.environment.EnvironmentText;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.key.UsersMode;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.namespace.NamesRefusedException;
import io.commitbench.core.namespace.OwnershipMark;
import io.commitbench.core.report.Decimals;
import io.commitbench.core.report.HistogramLogSink;
import io.commitbench.core.report.IntervalCsvWriter;
import io.commitbench.core.report.Leftover;
import io.commitbench.core.report.RateVerdict;
import io.commitbench.core.report.ReportText;
import io.commitbench.core.report.ResultPage;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.report.SummaryJsonWriter;
import io.commitbench.core.report.CommitBreakdown;
import io.commitbench.core.report.CommitBreakdownText;
import io.commitbench.core.report.CommitSplit;
import io.commitbench.core.run.breakdown.CommitBreakdownRecorder;
import io.commitbench.core.run.jvm.CompilerSettle;
import io.commitbench.core.run.jvm.ProcessCpu;
import io.commitbench.core.run.output.ProgressPrinter;
import io.commitbench.core.run.output.RunLog;
import io.commitbench.core.server.Fact;
import io.commitbench.core.server.LogActivity;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.LoadContext;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.Workload;
import io.commitbench.core.workload.WorkloadRegistry;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
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
  private final BoundWorkload workload;
  private final Measurements measurements;
  private final RunPhases phases;
  private final boolean inCycles;
  private final TransactionBudget budget;
  /** How long a stopped run waits for the breakdown's sources to answer. */
  private static final long BREAKDOWN_END_WHEN_STOPPED_MILLIS = 1_000;
  private final List<CycleTimes> cycles = Collections.synchronizedList(new ArrayList<>());
  private final ConcurrentLinkedQueue<ActorCycleTimes> actorCycles = new ConcurrentLinkedQueue<>();
  private final List<String> problems = new ArrayList<>();
  private volatile boolean stoppedFromOutside;
  private Path directory;
  private volatile IntervalReporter reporter;
  /** The reporter's sampler, set before the reporter starts (RunningSummary reads it on its thread). */
  private volatile IntervalSampler sampler;
  private Instant startedAt;
  /** The JVM's CPU time when the measurement began and when it ended; UNKNOWN until read. */
  private volatile long cpuAtStart = ProcessCpu.UNKNOWN;
  private volatile long cpuAtEnd = ProcessCpu.UNKNOWN;
  private final RunCounters counters;
  private List<RunCompanion> companions = List.of();
  private final List<RunCompanion> started = new ArrayList<>();
  private final List<Leftover> leftovers = new ArrayList<>();
  /** Whether the cleanup found the admin connection lost: it then could try no drop at all. */
  private boolean adminLost;
  private List<String> warnings = List.of();
  /** What the workload's checks of its data found, before and after the actors (closing warnings). */
  private final List<String> dataFindings = new ArrayList<>();
  private NamesRefusedException refusal;
  private KeptSchema kept;
  private boolean lastOfGroup = true;
  /** What the environment collector found, for the commit breakdown's sources. */
  private List<Fact> facts = List.of();
  /** The commit breakdown's sources while the actors run; null when breakdown=false or not yet opened. */
  private volatile CommitBreakdownRecorder breakdown;
  private List<SourceReading> breakdownReadings;

  /** Runs the configured workload, found on the class path. */
  public BenchmarkRun(BenchmarkConfig config, Dialect dialect, String harnessVersion, PrintWriter console) {
    this(config, WorkloadRegistry.load().byName(config.workload()).orElseThrow(
        () -> new IllegalArgumentException("no workload named " + config.workload())), dialect, harnessVersion, console);
  }

  public BenchmarkRun(BenchmarkConfig config, Workload workload, Dialect dialect, String harnessVersion,
      PrintWriter console) {
    this.config = config;
    this.dialect = dialect;
    this.harnessVersion = harnessVersion;
    this.workload = workload.bind(config.settings());
    this.measurements = Measurements.forActors(config.users(), this.workload.transactionTypes());
    this.phases = new RunPhases(config.runControl(), this.workload.cycles(), workload.runsInCycles());
    this.inCycles = workload.runsInCycles();
    this.budget = RunActors.budgetOf(config.runControl());
    this.log = new RunLog(console);
    this.counters = new RunCounters(dialect, this.workload.autocommit(), config.runControl().warmupSeconds() > 0,
        BenchmarkRun::describe);
  }

  /**
   * Companions to start before the actors and stop after them, in this order (stopped in reverse).
   * Call before {@link #execute}.
   */
  public BenchmarkRun withCompanions(List<RunCompanion> companions) {
    this.companions = List.copyOf(companions);
    return this;
  }

  /**
   * Makes this run one of a group's whose tables and users are kept between runs: it adopts what
   * {@code kept} holds, if anything, and hands its setup on instead of dropping it unless it is the
   * {@code last} run, or it failed or was stopped. Call before {@link #execute}.
   */
  public BenchmarkRun withKeptSchema(KeptSchema kept, boolean last) {
    this.kept = kept;
    this.lastOfGroup = last;
    return this;
  }

  /**
   * Whether the setup goes on to the group's next run instead of being dropped. Never on a prepared
   * data set (load=reuse): its tables stay anyway, and each run creates and drops its own users
   * (handed on, they would go to a run that does not adopt them, and stay on the server).
   */
  private boolean handsOn() {
    return kept != null && !lastOfGroup && !stoppedFromOutside && problems.isEmpty()
        && !workload.reusesLoadedTables();
  }

  /** Asks the run to stop after the operations in flight; the results so far are kept. */
  public void requestStop(String reason) {
    stoppedFromOutside = true;
    stop.request(reason);
  }

  /**
   * The report's closing warnings after {@link #execute}: failed statements of a completed run and
   * what the cleanup left behind; empty for a clean run.
   */
  public List<String> warnings() {
    return warnings;
  }

  /**
   * Why the run was refused before it created or dropped anything (a name it would create is too
   * long or taken: bad input), or null when it was not.
   */
  public NamesRefusedException refusal() {
    return refusal;
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
    startedAt = Instant.now();
    directory = ResultDirectory.create(config.resultsDirectory(), config.runId());
    String usersMode = config.usersMode().value();
    try {
      log.copyTo(directory.resolve(ResultDirectory.REPORT));
      ResultDirectory.writeConfig(directory, config.effective());
      usersMode = setUpAndMeasure();
    } catch (NamesRefusedException e) {
      refusal = e;
      problems.add(0, "refused: " + e.getMessage());
    } catch (Exception e) {
      problems.add(0, describe(e));
    }
    return finish(usersMode);
  }

  private String setUpAndMeasure() throws Exception {
    try (AdminConnection admin = new AdminConnection(this::connectAdmin, config.effective().get("db.url"))) {
      SchemaSetup setup = new SchemaSetup(config, dialect, admin, OwnershipMark.ofThisProcess(
          directory.getFileName().toString(), config.owner(), startedAt, config.tablePrefix(), config.userPrefix()));
      SchemaSetup.Created previous = kept != null && kept.holds() ? kept.take() : null;
      UsersMode mode = previous != null ? previous.mode() : setup.resolveMode();
      List<String> environment = recordEnvironment(admin.get());
      log.print(ReportText.header(config, workload.headerLines(), mode.value(), dialect.users().productKeys(),
          environment));
      log.print("results: " + directory.toAbsolutePath());
      try {
        long began = System.nanoTime();
        boolean reused = workload.reusesLoadedTables();
        List<SchemaTable> tables = reused ? reuseTables(setup, admin)
            : previous != null ? setup.adopt(previous)
            : setup.create(workload.tables(setup.naming()));
        log.print(String.format(Locale.ROOT, "setup: %d tables%s %s in %.1f s", tables.size(),
            mode == UsersMode.DB_USERS ? ", " + config.users() + " database users" : "",
            reused ? "of a prepared data set (load=reuse; kept)"
                : previous != null ? "kept from the group's previous run, tables emptied" : "created",
            (System.nanoTime() - began) / 1e9));
        if (!reused) {
          began = System.nanoTime();
          workload.load(new LoadContext(admin.get(), dialect, tables, this::connectAdmin, log::print, stop::isRequested));
          setup.loaded();
          log.print(String.format(Locale.ROOT, "load: done in %.1f s", (System.nanoTime() - began) / 1e9));
        }
        checkData(admin.get(), tables, reused ? "before the run" : "after the load");
        measure(tables, setup, admin, mode.value());
      } finally {
        reviveAdmin(admin);
        if (handsOn()) {
          kept.keep(setup.handOver());
          log.print("setup kept for the group's next run (runs.setup=kept)");
        } else {
          cleanUp(setup, admin);
        }
      }
      return mode.value();
    }
  }

  /** The tables of a prepared data set, checked for this run; refused (bad input) when unfit. */
  private List<SchemaTable> reuseTables(SchemaSetup setup, AdminConnection admin) throws Exception {
    return setup.reuse(workload.tables(setup.naming()), tables -> workload.checkReused(admin.get(), tables));
  }

  /**
   * The admin connection, re-established first when it broke while the actors ran (its backend
   * terminated, the server restarted), for the end counters and the cleanup: as patiently as an
   * actor (reconnect.timeout), or with one attempt after a signal, which must end the run within
   * seconds. When it cannot be, it is lost for the rest of the run: that fails the run, with the
   * reason in words, and what needs it fails with that reason (the cleanup then names what it
   * left); later calls do not wait again.
   */
  private Connection reviveAdmin(AdminConnection admin) {
    boolean lostBefore = admin.isLost();
    try {
      if (admin.revive(stoppedFromOutside ? 0 : config.reconnectTimeoutSeconds() * 1_000_000_000L,
          stoppedFromOutside ? "in the one attempt a stopped run makes"
              : "within " + ParameterKeys.RECONNECT_TIMEOUT + "=" + config.reconnectTimeoutSeconds() + " s")) {
        log.print("the admin connection broke during the run and was re-established");
      }
    } catch (SQLException e) {
      if (!lostBefore) {
        problems.add(e.getMessage());
        log.print("error: " + e.getMessage());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return admin.get();
  }

  /**
   * Records the server, its durability settings, where its log is and on which device, the host
   * and the harness, before the run touches anything; returns the report header lines.
   */
  private List<String> recordEnvironment(Connection admin) {
    facts = EnvironmentCollector.collect(config, dialect, admin);
    try {
      EnvironmentJsonWriter.write(facts, directory.resolve(EnvironmentJsonWriter.FILE_NAME));
    } catch (IOException e) {
      log.print("warning: cannot write " + EnvironmentJsonWriter.FILE_NAME + ": " + e.getMessage());
    }
    return EnvironmentText.headerLines(facts);
  }

  private Connection connectAdmin() throws SQLException {
    return AdminLogin.open(config, dialect);
  }

  private void measure(List<SchemaTable> tables, SchemaSetup setup, AdminConnection admin, String usersMode)
      throws Exception {
    IntervalSinks sinks = new IntervalSinks();
    counters.readBeforeActors(admin);
    try (RunActors wiring = new RunActors(config, workload, dialect, measurements, budget, stop, log::print, null);
        sinks) {
      List<ActorBody> actors = new ArrayList<>();
      for (int i = 0; i < config.users(); i++) {
        actors.add(wiring.actor(i, setup.userOf(i), tables));
      }
      sinks.add(new IntervalCsvWriter(directory.resolve(ResultDirectory.INTERVALS), workload.transactionTypes()));
      sinks.add(new HistogramLogSink(directory.resolve(ResultDirectory.HISTOGRAM_LOG), System.currentTimeMillis(),
          workload.transactionTypes()));
      sinks.add(new ProgressPrinter(log, phases::position));
      ErrorBudgetGuard errorBudget = new ErrorBudgetGuard(config.errorBudget(), stop);
      sinks.add(errorBudget);
      sinks.add(new RunningSummary(directory.resolve(ResultDirectory.SUMMARY), () -> resultSoFar(usersMode)));
      // How many cycles run is decided cycle by cycle (startCycle): warm-up cycles come first.
      ActorSchedule schedule = new ActorSchedule(config.users(), config.sleepMillis() * 1_000_000L, Integer.MAX_VALUE);
      ActorGroup.Outcome outcome = null;
      try {
        startCompanions();
        startBreakdown();
        outcome = new ActorGroup(schedule, actors, stop, listener(sinks), this::startCycle).run();
      } finally {
        endBreakdown();
        stopCompanions();
        // The measurement ends when the last actor finished working (RunTotals#measuredNanos), not
        // after the actors closed their connections and were joined; so does its CPU time.
        if (reporter != null) {
          cpuAtEnd = outcome != null ? outcome.workEndCpuNanos() : ProcessCpu.nanos();
          reporter.finish(outcome != null && outcome.workEndNanos() != 0 ? outcome.workEndNanos() : System.nanoTime());
        }
      }
      if (reporter != null && reporter.writeFailure() != null) {
        problems.add("could not write interval results: " + reporter.writeFailure().getMessage());
      }
      if (errorBudget.exceeded() != null) {
        problems.add(errorBudget.exceeded());
      }
      problems.addAll(ActorFailures.lines(outcome, config.users(), BenchmarkRun::describe));
      readAfterActors(reviveAdmin(admin), tables);
    } finally {
      if (counters.readBefore()) {
        counters.readAfterActors(reviveAdmin(admin));
      }
    }
  }

  /** The workload's look at the database after its actors (its data size); a failure is a warning. */
  private void readAfterActors(Connection admin, List<SchemaTable> tables) {
    try {
      workload.afterActors(admin, dialect, tables);
    } catch (SQLException | RuntimeException e) {
      log.print("warning: the workload could not read the database after the run: " + describe(e));
    }
    checkData(admin, tables, "after the run");
  }

  /**
   * The workload's check of its data ({@link BoundWorkload#checkData}); what it finds, or that it
   * could not check, is printed now and again among the closing warnings, which make the exit code 3.
   */
  private void checkData(Connection admin, List<SchemaTable> tables, String when) {
    List<String> found;
    try {
      found = workload.checkData(admin, dialect, tables);
    } catch (SQLException | RuntimeException e) {
      found = List.of("the workload could not check its data: " + describe(e));
    }
    for (String finding : found) {
      String line = "warning: " + when + ": " + finding;
      dataFindings.add(line);
      log.print(line);
    }
  }

  /** The workload's own files (its curves) into the results folder; a failure is a warning. */
  private void writeWorkloadFiles() {
    for (Map.Entry<String, String> file : workload.resultFiles().entrySet()) {
      try {
        AtomicFiles.write(directory.resolve(file.getKey()), file.getValue().getBytes(StandardCharsets.UTF_8));
      } catch (IOException e) {
        log.print("warning: cannot write " + file.getKey() + ": " + e.getMessage());
      }
    }
  }

  /**
   * Before each cycle: whether it runs, and whether it is the first measured one (the warm-up of
   * a workload in cycles ends with the first cycle that starts after the warm-up time).
   */
  private boolean startCycle(int cycle, long nowNanos) {
    RunPhases.CycleStart start = phases.cycleStarting(cycle, nowNanos);
    if (start == RunPhases.CycleStart.FIRST_MEASURED && reporter != null) {
      reporter.beginMeasurement(nowNanos);
    }
    return start != RunPhases.CycleStart.NONE;
  }

  /**
   * The measurement began: a timed run ends {@code duration} later, a counted one counts from now.
   * After a warm-up the server's counters are read again first, so that they cover the measured
   * window as the client's figures do; this comes before the interval is cut (see {@link
   * IntervalSampler#beginMeasurement}), and the thread that ends the warm-up waits for it, as the
   * actors would for a server that does not answer.
   */
  private void measurementBegan(long nowNanos) {
    counters.readAtWarmupEnd();
    CommitBreakdownRecorder sources = breakdown;
    if (sources != null && config.runControl().warmupSeconds() > 0) {
      sources.begin();
    }
    cpuAtStart = ProcessCpu.nanos();
    phases.measurementBegan(nowNanos);
    budget.startCounting();
    if (config.runControl().timed()) {
      reporter.deadline(nowNanos + config.runControl().durationSeconds() * 1_000_000_000L,
          () -> stop.request(RunPhases.DURATION_REACHED));
    }
  }

  private ActorGroup.Listener listener(IntervalSinks sinks) {
    return new ActorGroup.Listener() {
      @Override
      public void actorsOpened(int opened, long nanos) {
        if (opened < config.users()) {
          log.print(String.format(Locale.ROOT, "connected: only %d of %d actors in %.1f s", opened, config.users(),
              nanos / 1e9));
          return;
        }
        long settled = settleCompiler();
        log.print(String.format(Locale.ROOT, "connected: %d actors in %.1f s, compiler settled in %.2f s", config.users(),
            nanos / 1e9, settled / 1e9));
      }

      @Override
      public void cycleStarting(int cycle, long startNanos) {
        if (cycle == 1) {
          boolean warmup = config.runControl().warmupSeconds() > 0;
          sampler = new IntervalSampler(measurements, startNanos, System.currentTimeMillis(),
              config.reportIntervalSeconds() * 1_000_000_000L, warmup ? Phase.WARMUP : Phase.MEASURED);
          // A workload in cycles ends its warm-up at a cycle's start (startCycle), any other by the clock.
          long warmupEnd = warmup && !inCycles ? startNanos + config.runControl().warmupSeconds() * 1_000_000_000L : Long.MAX_VALUE;
          phases.started(startNanos);
          reporter = new IntervalReporter(sampler, sinks, config.reportIntervalSeconds() * 1_000_000_000L, startNanos,
              warmupEnd, BenchmarkRun.this::measurementBegan);
          reporter.start();
        }
      }

      @Override
      public void actorCycleFinished(ActorCycleTimes times) {
        phases.measuredCycle(times.cycle()).ifPresent(n -> actorCycles.add(times.renumbered(n)));
      }

      @Override
      public void cycleFinished(CycleTimes times) {
        // Written while the actors measure: Decimals, not String.format (see cycleLine).
        phases.measuredCycle(times.cycle()).ifPresentOrElse(n -> {
          cycles.add(new CycleTimes(n, times.nanos()));
          log.print(cycleLine("cycle " + phases.cycleLabel(n), times.nanos()));
        }, () -> log.print(cycleLine("warm-up cycle " + times.cycle(), times.nanos())));
      }
    };
  }

  /**
   * "cycle 3 finished in 4217.350 ms", as {@code %.3f} would write it. Not String.format, whose
   * double goes through the JDK's FloatingDecimal: a method so large that its compilation by C2
   * costs a compiler thread a long stretch inside the measured window, CPU a plain loop does not
   * spend.
   */
  private static String cycleLine(String cycle, long nanos) {
    return Decimals.threePlaces(new StringBuilder(cycle).append(" finished in "), nanos / 1e6).append(" ms").toString();
  }

  /** Opens and begins the commit breakdown's sources (breakdown=true), just before the actors start. */
  private void startBreakdown() {
    if (config.settings().bool(ParameterKeys.BREAKDOWN)) {
      CommitBreakdownRecorder sources = CommitBreakdownRecorder.open(config, dialect, facts, startedAt,
          this::connectAdmin);
      sources.begin();
      breakdown = sources;
    }
  }

  /**
   * Reads the breakdown's sources after the actors, before their connections close: within the
   * statement timeout, or one second when the run was stopped from outside, which must end within
   * seconds.
   */
  private void endBreakdown() {
    CommitBreakdownRecorder sources = breakdown;
    if (sources != null) {
      breakdown = null;
      breakdownReadings = sources.end(stoppedFromOutside ? BREAKDOWN_END_WHEN_STOPPED_MILLIS
          : config.statementTimeoutSeconds() * 1000L);
      sources.close();
    }
  }

  private CommitBreakdown commitBreakdown(RunTotals totals) {
    if (!config.settings().bool(ParameterKeys.BREAKDOWN)) {
      return CommitBreakdown.notMeasured(ParameterKeys.BREAKDOWN + "=false");
    }
    if (breakdownReadings == null) {
      return CommitBreakdown.notMeasured("the run ended before its actors started");
    }
    return CommitSplit.of(totals, breakdownReadings);
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

  private void cleanUp(SchemaSetup setup, AdminConnection admin) {
    if (!setup.createdAnything()) {
      return;
    }
    if (!config.cleanup()) {
      log.print("cleanup=false: the tables" + (setup.userOf(0) != null ? " and users" : "") + " are kept");
      return;
    }
    List<Leftover> left = setup.drop();
    leftovers.addAll(left);
    if (admin.isLost()) {
      adminLost = true;
      log.print("warning: no cleanup: the admin connection was lost; the " + left.size() + " objects the run created"
          + " are listed at the end with the statements that drop them");
      return;
    }
    for (Leftover leftover : left) {
      log.print("warning: cleanup incomplete: " + leftover.reason());
    }
  }

  private RunResult finish(String usersMode) {
    IntervalSampler unstarted = reporter != null ? null : new IntervalSampler(measurements, System.nanoTime(),
        System.currentTimeMillis(), 1, Phase.MEASURED);
    RunTotals totals = reporter != null ? reporter.finish(System.nanoTime()) : unstarted.totals();
    RunTotals warmup = config.runControl().warmupSeconds() == 0 ? null
        : reporter != null ? reporter.warmupTotals() : unstarted.warmupTotals();
    Optional<RateVerdict> rate = RateVerdict.of(config.runControl(), config.users(), totals)
        .filter(RateVerdict::missed);
    if (rate.isPresent() && rate.get().fails() && !stoppedFromOutside && problems.isEmpty()) {
      problems.add(rate.get().message() + " (" + ParameterKeys.RATE_MISS_FAIL + "=true)");
    }
    RunOutcome outcome = stoppedFromOutside ? RunOutcome.INTERRUPTED
        : problems.isEmpty() ? RunOutcome.COMPLETED : RunOutcome.FAILED;
    String failure = stoppedFromOutside ? stop.reason() : String.join("; ", problems);
    RunResult result = result(usersMode, outcome, failure, totals, warmup, counters.activity(), companionReports(),
        clientCpuNanos()).withCommitBreakdown(commitBreakdown(totals));
    // A refused run measured nothing: its result blocks would be tables of dashes around the one
    // message that matters, which the caller prints.
    if (refusal == null) {
      printResultBlocks(result);
    }
    try {
      SummaryJsonWriter.write(result, directory.resolve(ResultDirectory.SUMMARY), workload.summaryFigures(result.totals()),
          leftovers);
      log.print("results written to " + directory.toAbsolutePath());
    } catch (IOException e) {
      // A full or failing results filesystem: say so last, not that the results were written.
      log.print("error: cannot write summary.json: " + e.getMessage());
      log.print("results incomplete in " + directory.toAbsolutePath() + ": summary.json is missing or from an"
          + " earlier interval (outcome running); the report above and intervals.csv hold what was measured");
    }
    writeWorkloadFiles();
    // A missed rate qualifies the figures and leaves the exit code alone (unless rate.miss.fail
    // failed the run above); the warnings that make the exit code 3 come after it, last.
    rate.filter(v -> !v.fails() && outcome == RunOutcome.COMPLETED)
        .ifPresent(v -> log.print("warning: " + v.message()));
    List<String> closing = new ArrayList<>(dataFindings);
    closing.addAll(ClosingWarnings.of(result, leftovers, config.dbUser(), adminLost));
    warnings = List.copyOf(closing);
    warnings.forEach(log::print);
    // A companion's warnings (e.g. a formatter arm that had nothing to act on) come last; they
    // qualify its figures and leave the run's exit code alone.
    result.companions().forEach(c -> c.warnings().forEach(log::print));
    writeResultPages();
    log.close();
    return result;
  }

  private void printResultBlocks(RunResult result) {
    String workloadBlock = workload.reportBlock(result.totals(), result.cycles(), result.actorCycles());
    if (!workloadBlock.isEmpty()) {
      log.print(workloadBlock);
    }
    log.print(ReportText.modernBlock(result));
    log.print(ReportText.serverBlock(result));
    log.print(CommitBreakdownText.block(result.commitBreakdown()));
    result.companions().forEach(c -> log.print(String.join("\n", c.lines())));
  }

  /**
   * The result pages on the class path (report.html), from the files just written (report.txt
   * is complete up to here), for every outcome: a failed or interrupted run gets them for what
   * it measured. A page's failure fails nothing.
   */
  private void writeResultPages() {
    for (ResultPage page : ServiceLoader.load(ResultPage.class)) {
      try {
        page.write(directory);
      } catch (IOException | RuntimeException e) {
        log.print("warning: cannot write " + page.fileName() + ": " + describe(e));
      }
    }
  }

  /**
   * What was measured up to the interval just sampled, for the summary kept on disk while the
   * run goes on. Called on the reporter's thread from within its sample, so the sampler's totals
   * are those of the intervals written, and the views of them stay valid while the summary is
   * written; the server's counters and the companions' reports come only at the end.
   */
  private RunResult resultSoFar(String usersMode) {
    IntervalSampler current = sampler;
    RunTotals warmup = config.runControl().warmupSeconds() == 0 ? null : current.warmupTotalsView();
    return result(usersMode, RunOutcome.RUNNING, "", current.totalsView(), warmup,
        LogActivity.notRead("the run has not ended: the server's counters are read at its end"), List.of(),
        ProcessCpu.UNKNOWN);
  }

  private RunResult result(String usersMode, RunOutcome outcome, String failure, RunTotals totals, RunTotals warmup,
      LogActivity activity, List<CompanionReport> companionReports, long cpuNanos) {
    return new RunResult(directory.getFileName().toString(), harnessVersion, config, usersMode, startedAt,
        Instant.now(), outcome, failure, List.copyOf(cycles), List.copyOf(actorCycles), totals, activity,
        companionReports, workload.autocommit(), warmup, cpuNanos);
  }

  /**
   * Waits until the JIT compiler has done what the set-up gave it ({@link CompilerSettle}), so its
   * work stays out of the measured window that begins with the first cycle; answers the wait in
   * nanoseconds. An interrupt ends the wait and is kept for the actors' coordinator to see.
   */
  private long settleCompiler() {
    try {
      return CompilerSettle.ofThisJvm().await(stop::isRequested);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }

  /**
   * The JVM's CPU time over the measured window (roughly: read when the measurement began and when
   * the actors had stopped), or {@link ProcessCpu#UNKNOWN}.
   */
  private long clientCpuNanos() {
    return cpuAtStart == ProcessCpu.UNKNOWN || cpuAtEnd == ProcessCpu.UNKNOWN ? ProcessCpu.UNKNOWN
        : cpuAtEnd - cpuAtStart;
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
