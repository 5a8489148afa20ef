package io.commitbench.core.run;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.ActorCycleTimes;
import io.commitbench.core.measure.ActorRecorder;
import io.commitbench.core.workload.ActorWork;
import java.sql.SQLException;
import java.util.concurrent.locks.LockSupport;

/**
 * One actor: runs its workload's transactions one after another, each at its intended start
 * ({@link Pacing}), starts again those that failed with an error the workload ignores, retries
 * those that failed with a deadlock or serialization failure up to {@code retry.max} times, and
 * records every transaction with its response time (from the intended start), service time (from
 * the actual start) and schedule lag. A transaction ends when its last call to the server
 * returns; one that is due at once (a closed loop without think time) starts with its first call.
 * Confined to the actor's thread.
 */
final class WorkloadActor implements ActorBody {

  private static final long MAX_PARK_NANOS = 50_000_000L;
  /** What {@link #waitUntil} answers when a stop was requested while it waited. */
  private static final long STOPPED = Long.MIN_VALUE;
  /** A transaction's start while it is not known yet: it starts with its first call (see {@link #startOf}). */
  private static final long AT_FIRST_CALL = Long.MIN_VALUE + 1;
  /** What {@link #step} answers. */
  private static final int RAN = 0;
  private static final int CYCLE_ENDED = 1;
  private static final int STOPPED_NOW = 2;
  /**
   * Times one transaction is started again after errors the workload ignores before the next such
   * error counts as an error: the tool it reproduces restarts without limit, but a failure that
   * recurs this often is no passing conflict, and a count-based run must not spin on it forever.
   */
  static final int IGNORED_RESTARTS_MAX = 1_000;

  private final ActorWork work;
  private final ActorSession session;
  private final ActorContext context;
  private final ActorRecorder recorder;
  private final Pacing pacing;
  private final Backlog backlog;
  private final TransactionBudget.Share budget;
  private final StopSignal stop;
  private final Dialect dialect;
  /** {@code retry.max}: a field, not the {@link Retries} record, so a transaction reads one object fewer. */
  private final int retryMax;
  /** Whether the workload's users pause before their transactions ({@link ActorWork#pauses}). */
  private final boolean pauses;
  /** When the current cycle's first transaction started (once one has), and its last one ended. */
  private boolean cycleStarted;
  private long cycleFirstStart;
  private long cycleLastEnd;

  /**
   * How many times a transaction is tried again ({@code retry.max}), and after which failures
   * ({@link io.commitbench.core.workload.BoundWorkload#retriedErrors}); and which failures the
   * workload ignores, starting the transaction again ({@link
   * io.commitbench.core.workload.BoundWorkload#ignoredErrors}).
   */
  record Retries(int max, java.util.Set<ErrorClass> after, java.util.function.Predicate<SQLException> ignored) {
    /** No retries and nothing ignored: every failure counts. */
    static Retries none() {
      return new Retries(0, ErrorClass.CONFLICTS, error -> false);
    }
  }

  /** How far an open-loop actor may fall behind its schedule before arrivals are shed, or the run fails. */
  record Backlog(long limitNanos, boolean fails) {}

  WorkloadActor(ActorWork work, ActorSession session, Dialect dialect, ActorRecorder recorder, boolean autocommit,
      Pacing pacing, Backlog backlog, TransactionBudget budget, Retries retries, StopSignal stop) {
    this.work = work;
    this.session = session;
    this.dialect = dialect;
    this.recorder = recorder;
    this.pacing = pacing;
    this.backlog = backlog;
    this.budget = budget.share();
    this.retryMax = retries.max();
    this.pauses = work.pauses();
    this.stop = stop;
    this.context = new ActorContext(session, dialect, recorder, autocommit, retries.after(), retries.ignored(), stop,
        this.budget::measuring);
  }

  @Override
  public void open() throws Exception {
    session.open();
  }

  @Override
  public ActorCycleTimes runCycle(int cycle) throws Exception {
    work.cycleStarting(cycle);
    pacing.anchor(System.nanoTime());
    cycleStarted = false;
    cycleFirstStart = 0;
    cycleLastEnd = 0;
    int step;
    do {
      step = step();
    } while (step == RAN);
    if (step == STOPPED_NOW) {
      return null;
    }
    repair();
    return work.cycleFinished(cycle, cycleLastEnd - cycleFirstStart);
  }

