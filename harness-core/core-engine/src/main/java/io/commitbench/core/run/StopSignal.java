package io.commitbench.core.run;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Asks a run to stop early (Ctrl-C, or a failed actor). Actors check it between operations, so
 * the operation in flight completes and is counted. The first reason given wins.
 *
 * <p>Waits that are not operations — the back-off between reconnect attempts, and a connect
 * attempt that may block for {@code connect.timeout} — watch it too ({@link #await},
 * {@link #interruptible}), so a stop ends a run within seconds even while the server is gone.
 * Thread-safe.
 */
public final class StopSignal {

  private final AtomicReference<String> reason = new AtomicReference<>();
  /**
   * Set once the reason is: what {@link #isRequested}, which every actor asks before every
   * transaction, reads in this object instead of in the reference's own (one cache line fewer).
   */
  private volatile boolean stopping;
  private final CountDownLatch requested = new CountDownLatch(1);
  /** Threads in an {@link #interruptible} section; guarded by {@code this}. */
  private final Set<Thread> interruptible = new HashSet<>();

  public void request(String why) {
    if (reason.compareAndSet(null, why)) {
      stopping = true;
      requested.countDown();
      synchronized (this) {
        interruptible.forEach(Thread::interrupt);
      }
    }
  }

  public boolean isRequested() {
    return stopping;
  }

  /** Why the stop was requested; null when it was not. */
  public String reason() {
    return reason.get();
  }

  /** Waits up to {@code millis} for a stop; true when one was requested. */
  boolean await(long millis) throws InterruptedException {
    return requested.await(millis, TimeUnit.MILLISECONDS);
  }

  /** A blocking call that a stop may cut short by interrupting its thread. */
  @FunctionalInterface
  interface Blocking<T, E extends Exception> {
    T call() throws E;
  }

  /**
   * Runs {@code call} on this thread so that a stop interrupts it: for calls that block without
   * looking at this signal (HikariCP's getConnection waits up to connect.timeout). The interrupt
   * this signal caused is cleared afterwards, so it does not leak into the actor's later waits;
   * the caller checks {@link #isRequested} to tell a stop from a failure.
   */
  <T, E extends Exception> T interruptible(Blocking<T, E> call) throws E {
    Thread self = Thread.currentThread();
    synchronized (this) {
      if (isRequested()) {
        self.interrupt();
      }
      interruptible.add(self);
    }
    try {
      return call.call();
    } finally {
      synchronized (this) {
        interruptible.remove(self);
      }
      if (isRequested()) {
        Thread.interrupted();
      }
    }
  }
}
