package io.commitbench.core.run;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.workload.ActorWork;
import java.util.List;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;

/** A single actor against a fresh in-memory H2 database, for tests of what an actor records; closes its pool. */
final class H2ActorFixture implements AutoCloseable {

  private HikariDataSource pool;
  private final StopSignal stop = new StopSignal();

  /**
   * Actor 1 of 1, running {@code work} for {@code control}'s transactions, all of them counted.
   * Once per fixture: the fixture closes one pool, so a second actor would leave the first's open.
   */
  WorkloadActor actor(Measurements measurements, ActorWork work, RunControl control, WorkloadActor.Backlog backlog) {
    return actor(measurements, work, control, backlog, WorkloadActor.Retries.none());
  }

  /** As {@link #actor(Measurements, ActorWork, RunControl, WorkloadActor.Backlog)}, with these retries and ignored errors. */
  WorkloadActor actor(Measurements measurements, ActorWork work, RunControl control, WorkloadActor.Backlog backlog,
      WorkloadActor.Retries retries) {
    if (pool != null) {
      throw new IllegalStateException("this fixture has made its actor already; use a fixture per actor");
    }
    JdbcDataSource database = new JdbcDataSource();
    database.setURL("jdbc:h2:mem:" + UUID.randomUUID());
    HikariConfig config = new HikariConfig();
    config.setDataSource(database);
    config.setMaximumPoolSize(1);
    pool = new HikariDataSource(config);
    TransactionBudget budget = TransactionBudget.of(control.transactions());
    budget.startCounting();
    ActorSession session = new ActorSession("sa", pool, work, 10, 1, List.of(), stop, e -> false, new CallWatch("actor 1"));
    return new WorkloadActor(work, session, new ClassifyingTestDialect(), measurements.newActorRecorder(), true,
        Pacing.of(control, 0, 1), backlog, budget, retries, stop);
  }

  /** Opens the actor, runs its first cycle, closes it; returns what it recorded, sampled as one measured interval. */
  static RunTotals runOneCycle(WorkloadActor actor, Measurements measurements) throws Exception {
    IntervalSampler sampler = new IntervalSampler(measurements, System.nanoTime(), System.currentTimeMillis(),
        1_000_000_000L, Phase.MEASURED);
    actor.open();
    actor.runCycle(1);
    actor.close();
    sampler.sample(System.nanoTime(), new DiscardingSink());
    return sampler.totals();
  }

  /** The actor's stop signal. */
  StopSignal stop() {
    return stop;
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.close();
    }
  }
}
