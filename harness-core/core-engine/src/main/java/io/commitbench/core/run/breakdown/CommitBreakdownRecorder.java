package io.commitbench.core.run.breakdown;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.CommitWaitContext;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.breakdown.UnmeasuredPart;
import io.commitbench.core.server.ConnectionSource;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.key.ParameterKeys;
import io.commitbench.core.server.Fact;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The sources of one run's commit breakdown, started as the actors start, started again as the
 * warm-up ends and read after the actors: the server's own waits (the dialect's {@link
 * io.commitbench.core.breakdown.CommitWaits}), the kernel's view of the log's I/O where the run
 * may trace it, and the round-trip probe. A source that fails is listed as unmeasured with the
 * reason; it never fails the run.
 */
public final class CommitBreakdownRecorder implements AutoCloseable {

  /** The round-trip probe's pace in a closed loop, where an actor has no pace of its own. */
  static final double CLOSED_LOOP_PROBES_PER_SECOND = 20;

  private final List<CommitTimeSource> sources;
  /** Written by begin, which may hang on a stalled server holding the lock; read by end without it. */
  private final List<UnmeasuredPart> failures = new java.util.concurrent.CopyOnWriteArrayList<>();

  CommitBreakdownRecorder(List<CommitTimeSource> sources) {
    this.sources = List.copyOf(sources);
  }

  /**
   * The sources the run's keys ask for, each connected and ready to begin; a source that cannot be
   * opened is one that says why.
   *
   * @param facts the run's environment (where the log is, whether the server is on this host)
   * @param runStartedAt the run's sessions are the harness's sessions that started after it
   */
  public static CommitBreakdownRecorder open(BenchmarkConfig config, Dialect dialect, List<Fact> facts,
      Instant runStartedAt, ConnectionSource admin) {
    List<CommitTimeSource> sources = new ArrayList<>();
    sources.add(waits(config, dialect, runStartedAt, admin));
    sources.add(KernelView.open(config.settings().bool(ParameterKeys.BREAKDOWN_KERNEL), dialect, facts));
    sources.add(probe(config, dialect, admin));
    return new CommitBreakdownRecorder(sources);
  }

  private static CommitTimeSource waits(BenchmarkConfig config, Dialect dialect, Instant runStartedAt,
      ConnectionSource admin) {
    try {
      return dialect.server().commitWaits().open(new CommitWaitContext(admin, runStartedAt,
          config.settings().integer(ParameterKeys.BREAKDOWN_SAMPLE_RATE)));
    } catch (SQLException | RuntimeException e) {
      return CommitTimeSource.unavailable("server waits", List.of(CommitParts.LOG_WRITE, CommitParts.LOG_SYNC,
          CommitParts.GROUP_COMMIT_WAIT), "the server's waits could not be read: " + e.getMessage());
    }
  }

  private static CommitTimeSource probe(BenchmarkConfig config, Dialect dialect, ConnectionSource admin) {
    double perSecond = config.runControl().rated()
        ? Math.min(1_000, Math.max(1, (double) config.runControl().rate() / config.users()))
        : CLOSED_LOOP_PROBES_PER_SECOND;
    try {
      Connection connection = admin.open();
      // Inside one transaction that is never committed: an autocommitted probe would add a commit
      // to the server's commit counters per statement, beside the run's own.
      connection.setAutoCommit(false);
      return new RoundTripProbe(connection, dialect.trivialQuery(), perSecond);
    } catch (SQLException | RuntimeException e) {
      return CommitTimeSource.unavailable(RoundTripProbe.NAME, List.of(CommitParts.ROUND_TRIP),
          "the probe's connection could not be opened: " + e.getMessage());
    }
  }

  /** Starts the window, or starts it again (at the warm-up's end). */
  public synchronized void begin() {
    for (CommitTimeSource source : sources) {
      try {
        source.begin();
      } catch (Exception e) {
        failures.add(new UnmeasuredPart(source.name(), source.name() + " could not start: " + e.getMessage()));
      }
    }
  }

  /**
   * Ends the window: every source's reading, in the order parts are taken from them. Each source
   * answers on a thread of its own within {@code budgetMillis}: a source whose server stopped
   * answering (a network stall) is listed as unmeasured instead of holding the run's end.
   */
  public List<SourceReading> end(long budgetMillis) {
    List<CompletableFuture<SourceReading>> answers = new ArrayList<>();
    for (CommitTimeSource source : sources) {
      answers.add(CompletableFuture.supplyAsync(source::end, DaemonThreads.EXECUTOR));
    }
    long deadline = System.nanoTime() + budgetMillis * 1_000_000L;
    List<SourceReading> readings = new ArrayList<>();
    List<UnmeasuredPart> unanswered = new ArrayList<>();
    for (int i = 0; i < sources.size(); i++) {
      CommitTimeSource source = sources.get(i);
      try {
        readings.add(answers.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
      } catch (TimeoutException e) {
        unanswered.add(new UnmeasuredPart(source.name(), source.name() + " did not answer within "
            + budgetMillis / 1000.0 + " s of the run's end (is the server answering?)"));
      } catch (ExecutionException e) {
        unanswered.add(new UnmeasuredPart(source.name(), source.name() + " failed: " + e.getCause().getMessage()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        unanswered.add(new UnmeasuredPart(source.name(), source.name() + " was not read: the run was interrupted"));
      }
    }
    List<UnmeasuredPart> unmeasured = new ArrayList<>(failures);
    unmeasured.addAll(unanswered);
    if (!unmeasured.isEmpty()) {
      readings.add(new SourceReading(List.of(), unmeasured, List.of(), List.of()));
    }
    return readings;
  }

  /** Releases the sources on a thread of its own: a connection to a stalled server must not hold the run. */
  @Override
  public void close() {
    DaemonThreads.EXECUTOR.execute(() -> sources.forEach(CommitTimeSource::close));
  }
}
