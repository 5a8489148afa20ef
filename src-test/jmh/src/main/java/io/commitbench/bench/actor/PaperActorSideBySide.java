package io.commitbench.bench.actor;

import io.commitbench.bench.BenchArguments;
import io.commitbench.bench.PlainPaperCycle;
import io.commitbench.bench.SessionSettings;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.run.ActorBody;
import io.commitbench.core.run.RunActors;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The paper workload's real actor beside the plain loop against a real server, on the same
 * threads, in turn: each of {@code users} threads runs a cycle of its actor (the engine's actor
 * with {@code PaperActorWork}, built by {@link RunActors} as a run builds it: its pooled
 * connection, its recorder, drained once a second as the interval reporter drains it), then a cycle of {@link PlainPaperCycle} on a
 * connection of its own with the same keys and values (the next round the other way round), all
 * threads on the same side at the same time. Each cycle is measured in the thread's own CPU time,
 * so what the two sides' JVMs and their other threads (reporter, compiler, collector) do is not in
 * the figure: only the actor thread's code and what it does to the driver's and the kernel's path.
 * It prints, per side, the median CPU per statement over the rounds and, per round, the actor's
 * over the loop's, with its quartiles.
 *
 * <pre>
 * java -cp src-test/jmh/target/benchmarks.jar io.commitbench.bench.actor.PaperActorSideBySide \
 *     url=jdbc:postgresql://127.0.0.1:5432/test user=postgres [users=4] [tables=2] [pertable=1000] \
 *     [rounds=20] [warmups=3] [names=sbs]
 * </pre>
 *
 * <p>Its tables are {@code cbov<names>_1..} in the login's schema, dropped at the end.
 */
public final class PaperActorSideBySide {

  private static final int STATEMENT_TIMEOUT_SECONDS = 60;

  /** The arguments' defaults: every key allowed. */
  static final Map<String, String> DEFAULTS = Map.of("url", "jdbc:postgresql://127.0.0.1:5432/test", "user",
      "postgres", "users", "4", "tables", "2", "pertable", "1000", "rounds", "20", "warmups", "3", "names", "sbs");

  private PaperActorSideBySide() {}

  /** Per round, the CPU per statement of each side (all threads' CPU over all threads' statements), in ns. */
  record Rounds(double[] plain, double[] actor, double[] ratio, double plainBytes, double actorBytes) {}

  public static void main(String[] args) throws Exception {
    Map<String, String> p = BenchArguments.parse(args, DEFAULTS);
    BenchmarkConfig config = config(p);
    Rounds r = compare(config, Integer.parseInt(p.get("rounds")), Integer.parseInt(p.get("warmups")));
    double[] plain = r.plain().clone();
    double[] actor = r.actor().clone();
    double[] ratio = r.ratio().clone();
    Arrays.sort(plain);
    Arrays.sort(actor);
    Arrays.sort(ratio);
    int n = ratio.length;
    System.out.printf(Locale.ROOT, "paper, %d users, %d rounds: ns of the threads' CPU per statement, median: plain loop"
            + " %.0f, actor %.0f; actor over plain per round: median %.4f (quartiles %.4f .. %.4f, range %.4f .. %.4f)%n",
        config.users(), n, plain[n / 2], actor[n / 2], ratio[n / 2], ratio[n / 4], ratio[3 * n / 4], ratio[0],
        ratio[n - 1]);
    System.out.printf(Locale.ROOT, "bytes allocated per statement by the threads: plain loop %.1f, actor %.1f%n",
        r.plainBytes(), r.actorBytes());
  }

  /** The run's configuration as a harness leg of {@code ServerOverhead} has it: one cycle, no pauses. */
  static BenchmarkConfig config(Map<String, String> p) throws io.commitbench.core.config.ConfigException {
    Properties file = new Properties();
    Map<String, String> keys = new HashMap<>(Map.of("workload", "paper", "users", p.get("users"), "db.url",
        p.get("url"), "db.user", p.get("user"), "users.mode", "shared", "table.prefix", "cbov" + p.get("names") + "_",
        "sleep", "0", "tablename", p.get("tables"), "repeat", "1"));
    keys.putAll(Map.of("tableinsertnumber", p.get("pertable"), "tableselectnumber", p.get("pertable"),
        "tableupdatenumber", p.get("pertable"), "tabledeletenumber", p.get("pertable"), "statement.timeout",
        Integer.toString(STATEMENT_TIMEOUT_SECONDS)));
    file.putAll(keys);
    return new ConfigBinder(DialectRegistry.load(), System::getenv).bind(file, Map.of());
  }

  /** Rows per table of each statement kind (the four are equal here). */
  private static int perTable(BenchmarkConfig config) {
    return config.settings().integer("tableinsertnumber");
  }

