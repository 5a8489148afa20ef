package io.commitbench.core.run;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.ErrorClass;
import io.commitbench.core.measure.ActorRecorder;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.workload.TransactionContext;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * The engine's side of a transaction: times each statement, counts each failure by its class,
 * and knows whether a failure may still be retried. Confined to the actor's thread.
 */
final class ActorContext implements TransactionContext {

  private static final long NO_CALL = Long.MIN_VALUE;
  /** What a query without a row reader does with its rows: reads past them. */
  private static final RowReader SKIP_ROWS = row -> {};

  private final ActorSession session;
  /** The session's watch, kept here: each call then reads one object fewer than through the session. */
  private final CallWatch watch;
  private final Dialect dialect;
  private final ActorRecorder recorder;
  private final boolean autocommit;
  private final StopSignal stop;
  /** The classes the workload retries ({@link io.commitbench.core.workload.BoundWorkload#retriedErrors}). */
  private final java.util.Set<ErrorClass> retried;
  /** The failures the workload ignores ({@link io.commitbench.core.workload.BoundWorkload#ignoredErrors}). */
  private final java.util.function.Predicate<SQLException> ignored;
  /** Whether the warm-up is over ({@link TransactionBudget.Share#measuring}). */
  private final java.util.function.BooleanSupplier measuring;
  private long lastNanos;
  /** When the attempt's last call to the server returned; {@link #NO_CALL} until one has, or after one failed. */
  private long lastCallEnd = NO_CALL;
  /** When the transaction's first call to the server began, in any attempt; {@link #NO_CALL} until one has. */
  private long firstCallBegan = NO_CALL;
  private int retriesLeft;
  /** Whether the attempt may still be started again after an error the workload ignores. */
  private boolean mayRestart;
  /** The class of the first failure the workload went on after; null while none. */
  private ErrorClass failure;

  ActorContext(ActorSession session, Dialect dialect, ActorRecorder recorder, boolean autocommit,
      java.util.Set<ErrorClass> retried, java.util.function.Predicate<SQLException> ignored, StopSignal stop,
      java.util.function.BooleanSupplier measuring) {
    this.session = session;
    this.measuring = measuring;
    this.watch = session.watch();
    this.dialect = dialect;
    this.recorder = recorder;
    this.autocommit = autocommit;
    this.stop = stop;
    this.retried = retried.isEmpty() ? java.util.EnumSet.noneOf(ErrorClass.class) : java.util.EnumSet.copyOf(retried);
    this.ignored = ignored;
  }

  /** A new transaction begins; its first attempt follows. */
  void beginTransaction() {
    this.firstCallBegan = NO_CALL;
  }

  /**
   * When the transaction's first call to the server began (in its first attempt that made one),
   * or {@code noCall} when it has made none: the start of a transaction that was due at once, a
   * time {@link #callBegins} has read already.
   */
  long firstCallBeganOr(long noCall) {
    return firstCallBegan != NO_CALL ? firstCallBegan : noCall;
  }

  /**
   * A new attempt begins, with this many retries left after it, and whether it may still be started
   * again after an error the workload ignores.
   */
  void beginAttempt(int retriesLeft, boolean mayRestart) {
    this.retriesLeft = retriesLeft;
    this.mayRestart = mayRestart;
    this.failure = null;
    this.lastCallEnd = NO_CALL;
  }

  /**
   * When the attempt ended: when its last call to the server returned, a time {@link #callReturned} has
   * read already, so a transaction costs one clock reading fewer (tens of nanoseconds in a tight
   * loop, more between two blocking reads). Read anew only after an attempt
   * that made no call, or that went on after a failed one (its recovery then belongs to it). What a
   * workload does after its last call is not part of the transaction.
   */
  long attemptEnd() {
    return lastCallEnd != NO_CALL && failure == null ? lastCallEnd : System.nanoTime();
  }

  /** The class of the failure the attempt went on after, or null when every statement succeeded. */
  ErrorClass failure() {
    return failure;
  }

  @Override
  public int update(OperationKind kind, PreparedStatement statement) throws SQLException {
    long began = callBegins();
    try {
      return callReturned(kind, began, statement.executeUpdate());
    } catch (SQLException e) {
      throw callFailed(kind, e);
    } finally {
      callOver();
    }
  }

