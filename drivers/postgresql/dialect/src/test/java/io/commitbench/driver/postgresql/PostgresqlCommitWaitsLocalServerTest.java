package io.commitbench.driver.postgresql;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.breakdown.CommitTimeSource;
import io.commitbench.core.breakdown.CommitWaitContext;
import io.commitbench.core.breakdown.PartReading;
import io.commitbench.core.breakdown.SourceReading;
import io.commitbench.core.dialect.ConnectionTimeouts;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The commit waits on the local PostgreSQL service (127.0.0.1:5432, database test), which does
 * not load pg_wait_sampling: two sessions named as commitbench names its own commit rows into a
 * table of the test's for about 2 s while the source samples pg_stat_activity beside them. The
 * server's settings are left as they are.
 */
class PostgresqlCommitWaitsLocalServerTest {

  private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";
  private static final String TABLE = "zz_pgwaits_t";
  private static final int SESSIONS = 2;
  private static final long WORK_MILLIS = 2_000;

  @BeforeEach
  void createTable() throws SQLException {
    try (Connection c = connect("zz_pgwaits setup"); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + TABLE);
      s.execute("CREATE TABLE " + TABLE + " (session int, n int, pad text)");
    }
  }

  @AfterEach
  void dropTable() throws SQLException {
    try (Connection c = connect("zz_pgwaits setup"); Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS " + TABLE);
    }
  }

  @Test
  void withoutPgWaitSamplingTheSourceSamplesTheRunsSessionsInPgStatActivity() throws Exception {
    Instant runStartedAt = Instant.now();
    CommitWaitContext context = new CommitWaitContext(() -> connect("commitbench"), runStartedAt, 100);
    CountDownLatch connected = new CountDownLatch(SESSIONS);
    CountDownLatch mayClose = new CountDownLatch(1);
    List<Thread> workers = new ArrayList<>();
    List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    SourceReading reading;
    ActivityTally tally;
    try (CommitTimeSource source = new PostgresqlCommitWaits().open(context)) {
      assertThat(source).isInstanceOf(PostgresqlActivitySource.class);
      for (int i = 0; i < SESSIONS; i++) {
        int session = i;
        Thread worker = new Thread(() -> work(session, connected, mayClose, failures), "zz_pgwaits session " + i);
        worker.start();
        workers.add(worker);
      }
      assertThat(connected.await(10, TimeUnit.SECONDS)).as("the sessions connected").isTrue();
      source.begin();
      Thread.sleep(WORK_MILLIS);
      reading = source.end();
      tally = ((PostgresqlActivitySource) source).tally();
    } finally {
      mayClose.countDown();
      for (Thread worker : workers) {
        worker.join(10_000);
      }
    }

    assertThat(failures).isEmpty();
    Map<String, PartReading> parts = reading.parts().stream().collect(Collectors.toMap(PartReading::name, p -> p));
    assertThat(parts.keySet()).containsExactlyInAnyOrderElementsOf(PostgresqlWaitEvents.PARTS);
    assertThat(parts.get(CommitParts.LOG_SYNC).source()).startsWith("pg_stat_activity IO:WALSync, sampled at 100 Hz"
        + " (pg_wait_sampling is not loaded: ");
    assertThat(tally.samples()).as("samples taken in %d ms at 100 Hz", WORK_MILLIS).isGreaterThan(20);
    // Both sessions stay connected through the window; another commitbench run on the server would add its own.
    assertThat(tally.sessionSamples()).isGreaterThanOrEqualTo(SESSIONS * tally.samples());
    long walSamples = parts.get(CommitParts.LOG_SYNC).events() + parts.get(CommitParts.LOG_WRITE).events()
        + parts.get(CommitParts.GROUP_COMMIT_WAIT).events();
    assertThat(walSamples > 0 || tally.sessionSamples() == SESSIONS * tally.samples())
        .as("WAL waits seen (%d samples) or every sample counted both sessions (%s)", walSamples, tally.events())
        .isTrue();
    assertThat(parts.get(CommitParts.LOG_SYNC).millis()).isEqualTo(parts.get(CommitParts.LOG_SYNC).events() * 10.0);
    assertThat(reading.cost()).anySatisfy(line -> assertThat(line).startsWith("pg_stat_activity sampled "));
  }

  /** One session: inserts and commits until told to stop, then closes after the source has ended. */
  private static void work(int session, CountDownLatch connected, CountDownLatch mayClose, List<Throwable> failures) {
    try (Connection c = connect("commitbench")) {
      c.setAutoCommit(false);
      try (PreparedStatement insert = c.prepareStatement("INSERT INTO " + TABLE + " VALUES (?, ?, 'x')")) {
        connected.countDown();
        long deadline = System.nanoTime() + (WORK_MILLIS + 500) * 1_000_000L;
        for (int n = 0; System.nanoTime() < deadline; n++) {
          insert.setInt(1, session);
          insert.setInt(2, n);
          insert.executeUpdate();
          c.commit();
        }
      }
      mayClose.await(30, TimeUnit.SECONDS);
    } catch (Exception e) {
      failures.add(e);
    }
  }

  /** A connection with the dialect's settings, named {@code applicationName}. */
  private static Connection connect(String applicationName) throws SQLException {
    Properties props = new PostgresqlDialect().connectionProperties(new ConnectionTimeouts(5, 30));
    props.setProperty("user", "postgres");
    props.setProperty("ApplicationName", applicationName);
    return DriverManager.getConnection(URL, props);
  }
}
