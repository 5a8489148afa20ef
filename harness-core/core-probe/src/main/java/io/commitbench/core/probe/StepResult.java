package io.commitbench.core.probe;

import java.sql.SQLException;
import java.util.Optional;

/**
 * One statement of one session, timed with {@link System#nanoTime}: when it began, when it
 * returned or failed, and the failure. A statement still running when the probe's bound ran out
 * is {@link #unfinished}.
 *
 * @param startNanos when the session began to execute it
 * @param endNanos when it returned or failed; {@code Long.MAX_VALUE} while unfinished
 * @param error the server's answer when it failed, else null
 */
public record StepResult(long startNanos, long endNanos, SQLException error) {

  /** A statement that returned. */
  public static StepResult ok(long startNanos, long endNanos) {
    return new StepResult(startNanos, endNanos, null);
  }

  /** A statement that failed. */
  public static StepResult failed(long startNanos, long endNanos, SQLException error) {
    return new StepResult(startNanos, endNanos, error);
  }

  /** A statement that had not ended when the probe stopped waiting for it. */
  public static StepResult unfinished(long startNanos) {
    return new StepResult(startNanos, Long.MAX_VALUE, null);
  }

  public boolean finished() {
    return endNanos != Long.MAX_VALUE;
  }

  public boolean succeeded() {
    return finished() && error == null;
  }

  public Optional<SQLException> failure() {
    return Optional.ofNullable(error);
  }

  /** How long it ran, in milliseconds. */
  public long millis() {
    return (endNanos - startNanos) / 1_000_000;
  }
}
