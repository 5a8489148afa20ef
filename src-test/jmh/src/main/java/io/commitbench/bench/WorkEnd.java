package io.commitbench.bench;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a plain loop's measured window ends: when its last worker has issued its last statement,
 * before it closes its connection, as a run's window ends ({@code ActorGroup.Outcome}'s work end).
 * The worker that finishes last reads the clock and the JVM's CPU time. Read after the workers
 * joined, the CPU time would count the connections' closing as measured work. A worker that finished
 * earlier may have closed its connection inside the window: a cost the loop pays and the harness
 * does not (its actors close only once all are done), which lowers the harness's ratio, if anything.
 */
final class WorkEnd {

  private final AtomicInteger working;
  private volatile long nanos;
  private volatile long cpuNanos = -1;

  WorkEnd(int workers) {
    this.working = new AtomicInteger(workers);
  }

  /** A worker issued its last statement; called before it closes its connection. */
  void workerDone() {
    if (working.decrementAndGet() == 0) {
      cpuNanos = ProcessCpuTime.nanos();
      nanos = System.nanoTime();
    }
  }

  /** {@link System#nanoTime()} when the last worker finished; 0 when one never did (it failed). */
  long nanos() {
    return nanos;
  }

  /** The JVM's CPU time when the last worker finished, or {@code fallback} when one never did. */
  long cpuNanosOr(long fallback) {
    return cpuNanos < 0 ? fallback : cpuNanos;
  }
}
