package io.commitbench.core.run;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One actor's call to the database as {@link StalledCallWatchdog} sees it: when the call began,
 * and the connection to abort should it never return. Written by the actor's thread around each
 * call, read by the watchdog's.
 *
 * <p>The start is published with a release store (what {@code lazySet} was): a plain ordered
 * store, without the fence of a volatile write, costs the actor nothing measurable per statement,
 * and the watchdog, which looks once a second at calls older than half a minute, does not need to
 * see it at once.
 */
final class CallWatch {

  private static final long IDLE = Long.MIN_VALUE;
  private static final VarHandle STARTED_NANOS = FieldHandles.of(MethodHandles.lookup(), "startedNanos", long.class);

  private final String actor;
  /**
   * Written through {@link #STARTED_NANOS}: a field of this object rather than an {@code
   * AtomicLong} of its own, so a call touches one object fewer.
   */
  @SuppressWarnings("unused")
  private volatile long startedNanos = IDLE;
  private volatile Connection connection;

  /** @param actor who makes the calls, for the warning */
  CallWatch(String actor) {
    this.actor = actor;
  }

  String actor() {
    return actor;
  }

  /** The connection the following calls go through; null while there is none. */
  void connection(Connection driverConnection) {
    this.connection = driverConnection;
  }

  /** A call began at this {@link System#nanoTime()}. */
  void begin(long nanos) {
    STARTED_NANOS.setRelease(this, nanos == IDLE ? nanos + 1 : nanos);
  }

  /** The call returned, or failed. */
  void end() {
    STARTED_NANOS.setRelease(this, IDLE);
  }

  /** Nanoseconds the current call has been running at {@code now}, or -1 when no call is running. */
  long runningNanos(long now) {
    long started = (long) STARTED_NANOS.getVolatile(this);
    return started == IDLE ? -1 : now - started;
  }

  /**
   * Closes the connection under the stalled call, so that the call fails at once as a lost
   * connection and the actor reconnects. False when there was no connection to abort.
   */
  boolean abort() throws SQLException {
    Connection stalled = connection;
    if (stalled == null) {
      return false;
    }
    stalled.abort(Runnable::run);
    end();
    return true;
  }
}
