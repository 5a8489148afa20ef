package io.commitbench.bench;

import io.commitbench.core.HarnessVersion;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.report.RunOutcome;
import io.commitbench.core.report.RunResult;
import io.commitbench.core.run.BenchmarkRun;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * How much throughput the harness costs: a real commitbench run against H2 in memory and a plain
 * JDBC loop ({@link PlainJdbcLoop}) issuing the same statements on the same number of threads,
 * alternated in one JVM. Both figures are statements per second over the measured cycles only
 * (setup, cleanup and result writing excluded on both sides). Rounds alternate which side runs
 * first; the verdict is the median of the per-round ratios, after warm-up rounds that let the JIT
 * settle H2 and both code paths.
 *
 * <pre>
 * java -cp src-test/jmh/target/benchmarks.jar io.commitbench.bench.HarnessOverhead [rounds=9] [warmups=3] [users=10] [tables=5] [pertable=200] [repeat=10]
 * </pre>
 */
public final class HarnessOverhead {

  private HarnessOverhead() {}

  public static void main(String[] args) throws Exception {
    Map<String, Integer> p = parameters(args);
    int rounds = p.get("rounds");
    int warmups = p.get("warmups");
    int users = p.get("users");
    int tables = p.get("tables");
    int perTable = p.get("pertable");
    int repeat = p.get("repeat");
    Dialect h2 = DialectRegistry.load().byName("h2").orElseThrow();
    Path results = Files.createTempDirectory("commitbench-overhead");
    System.out.printf(Locale.ROOT, "commitbench %s harness overhead: H2 in memory, %d threads, %d tables, %d of each"
        + " statement per table, %d cycles, %d rounds after %d warm-up rounds%n", HarnessVersion.get(), users, tables,
        perTable, repeat, rounds, warmups);
    List<Double> harness = new ArrayList<>();
    List<Double> plain = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (int round = 1 - warmups; round <= rounds; round++) {
      boolean harnessFirst = Math.floorMod(round, 2) == 0;
      double h = 0;
      double l;
      if (harnessFirst) {
        h = harnessRun(h2, results, round + warmups, users, tables, perTable, repeat);
      }
      l = new PlainJdbcLoop(h2, "jdbc:h2:mem:plain" + (round + warmups), users, tables, perTable, repeat).run();
      if (!harnessFirst) {
        h = harnessRun(h2, results, round + warmups, users, tables, perTable, repeat);
      }
      System.out.printf(Locale.ROOT, "%s %d: harness %,.0f statements/s, plain JDBC %,.0f statements/s, ratio %.3f%n",
          round <= 0 ? "warm-up" : "round", round <= 0 ? round + warmups : round, h, l, h / l);
      if (round > 0) {
        harness.add(h);
        plain.add(l);
        ratios.add(h / l);
      }
    }
    System.out.printf(Locale.ROOT, "median of %d rounds: harness %,.0f statements/s, plain JDBC %,.0f statements/s;"
        + " median ratio %.3f: the harness reaches %.1f %% of the plain loop (per-round ratios %.3f .. %.3f)%n",
        rounds, median(harness), median(plain), median(ratios), 100 * median(ratios),
        ratios.stream().mapToDouble(Double::doubleValue).min().orElse(0),
        ratios.stream().mapToDouble(Double::doubleValue).max().orElse(0));
  }

  private static double harnessRun(Dialect h2, Path results, int round, int users, int tables, int perTable, int repeat)
      throws Exception {
    Properties file = new Properties();
    file.putAll(Map.of("users", "" + users, "sleep", "0", "tablename", "" + tables, "tableinsertnumber", "" + perTable,
        "tableselectnumber", "" + perTable, "tableupdatenumber", "" + perTable, "tabledeletenumber", "" + perTable,
        "repeat", "" + repeat));
    BenchmarkConfig config = new ConfigBinder(DialectRegistry.load(), System::getenv).bind(file, Map.of(
        "db.url", "jdbc:h2:mem:harness" + round, "users.mode", "shared", "results.dir", results.toString(),
        "run.id", "round-" + round));
    PrintWriter silent = new PrintWriter(OutputStream.nullOutputStream());
    RunResult result = new BenchmarkRun(config, h2, HarnessVersion.get(), silent).execute();
    if (result.outcome() != RunOutcome.COMPLETED || result.totals().errors() > 0) {
      throw new IllegalStateException("harness run did not complete cleanly: " + result.failure());
    }
    return result.totals().operationsPerSecond();
  }

  private static Map<String, Integer> parameters(String[] args) {
    Map<String, Integer> p = new java.util.HashMap<>(Map.of("rounds", 9, "warmups", 3, "users", 10, "tables", 5, "pertable", 200,
        "repeat", 10));
    for (String arg : args) {
      String[] kv = arg.split("=", 2);
      if (kv.length != 2 || !p.containsKey(kv[0])) {
        throw new IllegalArgumentException("unknown argument '" + arg + "'; allowed: " + p.keySet() + " as key=value");
      }
      p.put(kv[0], Integer.parseInt(kv[1]));
    }
    return p;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }
}
