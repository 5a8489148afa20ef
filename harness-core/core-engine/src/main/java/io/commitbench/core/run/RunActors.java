package io.commitbench.core.run;

import com.zaxxer.hikari.HikariDataSource;
import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.config.RunControl;
import io.commitbench.core.dialect.DbUser;
import io.commitbench.core.dialect.Dialect;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.BoundWorkload;
import io.commitbench.core.workload.SchemaTable;
import io.commitbench.core.workload.WorkloadRegistry;
import java.util.List;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * The actors of a run, each built as {@link BenchmarkRun} builds its own: a pool of one connection
 * for its login, its workload's {@link ActorWork}, a session with the configuration's statement
 * and reconnect timeouts and the dialect's session statements and login failures, its calls
 * watched for stalls, a recorder in the run's {@link Measurements}, its pacing ({@code rate},
 * {@code sleep}), its backlog, the run's transaction budget and its retries. A run uses this
 * class for its actors, so there is one wiring.
 *
 * <p>Outside a run it is for benchmarks and tools that drive the engine's own actor a cycle at a
 * time, without the run's setup, interval reporter or result folder: what they measure is the code
 * a run's actor executes. The caller creates and drops the workload's tables, opens, runs and
 * closes each actor on the thread it chooses (an actor is confined to one thread), and reads what
 * the actors recorded from {@link #measurements} with an {@link io.commitbench.core.measure.IntervalSampler},
 * which also drains the recorders as a run's reporter does. A transaction budget ({@code
 * transactions}) counts from the first transaction: outside a run there is no warm-up.
 *
 * <pre>{@code
 * try (RunActors actors = RunActors.of(config, dialect)) {
 *   List<SchemaTable> tables = actors.workload().tables(naming); // created by the caller
 *   IntervalSampler sampler = new IntervalSampler(actors.measurements(), System.nanoTime(),
 *       System.currentTimeMillis(), 1_000_000_000L, Phase.MEASURED);
 *   ActorBody actor = actors.actor(0, tables);
 *   actor.open();
 *   try {
 *     ActorCycleTimes first = actor.runCycle(1); // null when the run's stop was requested
 *   } finally {
 *     actor.close();
 *   }
 *   sampler.sample(System.nanoTime(), sink);
 *   RunTotals measured = sampler.totals();
 * }
 * }</pre>
 *
 * <p>Build the actors on one thread and hand each to the thread that runs it before that thread
 * starts, as a run does; {@link #close} after the actors were closed.
 */
public final class RunActors implements AutoCloseable {

  private final BenchmarkConfig config;
  private final BoundWorkload workload;
  private final Dialect dialect;
  private final Measurements measurements;
  private final TransactionBudget budget;
  private final StopSignal stop;
  private final ConnectionPools pools;

  /**
   * The actors of {@link BenchmarkRun}: they record into its measurements, share its budget and
   * stop on its signal; {@code connections} null for pools to {@code db.url}.
   */
  RunActors(BenchmarkConfig config, BoundWorkload workload, Dialect dialect, Measurements measurements,
      TransactionBudget budget, StopSignal stop, Consumer<String> warn, DataSource connections) {
    this.config = config;
    this.workload = workload;
    this.dialect = dialect;
    this.measurements = measurements;
    this.budget = budget;
    this.stop = stop;
    this.pools = new ConnectionPools(config, dialect, workload.autocommit(), workload.serverPreparedStatements(),
        stop, warn, connections);
  }

  /**
   * The actors of the configured workload (found on the class path), connecting to {@code db.url}
   * as {@code db.user}, or as each actor's database user.
   *
   * @throws IllegalArgumentException when no workload of the configured name is on the class path
   */
  public static RunActors of(BenchmarkConfig config, Dialect dialect) {
    BoundWorkload workload = WorkloadRegistry.load().byName(config.workload())
        .orElseThrow(() -> new IllegalArgumentException("no workload named " + config.workload()))
        .bind(config.settings());
    return of(config, workload, dialect);
  }

  /** The actors of {@code workload}, connecting to {@code db.url}; warnings (stalled calls) go to standard error. */
  public static RunActors of(BenchmarkConfig config, BoundWorkload workload, Dialect dialect) {
    return outsideARun(config, workload, dialect, null);
  }

  /**
   * The actors of {@code workload}, with their connections from {@code connections} (each actor's
   * pool wraps it), which carries its own URL, login and driver properties: for a database the
   * caller made (one in memory, one with a driver of its own). The actors log in as it does, so
   * only for {@code users.mode=shared}.
   */
  public static RunActors over(DataSource connections, BenchmarkConfig config, BoundWorkload workload,
      Dialect dialect) {
    return outsideARun(config, workload, dialect, connections);
  }

  private static RunActors outsideARun(BenchmarkConfig config, BoundWorkload workload, Dialect dialect,
      DataSource connections) {
    TransactionBudget budget = budgetOf(config.runControl());
    budget.startCounting();
    return new RunActors(config, workload, dialect, Measurements.forActors(config.users(), workload.transactionTypes()),
        budget, new StopSignal(), System.err::println, connections);
  }

  /** The run's budget: {@code transactions} measured ones, or none for a timed run or one in cycles. */
  static TransactionBudget budgetOf(RunControl control) {
    return control.transactions() > 0 ? TransactionBudget.of(control.transactions()) : TransactionBudget.unlimited();
  }

  /** Actor {@code index} (0-based), logging in as the configured {@code db.user}. */
  public ActorBody actor(int index, List<SchemaTable> tables) {
    return actor(index, null, tables);
  }

  /**
   * Actor {@code index} (0-based) of {@code users}, logging in as its own database {@code user} or,
   * when it is null (shared mode), as the configured one. Every actor gets a pool of its own, in
   * both modes: a pool opens its connections one after another (HikariCP adds them about 30 ms
   * apart), so one shared pool for 1,000 actors would take half a minute to fill, while a pool
   * each opens them all at once.
   */
  public ActorBody actor(int index, DbUser user, List<SchemaTable> tables) {
    String login = user == null ? config.dbUser() : user.name();
    HikariDataSource pool = pools.create(login, user == null ? config.password().reveal() : user.password(), 1);
    ActorWork work = workload.newActor(index, tables, dialect);
    ActorSession session = new ActorSession(login, pool, work, config.statementTimeoutSeconds(),
        config.reconnectTimeoutSeconds(), dialect.sessionTimeoutStatements(config.statementTimeoutSeconds()), stop,
        dialect::loginRefused, dialect::connectionsExhausted, pools.watch("actor " + (index + 1) + " (" + login + ")"));
    RunControl control = config.runControl();
    return new WorkloadActor(work, session, dialect, measurements.newActorRecorder(), workload.autocommit(),
        Pacing.of(control, index, config.users()),
        new WorkloadActor.Backlog(control.backlogSeconds() * 1_000_000_000L, control.backlogFails()), budget,
        new WorkloadActor.Retries(control.retryMax(), workload.retriedErrors(), workload.ignoredErrors(dialect)), stop);
  }

  /** The workload the actors run, bound to the configuration's settings: its tables, its transaction types. */
  public BoundWorkload workload() {
    return workload;
  }

  /** What the actors record, one stripe each: sample it to drain and read their transactions. */
  public Measurements measurements() {
    return measurements;
  }

  /** The actors' stop signal: once requested, each ends its cycle after the call in flight. */
  public StopSignal stop() {
    return stop;
  }

  /** Closes the actors' pools and the watch on their calls. */
  @Override
  public void close() {
    pools.close();
  }
}
