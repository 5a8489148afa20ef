package io.commitbench.storage.oracle;

import io.commitbench.storage.format.FormatterTally;
import java.time.Duration;

/** Runs one action of an arm and records how long it took under its name, when it succeeds. */
final class Timed {

  @FunctionalInterface
  interface Action<E extends Exception> {
    void run() throws E;
  }

  private Timed() {}

  static <E extends Exception> void run(FormatterTally tally, String name, Action<E> action) throws E {
    long start = System.nanoTime();
    action.run();
    tally.record(name, Duration.ofNanos(System.nanoTime() - start));
  }
}
