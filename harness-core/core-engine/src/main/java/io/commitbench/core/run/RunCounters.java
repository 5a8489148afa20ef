package io.commitbench.core.run;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.server.CounterContext;
import io.commitbench.core.server.CounterSnapshot;
import io.commitbench.core.server.CounterWindow;
import io.commitbench.core.server.LogActivity;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.function.Function;

/**
 * The server's counters of one run and their difference over the measured window, the window of
 * the client's figures: read before the actors start, again as the warm-up ends (when there is
 * one), and after the actors. A reading that fails does not fail the run: it is a snapshot that
 * says why.
 *
 * <p>The first reading comes before the pools open (opening them commits nothing), so no actor's
 * connection sits idle while it is taken. The one at the warm-up's end comes while the actors
 * work (a busy session publishes its counts within about a second on PostgreSQL, at once on
 * MariaDB), on the thread that ends the warm-up, while the run's own thread waits for the actors:
 * the admin connection is never used by two threads at once. The last one comes after the pools
 * closed, because a server may hold back an idle session's counts until the session ends
 * (PostgreSQL, for up to 10 s).
 */
final class RunCounters {

  private final Dialect dialect;
  private final boolean autocommit;
  private final boolean warmup;
  /** A failure in one line, as the run reports its other failures. */
  private final Function<Throwable, String> describe;
  private CounterSnapshot beforeActors;
  /** The admin connection while the actors run, for the reading at the warm-up's end. */
  private volatile AdminConnection admin;
  /** Read as the measurement began after a warm-up; null when there was no such moment. */
  private volatile CounterSnapshot atWarmupEnd;
  private CounterSnapshot afterActors;

  /**
   * @param autocommit whether the run's sessions autocommit (see {@link CounterContext})
   * @param warmup whether the run has a warm-up, at whose end the counters are read again
   * @param describe a failure in one line
   */
  RunCounters(Dialect dialect, boolean autocommit, boolean warmup, Function<Throwable, String> describe) {
    this.dialect = dialect;
    this.autocommit = autocommit;
    this.warmup = warmup;
    this.describe = describe;
  }

  /** Before the pools open; {@code admin} is then read again at the warm-up's end. */
  void readBeforeActors(AdminConnection admin) {
    beforeActors = read(admin.get(), CounterContext.atStart(autocommit));
    this.admin = admin;
  }

  /** Whether the first reading was taken (the run got as far as its actors). */
  boolean readBefore() {
    return beforeActors != null;
  }

  /**
   * As the measurement begins after a warm-up, before its interval is cut: a transaction that
   * commits while the counters are read counts on the server and in the client's warm-up, never in
   * the client's window alone. Does nothing without a warm-up.
   */
  void readAtWarmupEnd() {
    AdminConnection connection = admin;
    if (warmup && beforeActors != null && connection != null) {
      atWarmupEnd = read(connection.get(), CounterContext.atStart(autocommit));
    }
  }

  /** After the pools closed, on the (revived) admin connection. */
  void readAfterActors(Connection connection) {
    afterActors = read(connection, CounterContext.atEnd(autocommit));
  }

  /**
   * The difference over the measured window: from the reading at the warm-up's end (without a
   * warm-up, before the first cycle) to the last. When the reading at the warm-up's end is missing
   * or failed, from before the warm-up, and the window says so.
   */
  LogActivity activity() {
    if (beforeActors == null) {
      return LogActivity.notRead("the run ended before its first cycle, so the server's counters were not read");
    }
    if (afterActors == null) {
      return LogActivity.notRead("the server's counters were not read at the end of the run");
    }
    if (!warmup) {
      return LogActivity.between(beforeActors, afterActors);
    }
    if (atWarmupEnd == null) {
      return LogActivity.between(beforeActors, afterActors).covering(CounterWindow.WHOLE_RUN,
          "the run ended before its warm-up did, so they were read only before it");
    }
    if (atWarmupEnd.counters().isEmpty() && !beforeActors.counters().isEmpty()) {
      return LogActivity.between(beforeActors, afterActors).covering(CounterWindow.WHOLE_RUN,
          "the reading at the warm-up's end failed (" + atWarmupEnd.note() + "), so they count from before it");
    }
    return LogActivity.between(atWarmupEnd, afterActors);
  }

  private CounterSnapshot read(Connection connection, CounterContext when) {
    try {
      return dialect.server().logCounters().read(connection, when);
    } catch (SQLException | RuntimeException e) {
      return CounterSnapshot.failed("could not read the server's counters: " + describe.apply(e));
    }
  }
}
