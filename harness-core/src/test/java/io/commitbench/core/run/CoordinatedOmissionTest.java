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
import org.HdrHistogram.Histogram;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * An actor at a target rate against a real embedded H2 database, whose 50th transaction stalls
 * for one second (as a server does while its log device is stuck). Latency counted from the
 * intended start shows the stall as the users saw it: about a hundred slow responses, spread from
 * one second down to nothing; counted from the actual start it shows one slow transaction.
 */
class CoordinatedOmissionTest {

  private static final long MS = 1_000_000L;
  private static final int RATE = 100;
  private static final int TRANSACTIONS = 250;

  private HikariDataSource pool;

  @AfterEach
  void close() {
    if (pool != null) {
      pool.close();
    }
  }

  /** One query per transaction; the 50th sleeps a second first. */
  private static final class StallingWork implements ActorWork {
    private PreparedStatement select;
    private int executed;

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
      if (++executed == 50) {
        Thread.sleep(1_000);
      }
      tx.query(OperationKind.SELECT, select);
    }
  }

  @Test
  void aStallAtATargetRateShowsInResponseTimesNotAsOneSlowServiceTime() throws Exception {
    JdbcDataSource database = new JdbcDataSource();
    database.setURL("jdbc:h2:mem:" + UUID.randomUUID());
    HikariConfig config = new HikariConfig();
    config.setDataSource(database);
    config.setMaximumPoolSize(1);
    pool = new HikariDataSource(config);
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    RunControl control = new RunControl(0, TRANSACTIONS, 0, RATE, false, 10, false, 0, false, 0);
    TransactionBudget budget = TransactionBudget.of(TRANSACTIONS);
    budget.startCounting();
    ActorWork work = new StallingWork();
    ActorSession session = new ActorSession("sa", pool, work, 10, 1, List.of(), new StopSignal(), e -> false);
    WorkloadActor actor = new WorkloadActor(work, session,
        new ClassifyingTestDialect(), measurements.newActorRecorder(), true, Pacing.of(control, 0, 1),
        new WorkloadActor.Backlog(10 * 1_000 * MS, false), budget, 0, new StopSignal());
    IntervalSampler sampler = new IntervalSampler(measurements, System.nanoTime(), System.currentTimeMillis(),
        1_000 * MS, Phase.MEASURED);

    actor.open();
    actor.runCycle(1);
    actor.close();
    sampler.sample(System.nanoTime(), new DiscardingSink());
    TypeTotals select = sampler.totals().types().get(0);

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    Histogram service = select.serviceNanos();
    assertThat(service.getCountBetweenValues(500 * MS, 2_000 * MS)).as("one slow service time").isEqualTo(1);
    Histogram response = select.responseNanos();
    // The stalled transaction and the ~99 arrivals queued behind it, each waiting from its own
    // arrival: 1 s, 0.99 s, ... down to a few ms.
    long delayed = response.getCountBetweenValues(20 * MS, 2_000 * MS);
    assertThat(delayed).as("responses held up by the stall").isBetween(90L, 105L);
    assertThat(response.getMaxValue()).isBetween(990 * MS, 1_300 * MS);
    for (long quarter = 0; quarter < 4; quarter++) {
      long from = Math.max(20 * MS, quarter * 250 * MS);
      assertThat(response.getCountBetweenValues(from, (quarter + 1) * 250 * MS - 1))
          .as("responses between %d and %d ms", from / MS, (quarter + 1) * 250).isBetween(17L, 30L);
    }
    assertThat(select.lagNanos().getMaxValue()).as("the longest wait for a start").isGreaterThan(900 * MS);
  }
}
