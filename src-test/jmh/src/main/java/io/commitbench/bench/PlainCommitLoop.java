package io.commitbench.bench;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.workload.TextValues;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The baseline of the commit workload: each thread, on a connection of its own with autocommit
 * off, inserts one row of 100 bytes and commits, its share of the transactions in a row, with
 * nothing around it (no timing, no histograms, and no pool unless asked for one). The threads start
 * together, as the harness's actors do.
 */
final class PlainCommitLoop {

  private final Dialect dialect;
  private final String url;
  private final String user;
  private final String password;
  private final String table;
  private final int threads;
  private final int transactions;
  private final java.util.Properties driverProperties;
  private final java.util.List<String> sessionStatements;
  private final PlainConnections connections;
  private final StatementClock.Factory clocks;
  private final AtomicLong timed = new AtomicLong();
  private long cpuNanos;

  /**
   * @param driverProperties what the loop's connections are opened with besides the login: empty
   *     for the driver's defaults, or the harness's (its connect and socket timeouts)
   * @param sessionStatements run once on each connection before the loop: none, or the session
   *     settings the harness's actors begin with (the statement timeout, which the server then
   *     applies to every statement)
   * @param connections from the driver, or from a pool of one as the harness's actors get theirs
   * @param clocks whether each thread times its statements ({@link StatementClock})
   */
  PlainCommitLoop(Dialect dialect, String url, String user, String password, String table, int threads,
      int transactions, java.util.Properties driverProperties, java.util.List<String> sessionStatements,
      PlainConnections connections, StatementClock.Factory clocks) {
    this.connections = connections;
    this.clocks = clocks;
    this.driverProperties = driverProperties;
    this.sessionStatements = sessionStatements;
    this.dialect = dialect;
    this.url = url;
    this.user = user;
    this.password = password;
    this.table = table;
    this.threads = threads;
    this.transactions = transactions;
  }

  /** The JVM's CPU per statement (an insert or a commit) over the last run, in nanoseconds. */
  double cpuNanosPerStatement() {
    return (double) cpuNanos / (2L * transactions);
  }

  /** Creates the table, runs every transaction, drops it; returns statements (insert + commit) per second. */
  double run() throws Exception {
    try (Connection admin = DriverManager.getConnection(url, user, password);
        Statement ddl = admin.createStatement()) {
      ddl.execute("CREATE TABLE " + table + " (id " + dialect.bigintType() + " NOT NULL PRIMARY KEY, payload "
          + dialect.varcharType() + "(100))" + (dialect.tableOptions().isEmpty() ? "" : " " + dialect.tableOptions()));
      try {
        return measure();
      } finally {
        ddl.execute("DROP TABLE " + table);
      }
    }
  }

  private double measure() throws Exception {
    CountDownLatch ready = new CountDownLatch(threads);
    CountDownLatch go = new CountDownLatch(1);
    WorkEnd workEnd = new WorkEnd(threads);
    WorkerThreads workers = WorkerThreads.start(threads, "plain-commit-", actor -> {
      int share = transactions / threads + (actor < transactions % threads ? 1 : 0);
      work(actor, share, ready, go, workEnd);
    });
    ready.await();
    long cpuAtStart = ProcessCpuTime.nanos();
    long start = System.nanoTime();
    go.countDown();
    workers.join();
    cpuNanos = workEnd.cpuNanosOr(ProcessCpuTime.nanos()) - cpuAtStart;
    workers.rethrow("plain commit loop");
    StatementClock.checkAllTimed(timed.get(), 2L * transactions);
    return 2L * transactions * 1e9 / (workEnd.nanos() - start);
  }

  private void work(int actor, int share, CountDownLatch ready, CountDownLatch go, WorkEnd workEnd)
      throws Exception {
    TextValues payloads = TextValues.forActor(actor, 100);
    StatementClock clock = clocks.forThread(); // made before the threads are let go, as the paper loop's
    java.util.Properties login = new java.util.Properties();
    login.putAll(driverProperties);
    login.setProperty("user", user);
    login.setProperty("password", password);
    try (PlainConnections.Lease lease = connections.open(url, login, false)) {
      Connection connection = lease.connection();
      SessionSettings.apply(connection, sessionStatements);
      try (PreparedStatement insert = connection.prepareStatement(
          "INSERT INTO " + table + " (id, payload) VALUES (?, ?)")) {
        ready.countDown();
        go.await();
        long base = (long) actor << 40;
        for (int i = 0; i < share; i++) {
          insert.setLong(1, base + i);
          insert.setString(2, payloads.get(i));
          long began = clock.begin();
          insert.executeUpdate();
          clock.end(began);
          began = clock.begin();
          connection.commit();
          clock.end(began);
        }
        workEnd.workerDone();
        timed.addAndGet(clock.timed());
      }
    } catch (SQLException e) {
      ready.countDown();
      throw e;
    }
  }
}
