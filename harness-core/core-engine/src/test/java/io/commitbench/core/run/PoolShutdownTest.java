package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.HikariPoolMXBean;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The actors' pools close side by side and within a deadline: pools whose close takes long are
 * waited for together, one that does not close at all is abandoned at the deadline, and one that
 * holds no connection (it only waits for a connect attempt to a server that refuses it) is not
 * waited for.
 */
class PoolShutdownTest {

  private final AtomicInteger closed = new AtomicInteger();

  @Test
  void slowPoolsCloseSideBySide() throws Exception {
    List<HikariDataSource> pools = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      pools.add(closingIn(300, 1));
    }
    long began = System.nanoTime();
    assertThat(PoolShutdown.close(pools, 10_000)).as("pools left closing").isEmpty();
    assertThat(closed).hasValue(50);
    // One after another they would take 15 s.
    assertThat((System.nanoTime() - began) / 1_000_000).as("ms to close 50 pools of 300 ms each").isLessThan(5_000);
  }

  @Test
  void aPoolThatDoesNotCloseIsAbandonedAtTheDeadline() throws Exception {
    HikariDataSource stuck = closingIn(60_000, 1);
    List<HikariDataSource> pools = List.of(closingIn(0, 1), stuck);
    long began = System.nanoTime();
    assertThat(PoolShutdown.close(pools, 500)).as("pools left closing").containsExactly(stuck);
    assertThat((System.nanoTime() - began) / 1_000_000).as("ms until the close gave up").isBetween(400L, 5_000L);
    assertThat(closed).hasValue(1);
    assertThat(PoolShutdown.connections(List.of(stuck))).as("connections left").isEqualTo(1);
  }

  @Test
  void aPoolWithoutConnectionsIsNotWaitedFor() throws Exception {
    HikariDataSource connecting = closingIn(60_000, 0);
    long began = System.nanoTime();
    assertThat(PoolShutdown.close(List.of(connecting, closingIn(200, 1)), 10_000)).containsExactly(connecting);
    assertThat((System.nanoTime() - began) / 1_000_000).as("ms until the close went on").isLessThan(5_000);
    assertThat(closed).hasValue(1);
  }

  /** A pool (never started) whose close takes {@code millis}, holding {@code connections} until closed. */
  private HikariDataSource closingIn(long millis, int connections) {
    AtomicBoolean done = new AtomicBoolean();
    HikariPoolMXBean bean = (HikariPoolMXBean) Proxy.newProxyInstance(getClass().getClassLoader(),
        new Class<?>[] {HikariPoolMXBean.class}, (proxy, method, args) -> {
          if (!method.getName().equals("getTotalConnections")) {
            throw new AssertionError("the shutdown called " + method.getName());
          }
          return done.get() ? 0 : connections;
        });
    return new HikariDataSource() {
      @Override
      public HikariPoolMXBean getHikariPoolMXBean() {
        return bean;
      }

      @Override
      public void close() {
        try {
          Thread.sleep(millis);
          done.set(true);
          closed.incrementAndGet();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    };
  }
}