  @Override
  public int query(OperationKind kind, PreparedStatement statement) throws SQLException {
    return query(kind, statement, SKIP_ROWS);
  }

  @Override
  public int query(OperationKind kind, PreparedStatement statement, RowReader reader) throws SQLException {
    long began = callBegins();
    try {
      int rows = 0;
      try (ResultSet result = statement.executeQuery()) {
        while (result.next()) {
          reader.read(result);
          rows++;
        }
      }
      return callReturned(kind, began, rows);
    } catch (SQLException e) {
      throw callFailed(kind, e);
    } finally {
      callOver();
    }
  }

  @Override
  public void commit() throws SQLException {
    long began = callBegins();
    try {
      session.connection().commit();
      callReturned(OperationKind.COMMIT, began, 0);
    } catch (SQLException e) {
      throw callFailed(OperationKind.COMMIT, e);
    } finally {
      callOver();
    }
  }

  /*
   * Each call is timed by the four methods below around the driver's call, written out in update,
   * query and commit rather than passed to one timing method as a lambda: such a method is too
   * large for the JIT to inline into its three callers, so its call to the lambda sees three
   * classes and is not inlined either, and the lambda, which captures the statement, is an object
   * allocated per statement (16-24 bytes; JFR over PaperActorSideBySide).
   */

  /** A call to the server begins: reads the clock and tells the stalled-call watchdog. */
  private long callBegins() {
    long began = System.nanoTime();
    if (firstCallBegan == NO_CALL) {
      firstCallBegan = began;
    }
    watch.begin(began);
    return began;
  }

  /** The call returned: its latency is recorded; answers {@code count}. */
  private int callReturned(OperationKind kind, long began, int count) {
    lastCallEnd = System.nanoTime();
    lastNanos = lastCallEnd - began;
    recorder.statement(kind, lastNanos);
    return count;
  }

  /** The call failed: counted by its class; answers the failure, to be thrown on. */
  private SQLException callFailed(OperationKind kind, SQLException e) {
    lastCallEnd = NO_CALL;
    recorder.statementFailed(kind, dialect.classify(e));
    return e;
  }

  /** The call is over, however it ended: the watchdog no longer watches it. */
  private void callOver() {
    watch.end();
  }

  @Override
  public long lastNanos() {
    return lastNanos;
  }

  @Override
  public boolean measured() {
    return measuring.getAsBoolean();
  }

  @Override
  public Connection connection() {
    return session.connection();
  }

  @Override
  public void continueAfter(SQLException e) throws Exception {
    ErrorClass errorClass = dialect.classify(e);
    if (ignores(e) || mayRetry(errorClass)) {
      throw e;
    }
    if (failure == null) {
      failure = errorClass;
    }
    recover(e, errorClass);
  }

  /**
   * Whether the workload ignores this failure: the attempt is rolled back and started again (or,
   * after a stop was requested, abandoned), and the failure counted as ignored, not as an error.
   * False once the transaction was started again {@link WorkloadActor#IGNORED_RESTARTS_MAX} times.
   */
  boolean ignores(SQLException e) {
    return mayRestart && ignored.test(e);
  }

  /** Whether an attempt that failed with this class is tried again. */
  boolean mayRetry(ErrorClass errorClass) {
    return retriesLeft > 0 && retried.contains(errorClass) && !stop.isRequested();
  }

  /** Reconnects when the connection is gone, else abandons the open transaction. */
  void recover(SQLException e, ErrorClass errorClass)
      throws ReconnectFailedException, StoppedWhileConnectingException, InterruptedException {
    if (errorClass == ErrorClass.CONNECTION_LOST || !connectionAlive()) {
      session.reconnect(e);
      recorder.reconnect();
    } else {
      rollbackQuietly();
    }
  }

  private boolean connectionAlive() {
    try {
      return session.connection() != null && session.connection().isValid(1);
    } catch (SQLException e) {
      return false;
    }
  }

  /** Abandons the open transaction (a failed statement aborts it on some servers). */
  void rollbackQuietly() {
    if (autocommit || session.connection() == null) {
      return;
    }
    watch.begin(System.nanoTime());
    try {
      session.connection().rollback();
    } catch (SQLException ignored) {
      // The rollback's own failure changes nothing: the transaction is gone either way.
    } finally {
      watch.end();
    }
  }
}
