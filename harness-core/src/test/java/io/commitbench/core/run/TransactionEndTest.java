package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.IntervalSampler;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.ActorWork;
import io.commitbench.core.workload.TransactionContext;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.List;
import java.util.UUID;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A transaction ends when its last call to the server returns, against a real embedded H2
 * database: what the workload's code does afterwards is the actor's own time, which in a closed
 * loop delays the next transaction's start (its lag), not this transaction's service time.
 */
class TransactionEndTest {

  private static final long MS = 1_000_000L;
  private static final int TRANSACTIONS = 5;
  private static final long AFTER_MILLIS = 40;

  private HikariDataSource pool;

  @AfterEach
  void close() {
    if (pool != null) {
      pool.close();
    }
  }

  @Test
  void workAfterTheLastCallIsNotInTheServiceTimeButDelaysTheNextStart() throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    WorkloadActor actor = actor(measurements, new SlowAfterLastCall(false));
    IntervalSampler sampler = new IntervalSampler(measurements, System.nanoTime(), System.currentTimeMillis(),
        1_000 * MS, Phase.MEASURED);

    actor.open();
    actor.runCycle(1);
    actor.close();
    sampler.sample(System.nanoTime(), new DiscardingSink());
    TypeTotals select = sampler.totals().types().get(0);

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    assertThat(select.serviceNanos().getMaxValue()).as("service time, one SELECT 1 on H2")
        .isLessThan(AFTER_MILLIS * MS);
    // Every transaction but the first starts after the previous one's 40 ms of the workload's own work.
    assertThat(select.lagNanos().getCountBetweenValues(AFTER_MILLIS * MS, 10_000 * MS)).isEqualTo(TRANSACTIONS - 1);
  }

  @Test
  void aTransactionWithoutACallEndsWhenItsCodeReturns() throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    WorkloadActor actor = actor(measurements, new SlowAfterLastCall(true));
    IntervalSampler sampler = new IntervalSampler(measurements, System.nanoTime(), System.currentTimeMillis(),
        1_000 * MS, Phase.MEASURED);

    actor.open();
    actor.runCycle(1);
    actor.close();
    sampler.sample(System.nanoTime(), new DiscardingSink());
    TypeTotals select = sampler.totals().types().get(0);

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    assertThat(select.serviceNanos().getMinValue()).as("service time of code that made no call")
        .isGreaterThanOrEqualTo(AFTER_MILLIS * MS);
  }

  private WorkloadActor actor(Measurements measurements, ActorWork work) {
    JdbcDataSource database = new JdbcDataSource();
    database.setURL("jdbc:h2:mem:" + UUID.randomUUID());
    HikariConfig config = new HikariConfig();
    config.setDataSource(database);
    config.setMaximumPoolSize(1);
    pool = new HikariDataSource(config);
    RunControl closedLoop = new RunControl(0, TRANSACTIONS, 0, 0, false, 10, false, 0, false, 0);
    TransactionBudget budget = TransactionBudget.of(TRANSACTIONS);
    budget.startCounting();
    StopSignal stop = new StopSignal();
    ActorSession session = new ActorSession("sa", pool, work, 10, 1, List.of(), stop, e -> false, new CallWatch("actor 1"));
    return new WorkloadActor(work, session, new ClassifyingTestDialect(), measurements.newActorRecorder(), true,
        Pacing.of(closedLoop, 0, 1), new WorkloadActor.Backlog(10_000 * MS, false), budget,
        WorkloadActor.Retries.none(), stop);
  }

  /** One SELECT 1 per transaction (none when told), then 40 ms of the workload's own work. */
  private static final class SlowAfterLastCall implements ActorWork {
    private final boolean withoutCall;
    private PreparedStatement select;

    SlowAfterLastCall(boolean withoutCall) {
      this.withoutCall = withoutCall;
    }

    @Override
    public void prepare(StatementPreparer preparer) throws SQLException {
      select = preparer.prepare("SELECT 1");
    }

    @Override
    public int next() {
      return 0;
    }

    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      if (!withoutCall) {
        tx.query(OperationKind.SELECT, select);
      }
      Thread.sleep(AFTER_MILLIS);
    }
  }
}
