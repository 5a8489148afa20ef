package io.commitbench.core.run;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Closes the actors' pools all at once, each on a daemon thread of its own, and waits for them up
 * to a deadline. HikariCP's close waits for a connect attempt in progress and for connections in
 * use: one pool after another, 500 pools against a server that refuses logins take minutes. A
 * pool still closing at the deadline is left to its threads, which are daemons and do not keep
 * the JVM from exiting; its connections end with the process. A pool that holds no connection is
 * not waited for: it only waits for a connect attempt to a server that refuses it.
 */
final class PoolShutdown {

  /** How long the pools are given to close, all together. */
  static final int DEADLINE_SECONDS = 5;
  private static final long POLL_MILLIS = 50;

  private PoolShutdown() {}

  /**
   * Closes every pool, and waits until those that hold connections have closed or the deadline
   * passed; returns the pools still closing then (empty when all closed).
   */
  static List<HikariDataSource> close(List<HikariDataSource> pools, long deadlineMillis) throws InterruptedException {
    CountDownLatch closed = new CountDownLatch(pools.size());
    Set<HikariDataSource> closing = ConcurrentHashMap.newKeySet();
    closing.addAll(pools);
    for (HikariDataSource pool : pools) {
      Thread closer = new Thread(() -> {
        try {
          pool.close();
        } finally {
          closing.remove(pool);
          closed.countDown();
        }
      }, "cb-close-" + pool.getPoolName());
      closer.setDaemon(true);
      closer.start();
    }
    long deadline = System.nanoTime() + deadlineMillis * 1_000_000L;
    while (!closed.await(POLL_MILLIS, TimeUnit.MILLISECONDS) && System.nanoTime() < deadline
        && connections(List.copyOf(closing)) > 0) {
      // Waits for the pools that still hold connections; the others only wait for a connect attempt.
    }
    return List.copyOf(closing);
  }

  /**
   * How many connections {@code pools} still hold. A pool still closing that holds none only
   * waits for a connect attempt (to a server that refuses it) to end, which leaves nothing behind.
   */
  static int connections(List<HikariDataSource> pools) {
    int connections = 0;
    for (HikariDataSource pool : pools) {
      HikariPoolMXBean bean = pool.getHikariPoolMXBean();
      connections += bean == null ? 0 : bean.getTotalConnections();
    }
    return connections;
  }
}
