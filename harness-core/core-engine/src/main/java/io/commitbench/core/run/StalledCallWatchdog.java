package io.commitbench.core.run;

import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Aborts the connection under an actor's call that has not returned long after the statement
 * timeout: the server stopped answering (frozen, unplugged, behind a dropped route) and will not
 * cancel anything. It stands in for the driver's read timeout, which the actors' connections do
 * not have, because a timed read costs every statement a poll; this costs one look a second. The
 * limits it enforces are tens of seconds, so looking more often would find nothing sooner that
 * matters, and each look wakes a thread: at a low target rate the run's fixed cost per second is
 * what its client CPU per transaction is made of.
 *
 * <p>Once the run is asked to stop, a call gets only the statement timeout and a little more: a
 * server that answers has cancelled it by then, and a signal must end the run within seconds
 * even while the network is stalled.
 */
final class StalledCallWatchdog implements AutoCloseable {

  private static final long CHECK_PERIOD_MILLIS = 1_000;

  private final long limitNanos;
  private final long stoppingLimitNanos;
  private final BooleanSupplier stopping;
  private final Consumer<String> warn;
  private final LongSupplier clock;
  private final List<CallWatch> watches = new CopyOnWriteArrayList<>();
  private ScheduledExecutorService timer;

  /**
   * @param limitSeconds how long a call may run before its connection is aborted
   * @param warn receives one line per aborted connection
   */
  StalledCallWatchdog(int limitSeconds, Consumer<String> warn) {
    this(limitSeconds, limitSeconds, () -> false, warn, System::nanoTime);
  }

  StalledCallWatchdog(int limitSeconds, Consumer<String> warn, LongSupplier clock) {
    this(limitSeconds, limitSeconds, () -> false, warn, clock);
  }

  /**
   * @param stoppingLimitSeconds how long a call may run once {@code stopping} says the run is
   *     asked to stop
   */
  StalledCallWatchdog(int limitSeconds, int stoppingLimitSeconds, BooleanSupplier stopping, Consumer<String> warn,
      LongSupplier clock) {
    this.limitNanos = limitSeconds * 1_000_000_000L;
    this.stoppingLimitNanos = stoppingLimitSeconds * 1_000_000_000L;
    this.stopping = stopping;
    this.warn = warn;
    this.clock = clock;
  }

  /** Watches the calls of one more actor; the first starts the periodic check. */
  synchronized CallWatch watch(String actor) {
    CallWatch watch = new CallWatch(actor);
    watches.add(watch);
    if (timer == null) {
      timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "cb-stalled-call-watchdog");
        thread.setDaemon(true);
        return thread;
      });
      timer.scheduleWithFixedDelay(this::check, CHECK_PERIOD_MILLIS, CHECK_PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }
    return watch;
  }

  /** Aborts every connection whose call has run longer than the limit; returns how many. */
  int check() {
    int aborted = 0;
    long now = clock.getAsLong();
    boolean stopped = stopping.getAsBoolean();
    long limit = stopped ? Math.min(limitNanos, stoppingLimitNanos) : limitNanos;
    for (CallWatch watch : watches) {
      long running = watch.runningNanos(now);
      if (running > limit && abort(watch, running, stopped)) {
        aborted++;
      }
    }
    return aborted;
  }

  private boolean abort(CallWatch watch, long runningNanos, boolean stopped) {
    try {
      if (!watch.abort()) {
        return false;
      }
      warn.accept(stopped
          ? String.format(Locale.ROOT, "warning: %s's call to the database had not returned after %.0f s"
              + " (statement.timeout + %d s, the run being stopped), so its connection was closed: the server is"
              + " not answering", watch.actor(), runningNanos / 1e9, ConnectionPools.STOPPING_SLACK_SECONDS)
          : String.format(Locale.ROOT, "warning: %s's call to the database had not returned after %.0f s"
          + " (statement.timeout + %d s), so its connection was closed and it reconnects: the server is not"
          + " answering", watch.actor(), runningNanos / 1e9, ConnectionPools.CALL_SLACK_SECONDS));
      return true;
    } catch (SQLException | RuntimeException e) {
      warn.accept("warning: could not close the connection under " + watch.actor() + "'s stalled call: " + e);
      return false;
    }
  }

  @Override
  public synchronized void close() {
    if (timer != null) {
      timer.shutdownNow();
      timer = null;
    }
    watches.clear();
  }
}