  /** Creates the tables, runs {@code warmups} then {@code rounds} rounds, drops the tables. */
  static Rounds compare(BenchmarkConfig config, int rounds, int warmups) throws Exception {
    ActorEnvelopeSideBySide.checkRounds(rounds, warmups);
    Dialect dialect = DialectRegistry.load().forUrl(config.dbUrl())
        .orElseThrow(() -> new IllegalArgumentException("db.url=" + config.dbUrl() + ": no dialect accepts it"));
    String password = config.password().reveal();
    try (RunActors actors = RunActors.of(config, dialect);
        Connection admin = DriverManager.getConnection(config.dbUrl(), config.dbUser(), password)) {
      List<SchemaTable> tables = actors.workload().tables(new SchemaNaming(dialect, dialect.centralQualifier(admin),
          config.tablePrefix()));
      try {
        run(admin, tables, false);
        return measure(config, dialect, actors, tables, rounds, warmups);
      } finally {
        run(admin, tables, true);
      }
    }
  }

  private static void run(Connection admin, List<SchemaTable> tables, boolean drop) throws SQLException {
    try (Statement statement = admin.createStatement()) {
      for (SchemaTable table : tables) {
        for (String sql : drop ? table.drop() : table.create()) {
          statement.execute(sql);
        }
      }
    }
  }

  private static Rounds measure(BenchmarkConfig config, Dialect dialect, RunActors actors, List<SchemaTable> tables,
      int rounds, int warmups) throws Exception {
    int users = config.users();
    ScheduledExecutorService reporter = DrainedEverySecond.start(actors.measurements());
    long[][] plainCpu = new long[rounds][users];
    long[][] actorCpu = new long[rounds][users];
    long[][] bytes = new long[2][users]; // [0] plain, [1] actor: bytes the thread allocated over the measured rounds
    long[] statements = new long[users];
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    CyclicBarrier sides = new CyclicBarrier(users);
    try {
      List<Thread> threads = new ArrayList<>();
      for (int i = 0; i < users; i++) {
        int index = i;
        // Built here, as a run builds its actors before their threads start.
        ActorBody actor = actors.actor(index, tables);
        Thread thread = new Thread(() -> {
          try {
            statements[index] = work(index, config, dialect, actor, tables, sides, rounds, warmups, plainCpu,
                actorCpu, bytes);
          } catch (Throwable e) {
            failures.add(e);
            sides.reset(); // the others stop waiting for this thread
          }
        }, "actor-" + (i + 1));
        threads.add(thread);
        thread.start();
      }
      for (Thread thread : threads) {
        thread.join();
      }
    } finally {
      reporter.shutdownNow();
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException("a thread failed", failures.get(0));
    }
    long perRound = Arrays.stream(statements).sum();
    double[] plain = new double[rounds];
    double[] actor = new double[rounds];
    double[] ratio = new double[rounds];
    for (int r = 0; r < rounds; r++) {
      plain[r] = (double) Arrays.stream(plainCpu[r]).sum() / perRound;
      actor[r] = (double) Arrays.stream(actorCpu[r]).sum() / perRound;
      ratio[r] = actor[r] / plain[r];
    }
    double measuredStatements = (double) perRound * rounds; // per side
    return new Rounds(plain, actor, ratio, Arrays.stream(bytes[0]).sum() / measuredStatements,
        Arrays.stream(bytes[1]).sum() / measuredStatements);
  }

  /** One thread: its actor and its plain cycle, in turn; answers the statements a cycle issues. */
  private static long work(int index, BenchmarkConfig config, Dialect dialect, ActorBody actor,
      List<SchemaTable> tables, CyclicBarrier sides, int rounds, int warmups, long[][] plainCpu, long[][] actorCpu,
      long[][] bytes) throws Exception {
    String password = config.password().reveal();
    com.sun.management.ThreadMXBean cpu = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    try (Connection plainConnection = DriverManager.getConnection(config.dbUrl(), config.dbUser(), password)) {
      SessionSettings.apply(plainConnection, dialect.sessionTimeoutStatements(config.statementTimeoutSeconds()));
      PlainPaperCycle plain = PlainPaperCycle.untimed(plainConnection,
          tables.stream().map(t -> dialect.workloadSql(t.spec())).toList(), index, perTable(config));
      actor.open();
      int cycle = 0;
      for (int round = -warmups; round < rounds; round++) {
        boolean actorFirst = (round & 1) == 0;
        for (boolean actorSide : new boolean[] {actorFirst, !actorFirst}) {
          sides.await();
          long before = cpu.getCurrentThreadCpuTime();
          long allocatedBefore = cpu.getCurrentThreadAllocatedBytes();
          if (actorSide) {
            if (actor.runCycle(++cycle) == null) {
              throw new IllegalStateException("the actor stopped");
            }
          } else {
            plain.run();
          }
          long used = cpu.getCurrentThreadCpuTime() - before;
          long allocated = cpu.getCurrentThreadAllocatedBytes() - allocatedBefore;
          if (round >= 0) {
            (actorSide ? actorCpu : plainCpu)[round][index] = used;
            bytes[actorSide ? 1 : 0][index] += allocated;
          }
        }
      }
      return plain.statementsPerCycle();
    } finally {
      actor.close();
    }
  }
}
