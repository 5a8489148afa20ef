package io.commitbench.cli;

/** Whether the JVM has begun to exit (a signal, another thread's System.exit), and waiting for it. */
final class JvmShutdown {

  private JvmShutdown() {}

  /**
   * True once the JVM's shutdown sequence has begun. The JDK offers no query for it; adding a hook
   * is refused from that moment on (IllegalStateException), so a hook that does nothing is added
   * and removed again.
   */
  static boolean underway() {
    Thread probe = new Thread(() -> {}, "commitbench-shutdown-probe");
    try {
      Runtime.getRuntime().addShutdownHook(probe);
    } catch (IllegalStateException shuttingDown) {
      return true;
    }
    Runtime.getRuntime().removeShutdownHook(probe);
    return false;
  }

  /** Blocks the calling thread until the exit the JVM has begun halts it; never returns normally. */
  static void awaitHalt() throws InterruptedException {
    while (true) {
      Thread.sleep(60_000);
    }
  }
}
