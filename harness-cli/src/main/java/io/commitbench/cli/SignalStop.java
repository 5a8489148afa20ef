package io.commitbench.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * What a command does on Ctrl-C or kill while it works: a shutdown hook asks the work to stop and
 * then waits, up to a bound, until the command has ended and said its last word, because the JVM
 * halts as soon as the hook returns. When the bound passes first, {@code onLate} says so. Closing
 * it, when the command ends, releases the hook, or removes it when no signal came.
 *
 * <pre>
 * try (SignalStop signal = SignalStop.install("commitbench-shutdown", () -> work.requestStop(why), wait, late)) {
 *   return work.execute();
 * }
 * </pre>
 */
final class SignalStop implements AutoCloseable {

  private final Thread hook;
  private final CountDownLatch ended = new CountDownLatch(1);

  private SignalStop(String threadName, Runnable stop, Duration wait, Runnable onLate) {
    this.hook = new Thread(() -> {
      stop.run();
      try {
        if (!ended.await(wait.toMillis(), TimeUnit.MILLISECONDS)) {
          onLate.run();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, threadName);
  }

  /** Installs the hook: on a signal it runs {@code stop}, then waits up to {@code wait} for {@link #close}. */
  static SignalStop install(String threadName, Runnable stop, Duration wait, Runnable onLate) {
    SignalStop signal = new SignalStop(threadName, stop, wait, onLate);
    Runtime.getRuntime().addShutdownHook(signal.hook);
    return signal;
  }

  /** {@link #install} with nothing to say when the wait runs out. */
  static SignalStop install(String threadName, Runnable stop, Duration wait) {
    return install(threadName, stop, wait, () -> {});
  }

  @Override
  public void close() {
    ended.countDown();
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // The JVM is already shutting down (Ctrl-C): the hook is running and must stay.
    }
  }
}
