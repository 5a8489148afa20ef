package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.TransactionContext;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A workload whose users pause before their transactions (TPC-C's keying and think times), against
 * a real embedded H2 database: the actor waits each pause out after the previous transaction
 * ended, and the response time counts from the end of the pause, so the pause is in neither the
 * response time nor the schedule lag.
 */
class WorkloadPausesTest {

  private static final long MS = 1_000_000L;
  private static final int TRANSACTIONS = 5;
  private static final long PAUSE_MILLIS = 30;

  private final H2ActorFixture fixture = new H2ActorFixture();

  @AfterEach
  void close() {
    fixture.close();
  }

  @Test
  void eachTransactionStartsAfterItsPauseAndItsResponseTimeLeavesThePauseOut() throws Exception {
    PausingWork work = new PausingWork();
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    RunControl closedLoop = new RunControl(0, TRANSACTIONS, 0, 0, false, 10, false, 0, false, 0, 5, false);
    WorkloadActor actor = fixture.actor(measurements, work, closedLoop, new WorkloadActor.Backlog(10_000 * MS, false));

    TypeTotals select = H2ActorFixture.runOneCycle(actor, measurements).types().get(0);

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    assertThat(work.pausesAsked).as("one pause per transaction").isEqualTo(TRANSACTIONS);
    for (int i = 1; i < work.starts.size(); i++) {
      assertThat(work.starts.get(i) - work.ends.get(i - 1)).as("gap before transaction %d", i + 1)
          .isGreaterThanOrEqualTo(PAUSE_MILLIS * MS);
    }
    assertThat(select.responseNanos().getMaxValue()).as("response time of one SELECT 1 on H2, pause left out")
        .isLessThan(PAUSE_MILLIS * MS);
  }

  @Test
  void aWorkloadThatDoesNotPauseIsNotAskedForPauses() throws Exception {
    PausingWork work = new PausingWork() {
      @Override
      public boolean pauses() {
        return false;
      }
    };
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    RunControl closedLoop = new RunControl(0, TRANSACTIONS, 0, 0, false, 10, false, 0, false, 0, 5, false);
    WorkloadActor actor = fixture.actor(measurements, work, closedLoop, new WorkloadActor.Backlog(10_000 * MS, false));

    H2ActorFixture.runOneCycle(actor, measurements);

    assertThat(work.pausesAsked).isZero();
  }

  /** One SELECT 1 per transaction, each after a pause of {@value #PAUSE_MILLIS} ms; notes when each ran. */
  private static class PausingWork extends SelectOneWork {
    final List<Long> starts = new ArrayList<>();
    final List<Long> ends = new ArrayList<>();
    int pausesAsked;

    @Override
    public boolean pauses() {
      return true;
    }

    @Override
    public long pauseNanos(int type) {
      pausesAsked++;
      return PAUSE_MILLIS * MS;
    }

    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      starts.add(System.nanoTime());
      selectOne(tx);
      ends.add(System.nanoTime());
    }
  }
}
