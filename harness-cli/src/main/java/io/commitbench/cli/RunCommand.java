package io.commitbench.cli;

import io.commitbench.core.companion.CompanionRefusedException;
import io.commitbench.core.run.DialectUnavailableException;
import io.commitbench.core.run.RunAssembly;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.config.RunPlan;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.io.UnwritableDirectoryException;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.group.RunGroup;
import io.commitbench.core.run.BenchmarkRun;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code commitbench run FILE}: one benchmark run, results under {@code results/<run-id>/}. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
      "Runs the workload of a parameter file and reports its latency and throughput.",
      "",
      "The workload is paper (the default) or another one that 'commitbench workloads' lists. The",
      "run sets up its tables (and one database user per actor in users.mode=db-users), starts the",
      "actors 'sleep' ms apart and runs until 'duration' seconds have passed or the count is done",
      "(the paper's 'repeat' cycles, or 'transactions'), after 'warmup' seconds that are shown",
      "apart and excluded. With 'rate' the actors follow a schedule of intended starts (an open",
      "loop) and every transaction's response time counts from its intended start, its service",
      "time from its actual start. Prints progress every report.interval seconds and, at the end,",
      "the workload's block (the paper's 'Benchmark Overall Analysis'), throughput, latency",
      "percentiles per statement kind and per transaction type, and the database's log counters.",
      "",
      "Writes results/<run-id>/: report.txt, summary.json, intervals.csv, latency.hlog,",
      "environment.json, config.properties. A failed or interrupted (Ctrl-C) run still writes",
      "what it measured. A run whose failed statements exceed errors.max (default 1%% of those",
      "attempted) stops and fails.",
      "",
      "runs=N repeats the measurement into results/<run-id>/run-1 .. run-N; sweep.key=rate with",
      "sweep.values=100,200,400 runs it once per value (runs times each) into the folders",
      "results/<run-id>/rate=100, rate=200, ... Such a folder gets group.json, group.txt and a",
      "report.html of its own (a sweep's with latency against throughput, one point per value).",
      "",
      "Tables and users get names of the run's own (cb_<run id>_<4 random>_1 ..) unless",
      "table.prefix / user.prefix fix them; a run never drops what it did not create, and refuses",
      "(exit 2) when a name it would create is taken. 'commitbench cleanup' removes what a killed",
      "run left."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:the run completed (also when it missed its target rate or its workload ignored some errors:"
          + " its last lines say so)",
      "1:the run failed (results measured so far are still written); with rate.miss.fail=true also a run that"
          + " missed its target rate",
      "2:bad input (a results folder that cannot be written included); nothing was run. Also when a table or user"
          + " the run would create exists already (a fixed table.prefix or user.prefix): nothing was created or"
          + " dropped; the message says whose the objects may be and how 'commitbench cleanup' removes commitbench's",
      "3:the run completed with failed statements (within errors.max), its workload's check of its data failed"
          + " (TPC-C's consistency conditions), or its cleanup left tables or users behind; the report's last lines"
          + " say what and how to remove it",
      "130:interrupted by Ctrl-C (SIGINT); results written", "143:stopped by SIGTERM (kill); results written"},
    footer = {"", "Documentation: docs/run-control.md, docs/results.md, docs/keys.md"})
final class RunCommand implements Callable<Integer> {

  /**
   * Slack for a shutdown hook beyond the statement and connect timeouts: a socket read may outlast
   * the statement timeout by 30 s (ConnectionPools), then come cleanup and writing the results.
   */
  private static final Duration RESULT_GRACE = Duration.ofSeconds(90);

  @Mixin ConfigOptions options;

  @Spec CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    DialectRegistry dialects = DialectRegistry.load();
    RunPlan plan;
    try {
      plan = options.bindPlan(dialects);
    } catch (ConfigException e) {
      return ConfigErrors.report(e, err);
    }
    BenchmarkConfig config = plan.config();
    RunAssembly assembly = RunAssembly.standard(dialects);
    BenchmarkRun first;
    try {
      // Assembled before anything runs, so a dialect that cannot run here or a companion's bad
      // keys end the command before a folder is made; a group assembles its further runs itself.
      first = assembly.assemble(config, out);
    } catch (DialectUnavailableException e) {
      err.println("error: " + e.getMessage());
      return ExitCodes.RUN_FAILED;
    } catch (CompanionRefusedException e) {
      err.println("error in the parameter file: " + e.getMessage());
      return ExitCodes.BAD_INPUT;
    }
    RunGroup group = new RunGroup(plan, c -> c == config ? first : assembly.assemble(c, out), out);
    // On SIGINT/SIGTERM the operations in flight finish and the results are written, then the JVM
    // exits with 130 or 143. The actors stop reconnecting at once, so the wait is bounded by the
    // statement in flight, a connect attempt and the cleanup; a run still not done then says so.
    Duration wait = Duration.ofSeconds(config.statementTimeoutSeconds() + config.connectTimeoutSeconds())
        .plus(RESULT_GRACE);
    SignalStop signal = SignalStop.install("commitbench-shutdown",
        () -> group.requestStop("interrupted by a signal (Ctrl-C or kill)"), wait, () -> {
          err.println("error: the run did not end within " + wait.toSeconds() + " s of the signal; exiting without"
              + " its final report (summary.json, outcome running, and intervals.csv hold what was measured)");
          err.flush();
        });
    try {
      int exit = ExitCodes.OK;
      for (RunGroup.Member member : group.execute()) {
        exit = ExitCodes.worse(exit, exitCode(member, err));
      }
      return exit;
    } catch (UnwritableDirectoryException e) {
      // Thrown before the run did anything: its folder could not be made or does not take data.
      return ResultsDirErrors.report(config, e, err);
    } finally {
      signal.close();
    }
  }

  /** One run's exit code, its reason said on standard error. */
  private static int exitCode(RunGroup.Member run, PrintWriter err) {
    String name = run.directory() == null ? "" : " " + run.directory().getFileName();
    if (run.refusal() != null) {
      // Names it would create are too long or taken: bad input, and nothing was created or dropped.
      err.println("error: refused: " + run.refusal().getMessage());
      err.flush();
      return ExitCodes.BAD_INPUT;
    }
    RunResult result = run.result();
    if (result.outcome() != RunOutcome.COMPLETED) {
      err.println("error: run" + name + " " + result.outcome().label() + ": " + result.failure());
      err.flush();
      return ExitCodes.RUN_FAILED;
    }
    if (!run.warnings().isEmpty()) {
      // The warnings themselves are the report's last lines, on standard output: named, not repeated.
      err.println("the run" + name + " completed, but not cleanly: exit code " + ExitCodes.COMPLETED_NOT_CLEAN
          + "; the last lines of its report say why");
      err.flush();
      return ExitCodes.COMPLETED_NOT_CLEAN;
    }
    return ExitCodes.OK;
  }
}