  /**
   * The next transaction of the cycle, run at its intended start: {@link #RAN}, {@link
   * #CYCLE_ENDED} when the workload's cycle or the run's budget is used up, or {@link
   * #STOPPED_NOW}.
   *
   * <p>A method of its own, not the body of {@link #runCycle}'s loop, because the JIT compiles a
   * method once it has been called a few thousand times, but a loop inside a method that is called
   * once per cycle (once per run, for most workloads) only after tens of thousands of iterations
   * (on-stack replacement): at a few thousand transactions a second, the loop's own code would run
   * in the interpreter, then with C1's profiling, for the first tens of seconds of every run.
   */
  private int step() throws Exception {
    if (stop.isRequested()) {
      context.rollbackQuietly();
      return STOPPED_NOW;
    }
    int type = work.next();
    if (type == ActorWork.END_OF_CYCLE || !budget.take()) {
      return CYCLE_ENDED;
    }
    long intended = pacing.nextIntendedStart();
    long start = AT_FIRST_CALL;
    if (pauses) {
      // In a closed loop the pacing's start is the last end (plus think.time), so the pause is the
      // user's time between that end and this transaction's submission.
      intended += work.pauseNanos(type);
    }
    if (pauses || !pacing.dueAtOnce()) {
      // One clock reading serves the backlog, the wait and the start: each reading is a cost a
      // plain loop does not pay.
      long now = System.nanoTime();
      intended = shedBacklog(intended, now);
      start = intended > now ? waitUntil(intended) : now;
      if (start == STOPPED) {
        return STOPPED_NOW;
      }
    }
    cycleLastEnd = runTransaction(type, intended, start);
    if (!cycleStarted) {
      cycleFirstStart = startOf(start, intended);
      cycleStarted = true;
    }
    pacing.finished(cycleLastEnd);
    return RAN;
  }

  /**
   * When the transaction started: {@code start}, or, for a transaction due at once ({@link
   * #AT_FIRST_CALL}), when its first call to the server began, or its intended start when it made
   * none (nothing marks a later start then). A closed loop without think time reads no clock before
   * a transaction: the first call reads one anyway, and what the workload does before that call
   * (drawing keys, binding values) is then the actor's own time, in the schedule lag, as what it
   * does after its last call is (a transaction ends when its last call returns).
   */
  private long startOf(long start, long intended) {
    return start != AT_FIRST_CALL ? start : context.firstCallBeganOr(intended);
  }

  /**
   * An arrival further behind than the backlog allows is given up (counted as shed) rather than
   * run late, so a stalled server does not leave an unbounded queue behind it; or the run fails,
   * when rate.backlog.fail says so.
   */
  private long shedBacklog(long intended, long now) {
    long shed = 0;
    while (now - intended > backlog.limitNanos()) {
      if (backlog.fails()) {
        throw new IllegalStateException(String.format(java.util.Locale.ROOT,
            "fell %.1f s behind the target rate, more than rate.backlog=%d s allows (rate.backlog.fail=true)",
            (now - intended) / 1e9, backlog.limitNanos() / 1_000_000_000L));
      }
      shed++;
      intended = pacing.nextIntendedStart();
    }
    if (shed > 0) {
      recorder.shed(shed);
    }
    return intended;
  }

  /**
   * Runs one transaction to its end (retries and restarts included) and returns when it ended;
   * {@code start} may be {@link #AT_FIRST_CALL} (see {@link #startOf}). An attempt that failed with
   * an error the workload ignores is rolled back and started again, as often as it happens (up to
   * {@link #IGNORED_RESTARTS_MAX}), without using up a retry; once a stop is requested it is
   * abandoned instead, its error counted as ignored and the transaction neither done nor failed.
   */
  private long runTransaction(int type, long intended, long start) throws Exception {
    context.beginTransaction();
    int retries = 0;
    int restarts = 0;
    while (true) {
      context.beginAttempt(retryMax - retries, restarts < IGNORED_RESTARTS_MAX);
      try {
        work.execute(type, context);
        long end = context.attemptEnd();
        ErrorClass failure = context.failure();
        if (failure == null) {
          recorder.transactionDone(type, intended, startOf(start, intended), end);
        } else {
          recorder.transactionFailed(type, failure);
        }
        return end;
      } catch (SQLException e) {
        ErrorClass errorClass = dialect.classify(e);
        if (context.ignores(e)) {
          context.rollbackQuietly();
          recorder.ignoreAttempt(type, errorClass);
          if (stop.isRequested()) {
            return System.nanoTime();
          }
          restarts++;
          continue;
        }
        if (context.mayRetry(errorClass)) {
          context.rollbackQuietly();
          recorder.discardAttempt(type);
          retries++;
          continue;
        }
        recorder.transactionFailed(type, errorClass);
        context.recover(e, errorClass);
        return System.nanoTime();
      }
    }
  }

  /** The workload's repair after a cycle; a failure here is put right as far as possible, not counted. */
  private void repair() throws Exception {
    try {
      work.repair(context);
    } catch (SQLException e) {
      context.recover(e, dialect.classify(e));
    }
  }

  /** Parks until the deadline and returns the time it woke, or {@link #STOPPED} when a stop was requested meanwhile. */
  private long waitUntil(long deadlineNanos) {
    long now;
    while (deadlineNanos - (now = System.nanoTime()) > 0 && !stop.isRequested()) {
      LockSupport.parkNanos(Math.min(deadlineNanos - now, MAX_PARK_NANOS));
    }
    return stop.isRequested() ? STOPPED : now;
  }

  @Override
  public void close() {
    context.rollbackQuietly();
    session.close();
  }
}
