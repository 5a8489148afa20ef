package io.commitbench.core.server;

/**
 * When, in a run, counters are read, for products that need to know. MariaDB counts an
 * autocommitted statement and an explicit {@code COMMIT} in different counters, so which one
 * means "commits" depends on the run; PostgreSQL publishes an idle session's counts only when the
 * session ends, so the end snapshot waits for the run's sessions to be gone.
 *
 * <pre>
 * CounterSnapshot start = counters.read(admin, CounterContext.atStart(config.autocommit()));
 * </pre>
 *
 * @param sessionsAutocommit whether the run's sessions autocommit (every statement its own
 *     transaction) rather than commit explicitly
 * @param sessionsEnded whether the run's sessions have been closed (the end snapshot)
 */
public record CounterContext(boolean sessionsAutocommit, boolean sessionsEnded) {

  /** Just before the first cycle: the run's sessions are open. */
  public static CounterContext atStart(boolean sessionsAutocommit) {
    return new CounterContext(sessionsAutocommit, false);
  }

  /** After the last cycle, once the run's sessions have been closed. */
  public static CounterContext atEnd(boolean sessionsAutocommit) {
    return new CounterContext(sessionsAutocommit, true);
  }
}
