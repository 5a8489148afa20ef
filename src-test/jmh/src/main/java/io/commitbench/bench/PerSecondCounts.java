package io.commitbench.bench;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * Prints a plain loop's transactions second by second, in the shape of {@code sysbench
 * --report-interval=1} ({@code [ 12s ] thds: 4 tps: 35012.00}), after a line giving the wall-clock
 * moment its seconds count from ({@code per-second counts from epoch 1795720506.106}), on a daemon
 * thread of its own until {@code endNanos}.
 */
final class PerSecondCounts {

  private PerSecondCounts() {}

  /** Starts printing to {@code out}; answers the printing thread. */
  static Thread start(int threads, LongAdder executed, long endNanos, PrintStream out) {
    long startNanos = System.nanoTime();
    out.printf(Locale.ROOT, "per-second counts from epoch %.3f%n", System.currentTimeMillis() / 1e3);
    Thread printer = new Thread(() -> {
      long previous = 0;
      for (int second = 1; startNanos + second * 1_000_000_000L <= endNanos; second++) {
        long wait = startNanos + second * 1_000_000_000L - System.nanoTime();
        if (wait > 0) {
          try {
            Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
          } catch (InterruptedException e) {
            return;
          }
        }
        long now = executed.sum();
        out.printf(Locale.ROOT, "[ %ds ] thds: %d tps: %.2f%n", second, threads, (double) (now - previous));
        previous = now;
      }
    }, "per-second-counts");
    printer.setDaemon(true);
    printer.start();
    return printer;
  }
}
