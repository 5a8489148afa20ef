package io.commitbench.storage.oracle;

import java.io.IOException;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;

/**
 * How long the relocation waits for the server (a switch to land, a checkpoint to finish, the
 * archiver) and how often it looks. Immutable. Tests pass a zero interval; the deadline is read
 * from the clock, so a fixed clock never times out on its own and the bounded attempt count of
 * {@link #until} ends the wait instead.
 *
 * @param interval the pause between two looks
 * @param timeout how long one wait may last in all
 * @param maxAttempts how many times the nudging statement is issued at most in one wait
 * @param clock where the deadline is read
 */
public record RedoPolling(Duration interval, Duration timeout, int maxAttempts, Clock clock) {

  /** 1 s between looks, 10 min in all, at most 50 nudges per wait: a real server's pace. */
  public static RedoPolling standard() {
    return new RedoPolling(Duration.ofSeconds(1), Duration.ofMinutes(10), 50, Clock.systemUTC());
  }

  public RedoPolling {
    if (interval.isNegative() || timeout.isNegative() || maxAttempts < 1) {
      throw new IllegalArgumentException("polling needs interval >= 0, timeout >= 0, maxAttempts >= 1; got "
          + interval + ", " + timeout + ", " + maxAttempts);
    }
  }

  /** What is issued to move the server along (a switch, a checkpoint), and journaled, before each look. */
  @FunctionalInterface
  interface Nudge {
    void run() throws SQLException, IOException;
  }

  /**
   * Issues {@code nudge}, reads the groups, and repeats until {@code done} holds for them.
   *
   * @return the groups that satisfied the condition
   * @throws TimeoutException naming what was awaited and the last groups seen
   */
  List<RedoGroup> until(String awaited, OracleRedoCatalog catalog, Nudge nudge, Predicate<List<RedoGroup>> done)
      throws SQLException, IOException, TimeoutException, InterruptedException {
    Instant deadline = clock.instant().plus(timeout);
    List<RedoGroup> groups = catalog.groups();
    for (int attempt = 0; !done.test(groups); attempt++) {
      if (attempt >= maxAttempts || clock.instant().isAfter(deadline)) {
        throw new TimeoutException("gave up waiting for " + awaited + " after " + attempt + " attempts and "
            + timeout + " at most; groups now: " + groups.stream().map(RedoGroup::describe).toList());
      }
      nudge.run();
      if (!interval.isZero()) {
        Thread.sleep(interval.toMillis());
      }
      groups = catalog.groups();
    }
    return groups;
  }
}
