package io.commitbench.bench;

import io.commitbench.core.HarnessVersion;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.config.Overrides;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.run.BenchmarkRun;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.Properties;

/**
 * The harness's cost against a real server: a commitbench run of the paper's or the commit
 * workload and a plain JDBC loop issuing the same statements on the same number of threads
 * ({@link PlainJdbcLoop}, {@link PlainCommitLoop}), alternated in one JVM in mirrored rounds
 * (plain, harness, harness, plain; then the other way) as {@link HarnessOverhead} does on H2.
 * For each user count it prints the median ratio of throughput (statements per second: DML and
 * commits) and of the JVM's CPU time per statement over each side's measured window, harness over
 * plain; the harness's CPU comes from its own figure ({@code clientCpuSeconds} in summary.json).
 *
 * <pre>
 * java -cp src-test/jmh/target/benchmarks.jar io.commitbench.bench.ServerOverhead \
 *     url=jdbc:postgresql://127.0.0.1:5432/test user=postgres workload=commit users=1,4,10 rounds=5
 * </pre>
 *
 * <p>{@code side=harness} or {@code side=plain} runs only that side, every leg, and prints its own
 * figures per round: two such processes started together ({@code scripts/bench/overhead-paired.sh})
 * measure the two sides at the same time, against the same server and the same machine, so what
 * moves both (the server's group commit, caches, the other core's load) cancels in their ratio,
 * which it does not between legs run one after the other. {@code names} keeps the tables of two
 * such processes apart, and {@code sync} (a folder both are given) makes them start every leg
 * together ({@link LegBarrier}).
 *
 * <p>Parameters: {@code url}, {@code user}, {@code passwordEnv} (a variable holding the password),
 * {@code workload} (paper or commit), {@code users} (a comma list), {@code rounds}, {@code
 * warmups}, {@code transactions} (commit: per leg), {@code tables}, {@code pertable} and {@code
 * repeat} (paper: per leg), {@code plainProperties} ({@code driver}: the plain commit loop connects
 * with the driver's defaults; {@code harness}: as the harness's actors connect, with a connect
 * timeout and no read timeout; {@code readTimeout}: with the 90 s read timeout the harness's other
 * connections have), {@code plainSession} ({@code harness}, the default: the plain loops'
 * connections begin with the session statement timeout the harness's actors set, so both sides
 * send the same statements; {@code driver}: nothing is set on them), {@code plainConnections}
 * ({@code driver}, the default, or {@code pool}: see {@link #plainConnections}), {@code plainTiming}
 * ({@code none}, the default, or {@code histogram}: see {@link #plainTiming}),
 * {@code warmupLegs} ({@code own}, the default, or {@code harness}: see {@link #harnessWarmups}),
 * {@code side} (both, harness or plain), {@code names} (added to the table names), {@code sync} (a
 * folder shared with the one process beside this one), {@code keepResults} ({@code true} keeps the
 * harness legs' results, see {@link LegResults}), {@code harnessKeys} (more keys for the harness
 * legs, see {@link #harnessKeys}). Tables are named
 * {@code cbov<names>_*} and dropped after each leg.
 */
public final class ServerOverhead {

  /** Below this much CPU per leg, the CPU ratio is not to be trusted (see {@link #warnWhenShort}). */
  private static final long MIN_LEG_CPU_NANOS = 2_000_000_000L;
  /**
   * The statement timeout of the harness's legs, set on them explicitly so that the plain loops'
   * session ({@code plainSession=harness}) is given the same one from this constant, not from a
   * copy of the key's default.
   */
  private static final int STATEMENT_TIMEOUT_SECONDS = 60;
  /** The keys a harness leg sets itself ({@link #harness}), which {@code harnessKeys} may not give. */
  static final Set<String> LEG_KEYS = Set.of("workload", "users", "db.url", "db.user", "db.password.env", "users.mode",
      "table.prefix", "results.dir", "statement.timeout", "transactions", "sleep", "tablename", "tableinsertnumber",
      "tableselectnumber", "tableupdatenumber", "tabledeletenumber", "repeat");

  private static boolean warnedShort;

