package io.commitbench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The threads of a plain loop: started together, each running the same body with its own index,
 * the first failure of any kept. {@link #join} waits for all of them; {@link #rethrow} then passes
 * that failure on, after the caller has read what it measures at the join (the JVM's CPU).
 *
 * <pre>
 * WorkerThreads workers = WorkerThreads.start(8, "plain-point-select-", index -&gt; loop(index));
 * workers.join();
 * long cpu = ProcessCpuTime.nanos() - cpuAtStart;
 * workers.rethrow("plain point select");
 * </pre>
 */
final class WorkerThreads {

  /** One thread's work; {@code index} counts from 0. */
  @FunctionalInterface
  interface Body {
    void run(int index) throws Exception;
  }

  private final List<Thread> threads;
  private final AtomicReference<Throwable> failure;

  private WorkerThreads(List<Thread> threads, AtomicReference<Throwable> failure) {
    this.threads = threads;
    this.failure = failure;
  }

  /** Starts {@code count} threads named {@code namePrefix} and their number from 1. */
  static WorkerThreads start(int count, String namePrefix, Body body) {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < count; t++) {
      int index = t;
      Thread worker = new Thread(() -> {
        try {
          body.run(index);
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }, namePrefix + (t + 1));
      threads.add(worker);
      worker.start();
    }
    return new WorkerThreads(threads, failure);
  }

  void join() throws InterruptedException {
    for (Thread thread : threads) {
      thread.join();
    }
  }

  /** Throws the first failure of any thread, as the cause of "{@code what} failed"; else nothing. */
  void rethrow(String what) {
    if (failure.get() != null) {
      throw new IllegalStateException(what + " failed", failure.get());
    }
  }
}
