package io.commitbench.core.run.breakdown;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Threads for the breakdown's sources that never keep the JVM alive: a source stuck on a stalled server is left behind. */
final class DaemonThreads {

  static final ExecutorService EXECUTOR = Executors.newCachedThreadPool(task -> {
    Thread thread = new Thread(task, "commitbench-breakdown-source");
    thread.setDaemon(true);
    return thread;
  });

  private DaemonThreads() {}
}
