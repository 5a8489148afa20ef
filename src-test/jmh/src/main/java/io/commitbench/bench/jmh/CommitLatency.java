package io.commitbench.bench.jmh;

import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Commit latency as a client sees it: one connection per thread (autocommit off), a small
 * write, then {@code commit()}, timed together, in {@link Mode#SampleTime} so JMH prints the
 * distribution (p50, p90, p99, ...) and not just a mean. With a durable configuration the commit
 * waits for the server's log write, so the figures sit just above the log device's fsync
 * latency; more threads show whether the server groups their commits into one log write.
 *
 * <ul>
 *   <li>{@code insertCommit_tN}: insert one row with a fresh key, commit
 *   <li>{@code updateCommit_tN}: update one row, found by its unique index, changing both indexed
 *       varchars, commit
 *   <li>{@code transactionOfK_tN}: {@code k} such updates of distinct rows, then one commit
 *       ({@code -p k=...}, see {@link TransactionSize})
 * </ul>
 *
 * <p>{@code N} is the number of threads (1, 2, 4, 8), fixed per method with {@link Threads} so
 * that one run prints every thread count side by side; each thread writes its own keys, so they
 * share nothing but the server. The database and row size are parameters of {@link
 * CommitTarget}; JMH's {@code -t} would override every method's thread count, so select methods
 * by name instead:
 *
 * <pre>
 * java -jar src-test/jmh/target/benchmarks.jar 'CommitLatency.insertCommit_t[18]$' \
 *     -p url=jdbc:postgresql://127.0.0.1:5432/test -p user=postgres -p passwordEnv=PGPASSWORD
 * </pre>
 *
 * <p>The score is the mean time per operation over all threads; their combined throughput is
 * about {@code N / mean}.
 */
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class CommitLatency {

  /** One row inserted and committed, on 1 thread. */
  @Benchmark
  @Threads(1)
  public int insertCommit_t1(CommitSession session) throws SQLException {
    return session.insertCommit();
  }

  /** One row inserted and committed, on 2 threads. */
  @Benchmark
  @Threads(2)
  public int insertCommit_t2(CommitSession session) throws SQLException {
    return session.insertCommit();
  }

  /** One row inserted and committed, on 4 threads. */
  @Benchmark
  @Threads(4)
  public int insertCommit_t4(CommitSession session) throws SQLException {
    return session.insertCommit();
  }

  /** One row inserted and committed, on 8 threads. */
  @Benchmark
  @Threads(8)
  public int insertCommit_t8(CommitSession session) throws SQLException {
    return session.insertCommit();
  }

  /** One row updated and committed, on 1 thread. */
  @Benchmark
  @Threads(1)
  public int updateCommit_t1(CommitSession session) throws SQLException {
    return session.updateCommit(1);
  }

  /** One row updated and committed, on 2 threads. */
  @Benchmark
  @Threads(2)
  public int updateCommit_t2(CommitSession session) throws SQLException {
    return session.updateCommit(1);
  }

  /** One row updated and committed, on 4 threads. */
  @Benchmark
  @Threads(4)
  public int updateCommit_t4(CommitSession session) throws SQLException {
    return session.updateCommit(1);
  }

  /** One row updated and committed, on 8 threads. */
  @Benchmark
  @Threads(8)
  public int updateCommit_t8(CommitSession session) throws SQLException {
    return session.updateCommit(1);
  }

  /** {@code k} rows updated, then committed, on 1 thread. */
  @Benchmark
  @Threads(1)
  public int transactionOfK_t1(CommitSession session, TransactionSize size) throws SQLException {
    return session.updateCommit(size.k);
  }

  /** {@code k} rows updated, then committed, on 2 threads. */
  @Benchmark
  @Threads(2)
  public int transactionOfK_t2(CommitSession session, TransactionSize size) throws SQLException {
    return session.updateCommit(size.k);
  }

  /** {@code k} rows updated, then committed, on 4 threads. */
  @Benchmark
  @Threads(4)
  public int transactionOfK_t4(CommitSession session, TransactionSize size) throws SQLException {
    return session.updateCommit(size.k);
  }

  /** {@code k} rows updated, then committed, on 8 threads. */
  @Benchmark
  @Threads(8)
  public int transactionOfK_t8(CommitSession session, TransactionSize size) throws SQLException {
    return session.updateCommit(size.k);
  }
}
