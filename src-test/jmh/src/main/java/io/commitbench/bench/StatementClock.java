package io.commitbench.bench;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * What a plain loop's thread does around each statement besides issuing it: nothing ({@link
 * #none}, the baseline), or what any harness that times every statement must do at the least
 * ({@link #histogram}): read the clock before and after the call and record the difference into a
 * histogram of the thread's own, with no interval cut, no report and no other bookkeeping. Beside
 * an untimed loop, a timed one gives the floor of the harness's CPU per statement on the machine:
 * the part of its cost that timing each call takes, whatever else it does.
 *
 * <p>One per thread, not thread-safe. Each JVM uses one kind only, so the JIT inlines the calls
 * and the untimed kind costs nothing.
 */
abstract class StatementClock {

  /** Before the call: its start, or 0 when nothing is timed. */
  abstract long begin();

  /** After the call that began at {@code began}. */
  abstract void end(long began);

  /** Statements timed so far (0 when nothing is timed). */
  abstract long timed();

  /**
   * Fails unless a loop timed none of its statements or all of them: a timed loop that skipped
   * some would be a lower floor than it claims.
   */
  static void checkAllTimed(long timed, long statements) {
    if (timed != 0 && timed != statements) {
      throw new IllegalStateException("timed " + timed + " of " + statements + " statements");
    }
  }

  /** The clock a plain loop's thread uses, as the benchmark parameter {@code plainTiming} names it: none or histogram. */
  static Factory named(String parameter, String value) {
    return switch (value.toLowerCase(Locale.ROOT)) {
      case "none" -> StatementClock::none;
      case "histogram" -> StatementClock::histogram;
      default -> throw new IllegalArgumentException(parameter + "=" + value + ": allowed: none, histogram");
    };
  }

  /** Makes one thread's clock. */
  @FunctionalInterface
  interface Factory {
    StatementClock forThread();
  }

  static StatementClock none() {
    return new Untimed();
  }

  /** Three significant digits, resized as needed: the harness's own histograms' precision. */
  static StatementClock histogram() {
    return new Timed();
  }

  private static final class Untimed extends StatementClock {
    @Override
    long begin() {
      return 0;
    }

    @Override
    void end(long began) {
      // Nothing is timed: the baseline.
    }

    @Override
    long timed() {
      return 0;
    }
  }

  private static final class Timed extends StatementClock {
    /** Auto-resizing: HdrHistogram's constructor by significant digits alone makes it so. */
    private final Histogram latencies = new Histogram(3);

    @Override
    long begin() {
      return System.nanoTime();
    }

    @Override
    void end(long began) {
      latencies.recordValue(System.nanoTime() - began);
    }

    @Override
    long timed() {
      return latencies.getTotalCount();
    }
  }
}
