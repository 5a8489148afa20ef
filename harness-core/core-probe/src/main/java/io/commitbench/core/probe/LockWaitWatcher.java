package io.commitbench.core.probe;

import io.commitbench.core.dialect.LockWaitView;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Makes the order of the probe's steps deterministic: after a session starts a statement that
 * should block, the probe takes its next step only once that statement is known to wait. Else
 * the next step could reach the server's lock manager first — in the deadlock scenario S2 would
 * then be the one waiting and S1 the one closing the cycle, which changes the session a detector
 * picks — and a hold would be counted from a wait that had not begun.
 *
 * <p>Known to wait means: the server's lock view (the dialect's {@link LockWaitView}, read on a
 * third connection, as often as the view allows) shows the session waiting. Where the product
 * has no view, or the login may not read it, the statement still running after {@value
 * #DELAY_MILLIS} ms stands in for it; the output says which of the two it was. Not thread-safe:
 * one probe's coordinator uses it.
 */
final class LockWaitWatcher {

  /** How often the delay checks whether the step has ended. */
  static final long POLL_MILLIS = 10;
  static final long DELAY_MILLIS = 200;
  /** How long the view may take to show a wait that has begun (a busy machine). */
  static final long VIEW_MILLIS = 5_000;

  private final Connection observer;
  private final Optional<LockWaitView> view;

  /**
   * @param observer a connection of its own, in auto-commit, that reads the view
   */
  LockWaitWatcher(Connection observer, Optional<LockWaitView> view) {
    this.observer = observer;
    this.view = view;
  }

  /** Waits until {@code step} of {@code session} is seen waiting, or has ended. */
  WaitSeen await(ProbeSession session, Future<StepResult> step) throws InterruptedException {
    if (view.isPresent() && session.serverId().isPresent()) {
      try {
        return watchView(view.get(), session.serverId().get(), step);
      } catch (SQLException unreadable) {
        // No privilege on the view (MariaDB without PROCESS, Oracle without V$SESSION): use the delay.
      }
    }
    return afterDelay(step);
  }

  private WaitSeen watchView(LockWaitView lockView, Object sessionId, Future<StepResult> step)
      throws SQLException, InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(VIEW_MILLIS);
    try (PreparedStatement st = observer.prepareStatement(lockView.waitingSql())) {
      st.setObject(1, sessionId);
      while (System.nanoTime() < deadline) {
        if (step.isDone()) {
          return ended(step);
        }
        try (ResultSet rs = st.executeQuery()) {
          if (rs.next()) {
            return WaitSeen.LOCK_VIEW;
          }
        }
        Thread.sleep(lockView.pollMillis());
      }
    }
    // Running all this time but never shown waiting: say so as the weaker "still running".
    return step.isDone() ? ended(step) : WaitSeen.STILL_RUNNING;
  }

  private static WaitSeen afterDelay(Future<StepResult> step) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(DELAY_MILLIS);
    while (System.nanoTime() < deadline) {
      if (step.isDone()) {
        return ended(step);
      }
      Thread.sleep(POLL_MILLIS);
    }
    return step.isDone() ? ended(step) : WaitSeen.STILL_RUNNING;
  }

  /**
   * A step that ended before it was seen waiting did not wait if it ended within the delay that
   * stands in for the view; one that ran longer was blocked all the same, only not seen so.
   */
  private static WaitSeen ended(Future<StepResult> step) throws InterruptedException {
    try {
      return step.get().millis() < DELAY_MILLIS ? WaitSeen.NOT_WAITING : WaitSeen.STILL_RUNNING;
    } catch (java.util.concurrent.ExecutionException e) {
      return WaitSeen.NOT_WAITING; // the step could not run at all; the probe reports it when it reads the step
    }
  }
}
