package io.commitbench.core.run.jvm;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waits, after the actors connected and before the first cycle, until the JIT compiler has
 * finished what the run's set-up gave it: creating the schema, opening the pools and preparing
 * the statements run code the compiler then compiles in the background, and without the wait
 * that work falls into the first half second of the measured window (the JVM's CPU over the
 * window is the run's client CPU; scripts/bench/overhead-paired.sh and thread-cpu.py show the
 * compiler threads' share beside a plain JDBC loop, see docs/performance.md). The wait is
 * bounded ({@link #MAX_NANOS}): a compiler that never goes quiet (another busy part of the JVM)
 * delays the run by that much at most. Public for the benchmarks, which wait for the compiler
 * between runs in one JVM the same way.
 */
public final class CompilerSettle {

  /** The compiler counts as done once its threads have used no CPU for this long. */
  static final long QUIET_NANOS = 50_000_000L;
  /** The longest wait. */
  static final long MAX_NANOS = 1_000_000_000L;
  private static final long POLL_MILLIS = 10;
  private static final Path TASKS = Path.of("/proc/self/task");

  private final LongSupplier activity;
  private final long quietNanos;
  private final long maxNanos;

  /**
   * @param activity a figure that grows while the compiler works (its threads' CPU nanoseconds)
   */
  CompilerSettle(LongSupplier activity, long quietNanos, long maxNanos) {
    this.activity = activity;
    this.quietNanos = quietNanos;
    this.maxNanos = maxNanos;
  }

  /** This JVM's compiler, watched as well as the platform allows ({@link #compilerActivity}). */
  public static CompilerSettle ofThisJvm() {
    return ofThisJvm(QUIET_NANOS, MAX_NANOS);
  }

  /** This JVM's compiler, done once quiet for {@code quietNanos}, waited for {@code maxNanos} at most. */
  public static CompilerSettle ofThisJvm(long quietNanos, long maxNanos) {
    return new CompilerSettle(compilerActivity(), quietNanos, maxNanos);
  }

  /**
   * Waits until the activity has not grown for the quiet time, at most the longest wait, or until
   * {@code stopped} says so; answers how long it waited, in nanoseconds.
   */
  public long await(BooleanSupplier stopped) throws InterruptedException {
    long start = System.nanoTime();
    long last = activity.getAsLong();
    long quietSince = start;
    long now = start;
    while (now - start < maxNanos && now - quietSince < quietNanos && !stopped.getAsBoolean()) {
      Thread.sleep(POLL_MILLIS);
      now = System.nanoTime();
      long current = activity.getAsLong();
      if (current != last) {
        last = current;
        quietSince = now;
      }
    }
    return now - start;
  }

  /**
   * The compiler threads' CPU time in nanoseconds, read from /proc on Linux (HotSpot names them
   * {@code C1 CompilerThread0}, {@code C2 CompilerThread0}, ...; the kernel keeps 15 characters);
   * elsewhere the JVM's total compilation time, which grows only when a compilation ends; a
   * figure that never grows (the wait then ends after the quiet time) when neither can be read.
   */
  static LongSupplier compilerActivity() {
    if (Files.isDirectory(TASKS)) {
      return CompilerSettle::compilerThreadsCpuNanos;
    }
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
      return () -> jit.getTotalCompilationTime() * 1_000_000L;
    }
    return () -> 0L;
  }

  static long compilerThreadsCpuNanos() {
    long sum = 0;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        try {
          if (Files.readString(task.resolve("comm")).contains("CompilerThre")) {
            String schedstat = Files.readString(task.resolve("schedstat"));
            sum += Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
          }
        } catch (IOException | RuntimeException ended) {
          // The thread ended between the listing and the read: its CPU no longer moves.
        }
      }
    } catch (IOException e) {
      return 0;
    }
    return sum;
  }
}
