package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The watchdog's rule, on a clock of the test's: a call older than the limit has its connection
 * aborted, once; a call within the limit, a finished call and an actor without a connection are
 * left alone. The connection here only records the abort (H2's embedded connection has no socket
 * to close); the whole path, against real PostgreSQL and MariaDB servers that stop answering, is
 * StalledServerIT's.
 */
class StalledCallWatchdogTest {

  private static final long SECOND = 1_000_000_000L;

  private final AtomicLong now = new AtomicLong(1_000 * SECOND);
  private final List<String> warnings = new ArrayList<>();
  private final AtomicInteger aborts = new AtomicInteger();
  /** Counts {@code abort}; any other call is a mistake of the watchdog's. */
  private final Connection connection = (Connection) Proxy.newProxyInstance(getClass().getClassLoader(),
      new Class<?>[] {Connection.class}, (proxy, method, args) -> {
        if (!method.getName().equals("abort")) {
          throw new AssertionError("the watchdog called " + method.getName());
        }
        aborts.incrementAndGet();
        return null;
      });

  @Test
  void aCallOlderThanTheLimitHasItsConnectionClosedOnce() throws Exception {
    try (StalledCallWatchdog watchdog = new StalledCallWatchdog(31, warnings::add, now::get)) {
      CallWatch watch = watchdog.watch("actor 1 (sa)");
      watch.connection(connection);
      watch.begin(now.get());

      now.addAndGet(31 * SECOND);
      assertThat(watchdog.check()).as("aborted at exactly the limit").isZero();
      assertThat(aborts).hasValue(0);

      now.addAndGet(1);
      assertThat(watchdog.check()).as("aborted just after the limit").isEqualTo(1);
      assertThat(aborts).hasValue(1);
      assertThat(warnings).singleElement().asString().contains("actor 1 (sa)'s call to the database had not returned"
          + " after 31 s (statement.timeout + 30 s)");

      now.addAndGet(10 * SECOND);
      assertThat(watchdog.check()).as("the same call again").isZero();
      assertThat(warnings).hasSize(1);
    }
  }

  /** Once the run is asked to stop, a call gets statement.timeout + 1 s, so a signal is acted on within seconds. */
  @Test
  void onceTheRunStopsACallGetsTheShorterLimit() throws Exception {
    AtomicBoolean stopping = new AtomicBoolean();
    try (StalledCallWatchdog watchdog = new StalledCallWatchdog(35, 6, stopping::get, warnings::add, now::get)) {
      CallWatch watch = watchdog.watch("actor 1 (sa)");
      watch.connection(connection);
      watch.begin(now.get());

      now.addAndGet(8 * SECOND);
      assertThat(watchdog.check()).as("8 s while the run goes on").isZero();
      stopping.set(true);
      assertThat(watchdog.check()).as("8 s once the run stops").isEqualTo(1);
      assertThat(aborts).hasValue(1);
      assertThat(warnings).singleElement().asString().contains("actor 1 (sa)'s call to the database had not returned"
          + " after 8 s (statement.timeout + 1 s, the run being stopped)");
    }
  }

  @Test
  void finishedCallsAndActorsWithoutAConnectionAreLeftAlone() throws Exception {
    try (StalledCallWatchdog watchdog = new StalledCallWatchdog(31, warnings::add, now::get)) {
      CallWatch finished = watchdog.watch("actor 1 (sa)");
      finished.connection(connection);
      finished.begin(now.get());
      finished.end();
      CallWatch unconnected = watchdog.watch("actor 2 (sa)");
      unconnected.begin(now.get());

      now.addAndGet(60 * SECOND);
      assertThat(watchdog.check()).isZero();
      assertThat(aborts).hasValue(0);
      assertThat(warnings).isEmpty();
    }
  }
}
