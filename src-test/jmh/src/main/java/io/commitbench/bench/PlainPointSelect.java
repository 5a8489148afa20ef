package io.commitbench.bench;

import io.commitbench.core.dialect.ConnectionTimeouts;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * sysbench's {@code oltp_point_select} as a plain JDBC loop: each thread, on a connection of its
 * own opened as commitbench opens an OLTP actor's (a connect timeout, statements prepared on the
 * server), runs {@code SELECT c FROM <table> WHERE id=?} in autocommit and steps through its result
 * as commitbench's actor does (the driver has read the row; neither asks it for the column), with
 * nothing around it (no timing, no histograms, no pool). Its throughput and the JVM's CPU per
 * transaction over the measured seconds are the baseline that tells a harness's cost from its
 * JDBC driver's, beside sysbench ({@code scripts/bench/oltp-vs-sysbench.sh} runs all three).
 * Ids follow the shape of sysbench's default distribution, "special" with its defaults (three
 * draws in four fall uniformly on the middle 1 % of the ids, the rest are the mean of 12
 * uniforms over the whole range), so the server's cache holds the same rows for all three tools:
 * with uniform ids, a table larger than MariaDB's default buffer pool (128 MB) would be read from
 * disk, and the loop would measure the disk rather than its own cost.
 *
 * <pre>
 * java -cp src-test/jmh/target/benchmarks.jar io.commitbench.bench.PlainPointSelect \
 *     url=jdbc:mariadb://127.0.0.1:3306/test user=root table=sbtest1 rows=1000000 threads=8 seconds=60 warmup=5
 * </pre>
 *
 * Prints one line: {@code plain point_select: threads=8 tx/s=... cpu_us_per_tx=...}. With {@code
 * perSecond=true} it also prints each second's transactions, as {@code sysbench --report-interval=1}
 * does ({@link PerSecondCounts}), so that {@code scripts/bench/oltp-paired.py} can run it beside
 * sysbench or commitbench and count its transactions over the same wall-clock window.
 */
public final class PlainPointSelect {

  private PlainPointSelect() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> defaults = new HashMap<>(Map.of("url", "jdbc:mariadb://127.0.0.1:3306/test", "user", "root",
        "passwordEnv", "", "table", "sbtest1", "rows", "1000000", "threads", "1", "seconds", "60", "warmup", "5",
        "perSecond", "false"));
    Map<String, String> p = BenchArguments.parse(args, defaults);
    String url = p.get("url");
    Dialect dialect = DialectRegistry.load().forUrl(url)
        .orElseThrow(() -> new IllegalArgumentException("url=" + url + ": no dialect accepts it"));
    Properties login = dialect.connectionProperties(ConnectionTimeouts.connectOnly(10));
    login.putAll(dialect.serverPreparedStatements());
    login.setProperty("user", p.get("user"));
    login.setProperty("password", p.get("passwordEnv").isEmpty() ? "" : System.getenv(p.get("passwordEnv")));
    int threads = Integer.parseInt(p.get("threads"));
    int rows = Integer.parseInt(p.get("rows"));
    String sql = "SELECT c FROM " + p.get("table") + " WHERE id=?";

    CountDownLatch ready = new CountDownLatch(threads);
    LongAdder measured = new LongAdder();
    LongAdder executed = new LongAdder();
    long warmupEnd = System.nanoTime() + Long.parseLong(p.get("warmup")) * 1_000_000_000L + 2_000_000_000L;
    long end = warmupEnd + Long.parseLong(p.get("seconds")) * 1_000_000_000L;
    WorkerThreads workers = WorkerThreads.start(threads, "plain-point-select-",
        index -> run(url, login, sql, rows, ready, warmupEnd, end, measured, executed));
    if (Boolean.parseBoolean(p.get("perSecond"))) {
      PerSecondCounts.start(threads, executed, end, System.out);
    }
    ready.await();
    // The threads connected within the 2 s added to the warm-up; the measured seconds begin when it ends.
    long toWait = warmupEnd - System.nanoTime();
    if (toWait > 0) {
      Thread.sleep(toWait / 1_000_000, (int) (toWait % 1_000_000));
    }
    long cpuAtStart = ProcessCpuTime.nanos();
    workers.join();
    long cpu = ProcessCpuTime.nanos() - cpuAtStart;
    workers.rethrow("plain point select");
    double seconds = (end - warmupEnd) / 1e9;
    System.out.printf(Locale.ROOT, "plain point_select: threads=%d tx/s=%.2f cpu_us_per_tx=%.2f%n", threads,
        measured.sum() / seconds, cpu / 1e3 / measured.sum());
  }

  private static void run(String url, Properties login, String sql, int rows, CountDownLatch ready, long warmupEnd,
      long end, LongAdder measured, LongAdder executed) throws Exception {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    long count = 0;
    boolean counted = false;
    try (Connection connection = DriverManager.getConnection(url, login);
        PreparedStatement select = connection.prepareStatement(sql)) {
      ready.countDown();
      counted = true;
      long now;
      while ((now = System.nanoTime()) < end) {
        select.setInt(1, specialId(random, rows));
        try (ResultSet row = select.executeQuery()) {
          while (row.next()) {
            // stepped through, as the actor's point select does
          }
        }
        executed.increment(); // counted with or without perSecond, so the loop is the same either way
        if (now >= warmupEnd) {
          count++;
        }
      }
    } finally {
      if (!counted) {
        ready.countDown(); // a thread that failed to connect must not keep main waiting
      }
    }
    measured.add(count);
  }

  /** An id in [1, rows] shaped like sysbench's "special" default (see the class comment). */
  private static int specialId(ThreadLocalRandom random, int rows) {
    if (random.nextInt(4) < 3) {
      int hot = Math.max(1, rows / 100);
      return 1 + (rows - hot) / 2 + random.nextInt(hot);
    }
    double sum = 0;
    for (int i = 0; i < 12; i++) {
      sum += random.nextDouble();
    }
    return 1 + (int) (sum / 12 * rows);
  }
}
