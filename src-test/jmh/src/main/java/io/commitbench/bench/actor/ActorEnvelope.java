package io.commitbench.bench.actor;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.ConfigBinder;
import io.commitbench.core.config.ConfigException;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.dialect.DialectRegistry;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.run.ActorBody;
import io.commitbench.core.run.RunActors;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.SchemaNaming;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.TransactionContext;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.h2.jdbcx.JdbcDataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the engine's real actor costs per transaction around the database's calls, in
 * nanoseconds: the actor of a run, built by {@link RunActors} as a run builds it (its session,
 * its context, its {@link io.commitbench.core.measure.ActorRecorder}), closed loop, the
 * statements' own calls answered at once by a statement that does nothing (a {@link Proxy}, so
 * the driver's cost is not in the figure). The actor's connection is a real H2 one in memory,
 * through the pool as in a run; a commit goes to it. A reporter thread drains the actor's
 * recordings once a second, as the run's interval reporter does, so the actor does not fold them
 * into histograms itself.
 *
 * <p>Shapes ({@code shape}), each in a JVM of its own, as each workload runs in a run's JVM:
 *
 * <ul>
 *   <li>{@code paper}: autocommit transactions of one statement, an update and a query in turn
 *       (the paper's testframe runs its updates, inserts and deletes as updates, its selects as
 *       queries)
 *   <li>{@code commit}: an update and a commit per transaction (the {@code commit} workload)
 * </ul>
 *
 * <p>{@code plainLoop} makes the same calls on the same kind of statement and connection without
 * the harness, so the difference between the two is the harness's code path. With {@code
 * evictKiB=0} that is with warm caches; an actor of a run pays more for the same code, since the
 * driver and the kernel evict it between two calls, which {@code evictKiB} imitates, and the CPU
 * switches to the server's process and back, which {@code switchTo=process} does (see {@link
 * ActorEnvelopeSideBySide} for measuring that). It is the instrument for changes to that path,
 * whose effect on a run's client CPU is smaller than the spread between runs against a server.
 *
 * <pre>
 * java -jar src-test/jmh/target/benchmarks.jar ActorEnvelope
 * </pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ActorEnvelope {

  static final int TRANSACTIONS_PER_CYCLE = 10_000;

  @State(Scope.Thread)
  public static class ActorState {
    @Param({"paper", "commit"})
    String shape;

    /**
     * KiB of memory each statement call writes over before it answers (0: none): what the JDBC
     * driver and the kernel's network stack do to the caches between two of a real actor's calls.
     * With it, the difference between {@link #transaction} and {@link #plainLoop} is what the
     * harness's path costs when its code and data are no longer in the caches, as in a run.
     */
    @Param({"0", "64", "512"})
    int evictKiB;

    /**
     * Whether each statement call also waits for an echo from another process ({@code process}: a
     * {@code cat} child, one byte through its pipes) or not ({@code none}). Run pinned to one CPU
     * ({@code taskset -c 1 java -jar ...}): the CPU then switches to that process and back on
     * every call, as it switches to the database server's process in a run: the other process
     * pushes the actor's code and data out of the caches, and where the CPU has no
     * process-context identifiers (no {@code pcid} in /proc/cpuinfo, as on some virtual machines)
     * each switch also empties the TLB. Without pinning the two processes may run on different CPUs.
     */
    @Param({"none"})
    String switchTo;

    private Process echo;

    private RunActors actors;
    private ScheduledExecutorService reporter;
    ActorBody actor;
    int cycle;
    /** The plain loop's: a connection of the same database, outside the pool, and the same statement. */
    Connection plainConnection;
    PreparedStatement plainStatement;

    @Setup(Level.Trial)
    public void open() throws Exception {
      // First: parameters out of range are refused before anything is opened.
      if (!shape.equals("paper") && !shape.equals("commit")) {
        throw new IllegalArgumentException("shape=" + shape + ": allowed: paper, commit");
      }
      if (evictKiB < 0) {
        throw new IllegalArgumentException("evictKiB=" + evictKiB + ": allowed: 0 or more");
      }
      Runnable elsewhere = switchToAnotherProcess();
      boolean autocommit = shape.equals("paper");
      String url = "jdbc:h2:mem:" + UUID.randomUUID();
      JdbcDataSource database = new JdbcDataSource();
      database.setURL(url);
      long[] evicted = new long[evictKiB * 1024 / Long.BYTES];
      plainStatement = doingNothing(evicted, elsewhere);
      ActorWork work = autocommit ? new UpdateAndQueryInTurn(doingNothing(evicted, elsewhere))
          : new UpdateAndCommit(doingNothing(evicted, elsewhere));
      DialectRegistry dialects = DialectRegistry.load();
      BenchmarkConfig config = config(dialects, url);
      Dialect dialect = dialects.forUrl(url).orElseThrow();
      actors = RunActors.over(database, config, new OneActorsWork(work, autocommit), dialect);
      reporter = DrainedEverySecond.start(actors.measurements());
      actor = actors.actor(0, List.of());
      actor.open();
      plainConnection = database.getConnection();
      plainConnection.setAutoCommit(autocommit);
    }

    /** What a call does to switch the CPU to another process and back ({@link #switchTo}). */
    private Runnable switchToAnotherProcess() throws java.io.IOException {
      return switch (switchTo) {
        case "none" -> () -> {};
        case "process" -> echoThroughCat();
        default -> throw new IllegalArgumentException("switchTo=" + switchTo + ": allowed: none, process");
      };
    }

    /** Sends a byte to a {@code cat} child and waits until it comes back. */
    private Runnable echoThroughCat() throws java.io.IOException {
      echo = new ProcessBuilder("cat").redirectError(ProcessBuilder.Redirect.INHERIT).start();
      java.io.OutputStream toEcho = echo.getOutputStream();
      java.io.InputStream fromEcho = echo.getInputStream();
      return () -> {
        try {
          toEcho.write(1);
          toEcho.flush();
          if (fromEcho.read() != 1) {
            throw new IllegalStateException("cat did not echo the byte");
          }
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      };
    }

    @TearDown(Level.Trial)
    public void close() throws SQLException {
      if (echo != null) {
        echo.destroy();
      }
      plainConnection.close();
      reporter.shutdownNow();
      actor.close();
      actors.close();
    }
  }

  /** One cycle of {@value #TRANSACTIONS_PER_CYCLE} transactions; the figure is per transaction. */
  @Benchmark
  @OperationsPerInvocation(TRANSACTIONS_PER_CYCLE)
  public Object transaction(ActorState state) throws Exception {
    return state.actor.runCycle(++state.cycle);
  }

  /**
   * The same calls on the same kind of statement and connection without the harness: what {@link
   * #transaction} costs beyond this is the harness's.
   */
  @Benchmark
  @OperationsPerInvocation(TRANSACTIONS_PER_CYCLE)
  public int plainLoop(ActorState state) throws SQLException {
    PreparedStatement statement = state.plainStatement;
    int answers = 0;
    if (state.shape.equals("paper")) {
      for (int i = 0; i < TRANSACTIONS_PER_CYCLE; i += 2) {
        answers += statement.executeUpdate();
        try (ResultSet result = statement.executeQuery()) {
          answers += result.next() ? 1 : 0;
        }
      }
    } else {
      for (int i = 0; i < TRANSACTIONS_PER_CYCLE; i++) {
        answers += statement.executeUpdate();
        state.plainConnection.commit();
      }
    }
    return answers;
  }

  /**
   * A statement whose calls answer at once (no rows changed, an empty result) after writing one
   * long in every cache line of {@code evicted} and going {@code elsewhere} ({@link ActorState#switchTo}).
   */
  private static PreparedStatement doingNothing(long[] evicted, Runnable elsewhere) {
    ResultSet empty = (ResultSet) Proxy.newProxyInstance(ActorEnvelope.class.getClassLoader(),
        new Class<?>[] {ResultSet.class}, (proxy, method, args) -> method.getName().equals("next") ? false : null);
    return (PreparedStatement) Proxy.newProxyInstance(ActorEnvelope.class.getClassLoader(),
        new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> switch (method.getName()) {
          case "executeUpdate" -> evict(evicted, elsewhere);
          case "executeQuery" -> evict(evicted, elsewhere) == 0 ? empty : null;
          default -> null;
        });
  }

  /** Writes one long in every 64-byte line of {@code memory}, then goes {@code elsewhere}; answers 0. */
  private static int evict(long[] memory, Runnable elsewhere) {
    for (int i = 0; i < memory.length; i += 8) {
      memory[i]++;
    }
    elsewhere.run();
    return 0;
  }

  /**
   * One actor of the {@code commit} workload's run control, closed loop without pauses, with the
   * timeouts this benchmark always had: a statement timeout of 60 s, a reconnect timeout of 10 s.
   */
  private static BenchmarkConfig config(DialectRegistry dialects, String url) throws ConfigException {
    Properties file = new Properties();
    file.putAll(Map.of("workload", "commit", "duration", "1", "users", "1", "db.url", url, "db.user", "sa",
        "statement.timeout", "60", "reconnect.timeout", "10"));
    return new ConfigBinder(dialects, System::getenv).bind(file, Map.of());
  }

  /** The workload whose one actor runs {@code work}: two transaction types, no tables. */
  private record OneActorsWork(ActorWork work, boolean autocommit) implements BoundWorkload {
    @Override
    public List<String> transactionTypes() {
      return List.of("a", "b");
    }

    @Override
    public OptionalInt cycles() {
      return OptionalInt.empty();
    }

    @Override
    public List<HeaderLine> headerLines() {
      return List.of();
    }

    @Override
    public List<SchemaTable> tables(SchemaNaming naming) {
      return List.of();
    }

    @Override
    public ActorWork newActor(int index, List<SchemaTable> tables, Dialect dialect) {
      return work;
    }

    @Override
    public List<String> plan(int users) {
      return List.of();
    }
  }

  /** Counts a cycle's transactions. */
  private abstract static class CycleOfTransactions implements ActorWork {
    final PreparedStatement statement;
    int done;

    CycleOfTransactions(PreparedStatement statement) {
      this.statement = statement;
    }

    @Override
    public void prepare(StatementPreparer preparer) {
      // The statement needs no connection.
    }

    @Override
    public void cycleStarting(int cycle) {
      done = 0;
    }

    @Override
    public int next() {
      return done < TRANSACTIONS_PER_CYCLE ? done % 2 : END_OF_CYCLE;
    }
  }

  private static final class UpdateAndQueryInTurn extends CycleOfTransactions {
    UpdateAndQueryInTurn(PreparedStatement statement) {
      super(statement);
    }

    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      if (type == 0) {
        tx.update(OperationKind.UPDATE, statement);
      } else {
        tx.query(OperationKind.SELECT, statement);
      }
      done++;
    }
  }

  private static final class UpdateAndCommit extends CycleOfTransactions {
    UpdateAndCommit(PreparedStatement statement) {
      super(statement);
    }

    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      tx.update(OperationKind.INSERT, statement);
      tx.commit();
      done++;
    }
  }
}
