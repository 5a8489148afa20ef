package io.commitbench.core.run.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CompilerSettleTest {

  private static final long MS = 1_000_000L;

  @Test
  void aQuietCompilerIsWaitedForOnlyTheQuietTime() throws Exception {
    long waited = new CompilerSettle(() -> 42L, 50 * MS, 5_000 * MS).await(() -> false);

    assertThat(waited).isGreaterThanOrEqualTo(50 * MS).isLessThan(5_000 * MS);
  }

  @Test
  void aCompilerAtWorkIsWaitedForUntilItStopsAndThenTheQuietTime() throws Exception {
    long start = System.nanoTime();
    // Grows for 150 ms, then stands still.
    CompilerSettle settle = new CompilerSettle(() -> Math.min(System.nanoTime() - start, 150 * MS), 50 * MS,
        5_000 * MS);

    long waited = settle.await(() -> false);

    // It moved until 150 ms after start (a few microseconds before the wait began), then 50 ms of quiet.
    assertThat(waited).isGreaterThanOrEqualTo(195 * MS).isLessThan(5_000 * MS);
  }

  @Test
  void aCompilerThatNeverStopsIsWaitedForTheLongestWaitOnly() throws Exception {
    AtomicLong work = new AtomicLong();

    long waited = new CompilerSettle(work::incrementAndGet, 50 * MS, 300 * MS).await(() -> false);

    assertThat(waited).isGreaterThanOrEqualTo(300 * MS).isLessThan(5_000 * MS);
  }

  @Test
  void aStopEndsTheWaitAtOnce() throws Exception {
    AtomicLong work = new AtomicLong();

    long waited = new CompilerSettle(work::incrementAndGet, 50 * MS, 60_000 * MS).await(() -> true);

    assertThat(waited).isLessThan(50 * MS);
    assertThat(work.get()).isEqualTo(1);
  }

  @Test
  void thisJvmsCompilerThreadsHaveUsedCpuAndTheirCpuOnlyGrows() {
    assumeTrue(Files.isDirectory(Path.of("/proc/self/task")), "no /proc/self/task: not Linux");

    long first = CompilerSettle.compilerThreadsCpuNanos();
    long second = CompilerSettle.compilerThreadsCpuNanos();

    // A JVM that has loaded JUnit has compiled something.
    assertThat(first).isPositive();
    assertThat(second).isGreaterThanOrEqualTo(first);
  }
}