  private ServerOverhead() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> p = parameters(args);
    String url = p.get("url");
    Dialect dialect = DialectRegistry.load().forUrl(url)
        .orElseThrow(() -> new IllegalArgumentException("url=" + url + ": no dialect accepts it"));
    String password = p.get("passwordEnv").isEmpty() ? "" : System.getenv(p.get("passwordEnv"));
    int rounds = Integer.parseInt(p.get("rounds"));
    int warmups = Integer.parseInt(p.get("warmups"));
    String side = p.get("side");
    if (!List.of("both", "harness", "plain").contains(side)) {
      throw new IllegalArgumentException("side=" + side + ": allowed: both, harness, plain");
    }
    plainCommitProperties(p, dialect); // refused before any leg runs
    plainSession(p, dialect);
    plainConnections(p);
    plainTiming(p);
    harnessKeys(p);
    boolean harnessWarmups = harnessWarmups(p);
    boolean keepResults = LegResults.keep(p.get("keepResults"));
    Path results = LegResults.create("commitbench-server-overhead");
    LegBarrier barrier = p.get("sync").isEmpty() ? LegBarrier.none()
        : new LegBarrier(Path.of(p.get("sync")), side + "-" + ProcessHandle.current().pid(), 2);
    System.out.printf(Locale.ROOT, "commitbench %s server overhead: %s on %s as %s, %d rounds after %d warm-up rounds%s,"
        + " plain loops' connections from the %s%n", HarnessVersion.get(), p.get("workload"), url, p.get("user"), rounds,
        warmups, side.equals("both") ? "" : ", " + side + " side only", p.get("plainConnections"));
    for (String users : p.get("users").split(",")) {
      RoundRatios throughput = new RoundRatios();
      RoundRatios cpu = new RoundRatios();
      for (int round = 1 - warmups; round <= rounds; round++) {
        // statements/s, CPU ns per statement and legs, summed over the round's legs, then the mean of each
        double[] harness = new double[3];
        double[] plain = new double[3];
        boolean harnessOutside = Math.floorMod(round, 2) == 0;
        for (int leg = 0; leg < 4; leg++) {
          awaitCompilerIdle();
          barrier.await("u" + users + "-r" + round + "-l" + leg);
          boolean harnessLeg = side.equals("both") ? (leg == 0 || leg == 3) == harnessOutside
              : side.equals("harness") || round <= 0 && harnessWarmups && leg < 2;
          double[] figures = harnessLeg ? harness(p, dialect, url, password, Integer.parseInt(users), results)
              : plain(p, dialect, url, password, Integer.parseInt(users));
          double[] sum = harnessLeg ? harness : plain;
          sum[0] += figures[0];
          sum[1] += figures[1];
          sum[2]++;
        }
        for (double[] sum : List.of(harness, plain)) { // each side's mean over its legs of the round
          sum[0] /= Math.max(1, sum[2]);
          sum[1] /= Math.max(1, sum[2]);
        }
        if (!side.equals("both")) {
          double[] own = side.equals("harness") ? harness : plain;
          System.out.printf(Locale.ROOT, "users=%s %s %d: %s %,.0f statements/s at %,.0f ns CPU each%s%n", users,
              round <= 0 ? "warm-up" : "round", round <= 0 ? round + warmups : round, side, own[0], own[1],
              harness[2] > 0 && side.equals("plain") ? " (its first 2 legs were harness legs)" : "");
          continue;
        }
        System.out.printf(Locale.ROOT, "users=%s %s %d: harness %,.0f statements/s at %,.0f ns CPU each, plain %,.0f"
            + " statements/s at %,.0f ns CPU each; throughput ratio %.3f, CPU ratio %.3f%n", users,
            round <= 0 ? "warm-up" : "round", round <= 0 ? round + warmups : round, harness[0], harness[1], plain[0],
            plain[1], harness[0] / plain[0], harness[1] / plain[1]);
        if (round > 0) {
          throughput.add(harness[0], plain[0]);
          cpu.add(harness[1], plain[1]);
        }
      }
      if (!side.equals("both")) {
        continue;
      }
      System.out.printf(Locale.ROOT, "users=%s: median throughput ratio %.3f (range %.3f .. %.3f), median CPU per"
          + " statement ratio %.3f (range %.3f .. %.3f)%n", users, throughput.median(), throughput.min(),
          throughput.max(), cpu.median(), cpu.min(), cpu.max());
    }
    LegResults.end(results, keepResults);
  }

  /** Statements per second and CPU nanoseconds per statement of one harness run. */
  private static double[] harness(Map<String, String> p, Dialect dialect, String url, String password, int users,
      Path results) throws Exception {
    Properties file = new Properties();
    Map<String, String> keys = new HashMap<>(Map.of("workload", p.get("workload"), "users", "" + users, "db.url", url,
        "db.user", p.get("user"), "users.mode", "shared", "table.prefix", "cbov" + p.get("names") + "_h_", "results.dir",
        results.toString()));
    keys.put("statement.timeout", Integer.toString(STATEMENT_TIMEOUT_SECONDS));
    if (p.get("workload").equals("commit")) {
      keys.put("transactions", p.get("transactions"));
    } else {
      keys.putAll(Map.of("sleep", "0", "tablename", p.get("tables"), "tableinsertnumber", p.get("pertable"),
          "tableselectnumber", p.get("pertable"), "tableupdatenumber", p.get("pertable"), "tabledeletenumber",
          p.get("pertable"), "repeat", p.get("repeat")));
    }
    if (!p.get("passwordEnv").isEmpty()) {
      keys.put("db.password.env", p.get("passwordEnv"));
    }
    if (!LEG_KEYS.containsAll(keys.keySet())) {
      throw new IllegalStateException("a leg sets keys LEG_KEYS does not name: " + keys.keySet());
    }
    file.putAll(keys);
    BenchmarkConfig config = new ConfigBinder(DialectRegistry.load(), System::getenv).bind(file, harnessKeys(p));
    RunResult result = new BenchmarkRun(config, dialect, HarnessVersion.get(),
        new PrintWriter(OutputStream.nullOutputStream())).execute();
    if (result.outcome() != RunOutcome.COMPLETED || result.totals().errors() > 0) {
      throw new IllegalStateException("harness run did not complete cleanly: " + result.failure());
    }
    long statements = result.totals().operations() + result.totals().kind(OperationKind.COMMIT).count();
    warnWhenShort(result.clientCpuNanos());
    return new double[] {statements * 1e9 / result.totals().measuredNanos(),
        (double) result.clientCpuNanos() / statements};
  }

  /**
   * The keys {@code harnessKeys} adds to every harness leg, {@code key=value} items separated by
   * {@code ;} (say {@code report.interval=60}, to see what the actors cost without the interval
   * reporter's work each second); a key the leg sets itself ({@link #LEG_KEYS}) cannot be given.
   * Read as the command line's {@code --set} is ({@link Overrides}, which refuses a key given twice)
   * and given to the leg's binding as its overrides. Checked before any leg runs, on both sides
   * alike; the harness checks each key and value as it checks a run's.
   */
  static Map<String, String> harnessKeys(Map<String, String> p) throws ConfigException {
    List<String> items = new ArrayList<>();
    for (String item : p.get("harnessKeys").split(";")) {
      if (item.isBlank()) {
        continue;
      }
      if (item.indexOf('=') < 1) {
        throw new IllegalArgumentException("harnessKeys: '" + item + "': allowed: key=value items separated by ;");
      }
      items.add(item.trim());
    }
    Map<String, String> added = Overrides.parse(items, "harnessKeys");
    for (String key : added.keySet()) {
      if (LEG_KEYS.contains(key)) {
        throw new IllegalArgumentException("harnessKeys: " + key + " is set by the bench for every leg; allowed: any"
            + " other key of a run");
      }
    }
    return added;
  }

  private static double[] plain(Map<String, String> p, Dialect dialect, String url, String password, int users)
      throws Exception {
    if (p.get("workload").equals("commit")) {
      PlainCommitLoop loop = new PlainCommitLoop(dialect, url, p.get("user"), password, "cbov" + p.get("names") + "_p_commit", users,
          Integer.parseInt(p.get("transactions")), plainCommitProperties(p, dialect), plainSession(p, dialect),
          plainConnections(p), plainTiming(p));
      return new double[] {loop.run(), loop.cpuNanosPerStatement()};
    }
    PlainJdbcLoop loop = new PlainJdbcLoop(dialect, url, p.get("user"), password, "cbov" + p.get("names") + "_p_", users,
        Integer.parseInt(p.get("tables")), Integer.parseInt(p.get("pertable")), Integer.parseInt(p.get("repeat")),
        CycleRelease.TOGETHER, plainSession(p, dialect), plainConnections(p), plainTiming(p));
    return new double[] {loop.run(), loop.cpuNanosPerStatement()};
  }

  /**
   * The plain commit loop's driver properties, as {@code plainProperties} asks: {@code harness}
   * opens its connections as the harness opens its actors' (a connect timeout, no read timeout:
   * the stalled-call watchdog bounds their calls); {@code readTimeout} adds the read timeout of the
   * harness's other connections, to see its cost.
   */
  private static Properties plainCommitProperties(Map<String, String> p, Dialect dialect) {
    return switch (p.get("plainProperties")) {
      case "harness" -> dialect.connectionProperties(io.commitbench.core.dialect.ConnectionTimeouts.connectOnly(10));
      case "readTimeout" -> dialect.connectionProperties(new io.commitbench.core.dialect.ConnectionTimeouts(10, 90));
      case "driver" -> new Properties();
      default -> throw new IllegalArgumentException("plainProperties=" + p.get("plainProperties")
          + ": allowed: driver, harness, readTimeout");
    };
  }

  /**
   * What the plain loops run on each connection before their statements, as {@code plainSession}
   * asks: {@code driver} nothing; {@code harness} the session settings the harness's actors begin
   * with (the dialect's statement timeout, at the harness legs' {@link #STATEMENT_TIMEOUT_SECONDS}).
   */
  private static List<String> plainSession(Map<String, String> p, Dialect dialect) {
    return switch (p.get("plainSession")) {
      case "harness" -> dialect.sessionTimeoutStatements(STATEMENT_TIMEOUT_SECONDS);
      case "driver" -> List.of();
      default -> throw new IllegalArgumentException("plainSession=" + p.get("plainSession")
          + ": allowed: driver, harness");
    };
  }

  /**
   * Where the plain loops' threads get their connections, as {@code plainConnections} asks: {@code
   * driver} (the default) straight from the driver; {@code pool} from a HikariCP pool of one, as
   * each harness actor gets its own, so their statements pass through the pool's proxies too.
   */
  private static PlainConnections plainConnections(Map<String, String> p) {
    return PlainConnections.named("plainConnections", p.get("plainConnections"));
  }

  /**
   * What the plain loops' threads do around each statement, as {@code plainTiming} asks: {@code
   * none} (the default) nothing; {@code histogram} read the clock before and after it and record
   * the latency into a histogram of their own, the least any harness that times every statement
   * does ({@link StatementClock}).
   */
  private static StatementClock.Factory plainTiming(Map<String, String> p) {
    return StatementClock.named("plainTiming", p.get("plainTiming"));
  }

  /**
   * Whether the first two legs of each warm-up round are harness legs whichever side this process
   * measures ({@code warmupLegs=harness}; the last two are its own, so its own code is warm too)
   * rather than its own ({@code own}, the default). A plain side warmed up so has loaded, run and
   * compiled what the harness's JVM has (the harness's set-up, the admin connection's queries
   * through the same driver, the report) before its measured plain legs: what is left of the CPU
   * gap then is what the harness does while it measures, not what its JVM did before.
   */
  private static boolean harnessWarmups(Map<String, String> p) {
    return switch (p.get("warmupLegs")) {
      case "own" -> false;
      case "harness" -> true;
      default -> throw new IllegalArgumentException("warmupLegs=" + p.get("warmupLegs") + ": allowed: own, harness");
    };
  }

  /**
   * Waits (up to 10 s) until the JIT compiler has been idle for half a second. A harness leg ends
   * with its report (summary, charts, HTML), whose code the compiler then compiles in the
   * background for seconds: without the wait, that work falls into the next leg's measured window,
   * a cost of running many short runs in one JVM that a real run, whose report comes after its
   * window, does not pay. Both sides wait alike, as a run waits for its set-up's compilations.
   */
  private static void awaitCompilerIdle() throws InterruptedException {
    io.commitbench.core.run.jvm.CompilerSettle.ofThisJvm(500_000_000L, 10_000_000_000L).await(() -> false);
  }

  /**
   * The JVM's CPU time comes in clock ticks of 10 ms ({@code getProcessCpuTime} on Linux), and a
   * harness run has fixed costs (its first summary.json, the last sample, the pool's start): legs
   * of a few hundred milliseconds of CPU measure those as much as the harness's cost per
   * statement. Said once, with what to change.
   */
  private static void warnWhenShort(long legCpuNanos) {
    if (!warnedShort && legCpuNanos < MIN_LEG_CPU_NANOS) {
      warnedShort = true;
      System.out.printf(Locale.ROOT, "note: a harness leg used %.2f s of CPU; below %.0f s the 10 ms clock ticks and"
          + " the run's fixed costs weigh on the CPU ratio: raise transactions= (commit) or pertable=/repeat= (paper)%n",
          legCpuNanos / 1e9, MIN_LEG_CPU_NANOS / 1e9);
    }
  }

  private static Map<String, String> parameters(String[] args) {
    Map<String, String> defaults = new HashMap<>(Map.of("url", "jdbc:postgresql://127.0.0.1:5432/test", "user",
        "postgres", "passwordEnv", "", "workload", "commit", "users", "1,4,10", "rounds", "5", "warmups", "2",
        "transactions", "4000", "tables", "2", "pertable", "50"));
    defaults.put("repeat", "3");
    defaults.put("plainProperties", "driver");
    defaults.put("plainSession", "harness");
    defaults.put("plainConnections", "driver");
    defaults.put("plainTiming", "none");
    defaults.put("side", "both");
    defaults.put("warmupLegs", "own");
    defaults.put("names", "");
    defaults.put("sync", "");
    defaults.put("keepResults", "false");
    defaults.put("harnessKeys", "");
    return BenchArguments.parse(args, defaults);
  }
}
