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
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;

/**
 * How much throughput the harness costs: a real commitbench run against H2 in memory and a plain
 * JDBC loop ({@link PlainJdbcLoop}) issuing the same statements on the same number of threads,
 * released together each cycle as the actors are, alternated in one JVM. {@code release=one-by-one}
 * releases the plain loop's threads one after another instead, to show what that changes ({@link
 * CycleRelease}). Both figures are statements per second over the measured cycles only (setup,
 * cleanup and result writing excluded on both sides). The harness legs' results are deleted at
 * the end unless {@code keepResults=true} ({@link LegResults}).
 *
 * <p>H2's throughput on a small machine can drift by a factor of two over tens of seconds, even
 * for the plain loop alone and long after the JIT has compiled it. A round therefore runs each
 * side twice, in mirrored order (plain, harness, harness, plain; the next round harness first), so
 * a drift that is roughly linear over the round falls equally on both sides; its ratio is the mean
 * harness rate over the mean plain rate. The verdict is the median of the rounds' ratios, after
 * warm-up rounds, with the quartiles to show the spread. A drift that steps within a round still
 * skews that round, so the default is 30 rounds, whose median moves less from one run of the
 * benchmark to the next than that of 15 (see docs/performance.md).
 *
 * <pre>
 * java -Xms4g -Xmx4g -cp src-test/jmh/target/benchmarks.jar io.commitbench.bench.HarnessOverhead [rounds=30] [warmups=10] [users=10] [tables=5] [pertable=200] [repeat=5] [release=together|one-by-one] [keepResults=false]
 * </pre>
 */
public final class HarnessOverhead {

  private HarnessOverhead() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> p = parameters(args);
    int rounds = count(p, "rounds");
    int warmups = count(p, "warmups");
    int users = count(p, "users");
    int tables = count(p, "tables");
    int perTable = count(p, "pertable");
    int repeat = count(p, "repeat");
    CycleRelease release = CycleRelease.of(p.get("release"));
    Dialect h2 = DialectRegistry.load().byName("h2").orElseThrow();
    boolean keepResults = LegResults.keep(p.get("keepResults"));
    Path results = LegResults.create("commitbench-overhead");
    System.out.printf(Locale.ROOT, "commitbench %s harness overhead: H2 in memory, %d threads, %d tables, %d of each"
        + " statement per table, %d cycles, %d rounds after %d warm-up rounds; plain loop's threads released %s%n",
        HarnessVersion.get(), users, tables, perTable, repeat, rounds, warmups, release.value());
    List<Double> harness = new ArrayList<>();
    List<Double> plain = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    int run = 0;
    for (int round = 1 - warmups; round <= rounds; round++) {
      boolean harnessOutside = Math.floorMod(round, 2) == 0;
      double h = 0;
      double l = 0;
      for (int leg = 0; leg < 4; leg++) {
        boolean harnessLeg = (leg == 0 || leg == 3) == harnessOutside;
        run++;
        if (harnessLeg) {
          h += harnessRun(h2, results, run, users, tables, perTable, repeat) / 2;
        } else {
          l += new PlainJdbcLoop(h2, "jdbc:h2:mem:plain" + run, users, tables, perTable, repeat, release).run() / 2;
        }
      }
      System.out.printf(Locale.ROOT, "%s %d (%s): harness %,.0f statements/s, plain JDBC %,.0f statements/s, ratio %.3f%n",
          round <= 0 ? "warm-up" : "round", round <= 0 ? round + warmups : round,
          harnessOutside ? "harness, plain, plain, harness" : "plain, harness, harness, plain", h, l, h / l);
      if (round > 0) {
        harness.add(h);
        plain.add(l);
        ratios.add(h / l);
      }
    }
    System.out.printf(Locale.ROOT, "median of %d rounds: harness %,.0f statements/s, plain JDBC %,.0f statements/s;"
        + " median ratio %.3f (quartiles %.3f .. %.3f, range %.3f .. %.3f): the harness reaches %.1f %% of the plain"
        + " loop%n", rounds, quantile(harness, 0.5), quantile(plain, 0.5), quantile(ratios, 0.5),
        quantile(ratios, 0.25), quantile(ratios, 0.75), quantile(ratios, 0), quantile(ratios, 1),
        100 * quantile(ratios, 0.5));
    LegResults.end(results, keepResults);
  }

  private static double harnessRun(Dialect h2, Path results, int run, int users, int tables, int perTable, int repeat)
      throws Exception {
    Properties file = new Properties();
    file.putAll(Map.of("users", "" + users, "sleep", "0", "tablename", "" + tables, "tableinsertnumber", "" + perTable,
        "tableselectnumber", "" + perTable, "tableupdatenumber", "" + perTable, "tabledeletenumber", "" + perTable,
        "repeat", "" + repeat));
    BenchmarkConfig config = new ConfigBinder(DialectRegistry.load(), System::getenv).bind(file, Map.of(
        "db.url", "jdbc:h2:mem:harness" + run, "users.mode", "shared", "results.dir", results.toString(),
        "run.id", "run-" + run));
    PrintWriter silent = new PrintWriter(OutputStream.nullOutputStream());
    RunResult result = new BenchmarkRun(config, h2, HarnessVersion.get(), silent).execute();
    if (result.outcome() != RunOutcome.COMPLETED || result.totals().errors() > 0) {
      throw new IllegalStateException("harness run did not complete cleanly: " + result.failure());
    }
    return result.totals().operationsPerSecond();
  }

  private static Map<String, String> parameters(String[] args) {
    return BenchArguments.parse(args, Map.of("rounds", "30", "warmups", "10", "users", "10", "tables", "5",
        "pertable", "200", "repeat", "5", "release", CycleRelease.TOGETHER.value(), "keepResults", "false"));
  }

  /** A parameter that counts something: a whole number, at least 1 (warm-up rounds may be 0). */
  private static int count(Map<String, String> p, String key) {
    int least = key.equals("warmups") ? 0 : 1;
    try {
      int value = Integer.parseInt(p.get(key));
      if (value >= least) {
        return value;
      }
    } catch (NumberFormatException e) {
      // reported below, with what is allowed
    }
    throw new IllegalArgumentException(key + "=" + p.get(key) + " is not allowed; give a whole number of at least " + least);
  }

  /** The {@code q} quantile (0..1), interpolated between the two nearest values. */
  private static double quantile(List<Double> values, double q) {
    List<Double> sorted = values.stream().sorted().toList();
    double position = q * (sorted.size() - 1);
    int below = (int) Math.floor(position);
    int above = (int) Math.ceil(position);
    return sorted.get(below) + (position - below) * (sorted.get(above) - sorted.get(below));
  }
}
