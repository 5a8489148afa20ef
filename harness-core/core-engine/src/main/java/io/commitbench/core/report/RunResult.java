package io.commitbench.core.report;

import io.commitbench.core.companion.CompanionReport;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.CycleTimes;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.server.LogActivity;
import java.time.Instant;
import java.util.List;

/**
 * Everything a finished (or stopped) run hands to the result writers.
 *
 * @param runId the run's folder name under the results directory
 * @param harnessVersion the commitbench version that ran it
 * @param config the validated configuration (its {@code effective()} map has no secrets)
 * @param usersModeUsed what {@code users.mode} resolved to: {@code db-users} or {@code shared}
 * @param startedAt when setup began
 * @param endedAt when the results were written
 * @param outcome how the run ended
 * @param failure the reason of a FAILED or INTERRUPTED run, one line; empty when COMPLETED
 * @param cycles every cycle that finished, in order
 * @param actorCycles every actor-cycle that finished, in any order
 * @param totals counts, latencies and errors of everything measured
 * @param logActivity the server's log counters over the run (the database's view), or why there
 *     are none
 * @param companions what the run's companions (e.g. the log formatter) report, in start order
 * @param autocommit whether the workload's statements committed by themselves
 * @param warmup the warm-up's totals (excluded from {@code totals}), or null when there was none
 * @param clientCpuNanos CPU time the harness's JVM used over the measurement (all its threads), or
 *     -1 when it is not known
 * @param commitBreakdown where the commits' time went, or why that was not measured
 */
public record RunResult(
    String runId,
    String harnessVersion,
    BenchmarkConfig config,
    String usersModeUsed,
    Instant startedAt,
    Instant endedAt,
    RunOutcome outcome,
    String failure,
    List<CycleTimes> cycles,
    List<ActorCycleTimes> actorCycles,
    RunTotals totals,
    LogActivity logActivity,
    List<CompanionReport> companions,
    boolean autocommit,
    RunTotals warmup,
    long clientCpuNanos,
    CommitBreakdown commitBreakdown) {

  public RunResult {
    commitBreakdown = commitBreakdown != null ? commitBreakdown
        : CommitBreakdown.notMeasured("the run measured no breakdown");
    companions = List.copyOf(companions);
    cycles = List.copyOf(cycles);
    actorCycles = List.copyOf(actorCycles);
    logActivity = logActivity != null ? logActivity : LogActivity.notRead("the server's counters were not read");
  }

  /** A result without a commit breakdown (a run still under way, a test's). */
  public RunResult(String runId, String harnessVersion, BenchmarkConfig config, String usersModeUsed,
      Instant startedAt, Instant endedAt, RunOutcome outcome, String failure, List<CycleTimes> cycles,
      List<ActorCycleTimes> actorCycles, RunTotals totals, LogActivity logActivity, List<CompanionReport> companions,
      boolean autocommit, RunTotals warmup, long clientCpuNanos) {
    this(runId, harnessVersion, config, usersModeUsed, startedAt, endedAt, outcome, failure, cycles, actorCycles,
        totals, logActivity, companions, autocommit, warmup, clientCpuNanos, null);
  }

  /** This result with {@code breakdown}. */
  public RunResult withCommitBreakdown(CommitBreakdown breakdown) {
    return new RunResult(runId, harnessVersion, config, usersModeUsed, startedAt, endedAt, outcome, failure, cycles,
        actorCycles, totals, logActivity, companions, autocommit, warmup, clientCpuNanos, breakdown);
  }

  /** Client CPU per transaction in microseconds; NaN when unknown or when no transaction succeeded. */
  public double clientCpuMicrosPerTransaction() {
    return clientCpuNanos < 0 || totals.transactions() == 0 ? Double.NaN
        : clientCpuNanos / 1e3 / totals.transactions();
  }

  /** Whether the run had a warm-up (then {@link #warmup} holds its totals). */
  public boolean hadWarmup() {
    return warmup != null && warmup.measuredNanos() > 0;
  }
}
