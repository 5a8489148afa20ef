package io.commitbench.cli;

import java.security.Permission;
import java.util.concurrent.CountDownLatch;

/**
 * A command's life under a signal, reduced to what decides the exit code: a shutdown hook that asks
 * the command to stop and waits until it has reported, as {@code run} does, then the exit that
 * {@link CommitbenchMain} makes with the code the stopped command returns (1: its run did not
 * complete). Started as a process of its own by {@link SignalExitCodeTest}.
 *
 * <p>Whether the JVM then ends with 143 or with 1 is a race a test cannot win on demand (the
 * window is between the last shutdown hook and the JVM's halt), so this process also says on
 * standard output whenever System.exit is called after the exit began: that call is what loses
 * the race, and it is seen every time it is made.
 */
public final class SignalledCommandMain {

  static final String EXIT_DURING_SHUTDOWN = "System.exit called while the JVM was already exiting: ";

  private SignalledCommandMain() {}

  @SuppressWarnings("removal") // the only hook into System.exit the JDK offers; this JVM only
  public static void main(String[] args) throws InterruptedException {
    System.setSecurityManager(new ExitWatch());
    CountDownLatch stopRequested = new CountDownLatch(1);
    CountDownLatch reported = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stopRequested.countDown();
      try {
        reported.await();
        // Other shutdown work still under way: the main thread's exit call comes while it lasts,
        // so that a System.exit made there is always seen, never cut short by the JVM's halt.
        Thread.sleep(500);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }));
    System.out.println("ready");
    System.out.flush();
    stopRequested.await();
    reported.countDown();
    CommitbenchMain.exit(ExitCodes.RUN_FAILED);
  }

  /** Allows everything; reports a System.exit made after the JVM began to exit. */
  @SuppressWarnings("removal")
  private static final class ExitWatch extends SecurityManager {
    @Override
    public void checkPermission(Permission permission) {}

    @Override
    public void checkPermission(Permission permission, Object context) {}

    @Override
    public void checkExit(int status) {
      if (JvmShutdown.underway()) {
        System.out.println(EXIT_DURING_SHUTDOWN + status);
        System.out.flush();
      }
    }
  }
}
