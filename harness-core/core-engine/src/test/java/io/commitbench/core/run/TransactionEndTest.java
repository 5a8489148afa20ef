package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.TransactionContext;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A transaction ends when its last call to the server returns, against a real embedded H2
 * database: what the workload's code does afterwards is the actor's own time, which in a closed
 * loop delays the next transaction's start (its lag), not this transaction's service time. In a
 * closed loop without think time a transaction starts with its first call, so what the workload
 * does before that call is the actor's own time too.
 */
class TransactionEndTest {

  private static final long MS = 1_000_000L;
  private static final int TRANSACTIONS = 5;
  private static final long AFTER_MILLIS = 40;

  private final H2ActorFixture fixture = new H2ActorFixture();

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void workAfterTheLastCallIsNotInTheServiceTimeButDelaysTheNextStart() throws Exception {
    TypeTotals select = runClosedLoop(new SlowAfterLastCall(true));

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    assertThat(select.serviceNanos().getMaxValue()).as("service time, one SELECT 1 on H2")
        .isLessThan(AFTER_MILLIS * MS);
    // Every transaction but the first starts after the previous one's 40 ms of the workload's own work.
    assertThat(select.lagNanos().getCountBetweenValues(AFTER_MILLIS * MS, 10_000 * MS)).isEqualTo(TRANSACTIONS - 1);
  }

  @Test
  void workBeforeTheFirstCallIsInTheLagNotInTheServiceTime() throws Exception {
    TypeTotals select = runClosedLoop(new SlowBeforeFirstCall());

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    assertThat(select.serviceNanos().getMaxValue()).as("service time, one SELECT 1 on H2")
        .isLessThan(AFTER_MILLIS * MS);
    // Every transaction, the first included, makes its first call after 40 ms of the workload's own work.
    assertThat(select.lagNanos().getMinValue()).isGreaterThanOrEqualTo(AFTER_MILLIS * MS);
    assertThat(select.responseNanos().getMinValue()).as("response time, from the intended start")
        .isGreaterThanOrEqualTo(AFTER_MILLIS * MS);
  }

  @Test
  void aTransactionWithoutACallEndsWhenItsCodeReturns() throws Exception {
    TypeTotals select = runClosedLoop(new SlowAfterLastCall(false));

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    assertThat(select.serviceNanos().getMinValue()).as("service time of code that made no call")
        .isGreaterThanOrEqualTo(AFTER_MILLIS * MS);
  }

  /** Runs {@value #TRANSACTIONS} transactions of {@code work} in a closed loop; what was recorded. */
  private TypeTotals runClosedLoop(SelectOneWork work) throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    RunControl closedLoop = new RunControl(0, TRANSACTIONS, 0, 0, false, 10, false, 0, false, 0, 5, false);
    WorkloadActor actor = fixture.actor(measurements, work, closedLoop, new WorkloadActor.Backlog(10_000 * MS, false));
    return H2ActorFixture.runOneCycle(actor, measurements).types().get(0);
  }

  /** 40 ms of the workload's own work, then one SELECT 1 per transaction. */
  private static final class SlowBeforeFirstCall extends SelectOneWork {
    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      Thread.sleep(AFTER_MILLIS);
      selectOne(tx);
    }
  }

  /** One SELECT 1 per transaction (or none), then 40 ms of the workload's own work. */
  private static final class SlowAfterLastCall extends SelectOneWork {
    private final boolean selects;

    SlowAfterLastCall(boolean selects) {
      this.selects = selects;
    }

    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      if (selects) {
        selectOne(tx);
      }
      Thread.sleep(AFTER_MILLIS);
    }
  }
}
