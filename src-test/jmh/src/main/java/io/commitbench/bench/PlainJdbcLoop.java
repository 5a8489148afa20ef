package io.commitbench.bench;

import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.TableSpec;
import io.commitbench.core.dialect.WorkloadSql;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The baseline of the overhead comparison: the paper's statements, with the same keys and
 * values, in the same order, on the same number of threads (one connection each), with nothing
 * around them: no timing per statement, no histograms, no timeouts, no error handling, and no pool unless
 * asked for one ({@link PlainConnections}).
 *
 * <p>By default the threads start each cycle together ({@link CycleRelease#TOGETHER}), as the
 * harness releases its actors with {@code sleep=0}: how the threads are released is part of the
 * workload, not of the harness's overhead. Released {@link CycleRelease#ONE_BY_ONE} instead, a
 * thread's first statement comes later after the release, the threads meet less often on the same
 * H2 table, and the loop runs a few per cent faster, with less CPU time per statement: much of
 * the difference is in H2's {@code MVMap.operate}, which retries when writers of one map collide
 * ({@link HarnessOverhead} with {@code release=one-by-one} shows it).
 */
final class PlainJdbcLoop {

  private final Dialect dialect;
  private final String url;
  private final int threads;
  private final int tables;
  private final int perTable;
  private final int cycles;
  private final CycleRelease release;
  private final String user;
  private final String password;
  private final String tablePrefix;
  private final List<String> sessionStatements;
  private final PlainConnections connections;
  private final StatementClock.Factory clocks;
  private final AtomicLong timed = new AtomicLong();
  private long cpuNanos;
  private long statements;

  PlainJdbcLoop(Dialect dialect, String url, int threads, int tables, int perTable, int cycles, CycleRelease release) {
    this(dialect, url, "sa", "", "plain_table_", threads, tables, perTable, cycles, release, List.of(),
        PlainConnections.DRIVER, StatementClock::none);
  }

  /**
   * On a server: its login, a table prefix of the benchmark's own (its tables are dropped at the
   * end), and what each connection runs before its cycles (none, or the session settings the
   * harness's actors begin with), where its threads' connections come from, and whether each
   * thread times its statements ({@link StatementClock}).
   */
  PlainJdbcLoop(Dialect dialect, String url, String user, String password, String tablePrefix, int threads,
      int tables, int perTable, int cycles, CycleRelease release, List<String> sessionStatements,
      PlainConnections connections, StatementClock.Factory clocks) {
    this.connections = connections;
    this.clocks = clocks;
    this.sessionStatements = sessionStatements;
    this.dialect = dialect;
    this.url = url;
    this.user = user;
    this.password = password;
    this.tablePrefix = tablePrefix;
    this.threads = threads;
    this.tables = tables;
    this.perTable = perTable;
    this.cycles = cycles;
    this.release = release;
  }

  /** The JVM's CPU time per statement over the last run's cycles, in nanoseconds. */
  double cpuNanosPerStatement() {
    return (double) cpuNanos / statements;
  }

  /** Creates the tables, runs every cycle, drops the tables and returns statements per second over the cycles. */
  double run() throws Exception {
    try (Connection admin = DriverManager.getConnection(url, user, password)) {
      List<WorkloadSql> sql = createTables(admin);
      try {
        return measure(sql);
      } finally {
        dropTables(admin);
      }
    }
  }

  private double measure(List<WorkloadSql> sql) throws Exception {
    AtomicLong start = new AtomicLong();
    AtomicReference<Throwable> failure = new AtomicReference<>();
    AtomicLong cpuAtStart = new AtomicLong();
    CycleRelease.Gate cycleStart = release.gate(threads, () -> {
      if (start.compareAndSet(0, System.nanoTime())) {
        cpuAtStart.set(ProcessCpuTime.nanos());
      }
    });
    WorkEnd workEnd = new WorkEnd(threads);
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int actor = t;
      Thread worker = new Thread(() -> {
        try {
          work(actor, sql, cycleStart, workEnd);
        } catch (Throwable e) {
          failure.compareAndSet(null, e);
        }
      }, "plain-" + (t + 1));
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    cpuNanos = workEnd.cpuNanosOr(ProcessCpuTime.nanos()) - cpuAtStart.get();
    if (failure.get() != null) {
      throw new IllegalStateException("plain loop failed", failure.get());
    }
    statements = (long) threads * tables * perTable * 4 * cycles;
    StatementClock.checkAllTimed(timed.get(), statements);
    return statements * 1e9 / (workEnd.nanos() - start.get());
  }

  private List<WorkloadSql> createTables(Connection admin) throws SQLException {
    List<WorkloadSql> sql = new ArrayList<>();
    String qualifier = dialect.centralQualifier(admin);
    try (Statement statement = admin.createStatement()) {
      for (int t = 1; t <= tables; t++) {
        String name = tablePrefix + t;
        TableSpec table = new TableSpec(name, qualifier, dialect.qualifiedName(qualifier, name), 32);
        for (String ddl : dialect.createTableStatements(table)) {
          statement.execute(ddl);
        }
        sql.add(dialect.workloadSql(table));
      }
    }
    return sql;
  }

  private void dropTables(Connection admin) throws SQLException {
    String qualifier = dialect.centralQualifier(admin);
    try (Statement statement = admin.createStatement()) {
      for (int t = 1; t <= tables; t++) {
        String name = tablePrefix + t;
        for (String ddl : dialect.dropTableStatements(new TableSpec(name, qualifier, dialect.qualifiedName(qualifier,
            name), 32))) {
          statement.execute(ddl);
        }
      }
    }
  }

  private void work(int actor, List<WorkloadSql> sql, CycleRelease.Gate cycleStart, WorkEnd workEnd)
      throws Exception {
    java.util.Properties login = new java.util.Properties();
    login.setProperty("user", user);
    login.setProperty("password", password);
    try (PlainConnections.Lease lease = connections.open(url, login, true)) {
      Connection connection = lease.connection();
      SessionSettings.apply(connection, sessionStatements);
      PlainPaperCycle cycle = new PlainPaperCycle(connection, sql, actor, perTable, clocks.forThread());
      for (int c = 0; c < cycles; c++) {
        cycleStart.pass();
        cycle.run();
      }
      workEnd.workerDone();
      timed.addAndGet(cycle.timed());
    }
  }
}
