package io.commitbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.Measurements;
import io.commitbench.core.measure.RunTotals;
import io.commitbench.core.measure.TypeTotals;
import io.commitbench.core.workload.TransactionContext;
import java.util.List;
import org.HdrHistogram.Histogram;
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

  private final H2ActorFixture fixture = new H2ActorFixture();

  @AfterEach
  void close() {
    fixture.close();
  }

  /** One query per transaction; the 50th sleeps first (a second, unless told otherwise). */
  private static final class StallingWork extends SelectOneWork {
    private final long stallMillis;
    private int executed;

    StallingWork(long stallMillis) {
      this.stallMillis = stallMillis;
    }

    @Override
    public void execute(int type, TransactionContext tx) throws Exception {
      if (++executed == 50) {
        Thread.sleep(stallMillis);
      }
      selectOne(tx);
    }
  }

  /** One actor at {@value #RATE}/s that stalls at its 50th transaction, recording into {@code measurements}. */
  private WorkloadActor stallingActor(Measurements measurements, long stallMillis, WorkloadActor.Backlog backlog) {
    RunControl control = new RunControl(0, TRANSACTIONS, 0, RATE, false, 10, false, 0, false, 0, 5, false);
    return fixture.actor(measurements, new StallingWork(stallMillis), control, backlog);
  }

  @Test
  void aStallAtATargetRateShowsInResponseTimesNotAsOneSlowServiceTime() throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    WorkloadActor actor = stallingActor(measurements, 1_000, new WorkloadActor.Backlog(10 * 1_000 * MS, false));

    TypeTotals select = H2ActorFixture.runOneCycle(actor, measurements).types().get(0);

    assertThat(select.count()).isEqualTo(TRANSACTIONS);
    Histogram service = select.serviceNanos();
    assertThat(service.getCountBetweenValues(500 * MS, 2_000 * MS)).as("one slow service time").isEqualTo(1);
    Histogram response = select.responseNanos();
    // The stalled transaction and the ~99 arrivals queued behind it, each waiting from its own
    // arrival: 1 s, 0.99 s, ... down to a few ms. While the actor catches up, more arrive: on a
    // loaded machine the catch-up takes tens of ms.
    long delayed = response.getCountBetweenValues(20 * MS, 2_000 * MS);
    assertThat(delayed).as("responses held up by the stall").isBetween(90L, 120L);
    assertThat(response.getMaxValue()).isBetween(990 * MS, 1_300 * MS);
    for (long quarter = 0; quarter < 4; quarter++) {
      long from = Math.max(20 * MS, quarter * 250 * MS);
      assertThat(response.getCountBetweenValues(from, (quarter + 1) * 250 * MS - 1))
          .as("responses between %d and %d ms", from / MS, (quarter + 1) * 250).isBetween(17L, 35L);
    }
    assertThat(select.lagNanos().getMaxValue()).as("the longest wait for a start").isGreaterThan(900 * MS);
  }

  @Test
  void arrivalsOlderThanTheBacklogAreShedAndCounted() throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    // A 2 s stall with a 1 s backlog: of the ~200 arrivals it held up, those more than 1 s late go.
    // On a loaded machine the sleep overruns by tens of ms, and each 10 ms sheds one more.
    WorkloadActor actor = stallingActor(measurements, 2_000, new WorkloadActor.Backlog(1_000 * MS, false));

    RunTotals totals = H2ActorFixture.runOneCycle(actor, measurements);

    assertThat(totals.shedArrivals()).isBetween(90L, 130L);
    assertThat(totals.types().get(0).responseNanos().getMaxValue()).as("no response waited past the stall")
        .isLessThan(2_300 * MS);
  }

  @Test
  void aBacklogThatMustNotBeShedFailsTheActorWithTheReason() throws Exception {
    Measurements measurements = Measurements.forActors(1, List.of("select"));
    WorkloadActor actor = stallingActor(measurements, 1_500, new WorkloadActor.Backlog(1_000 * MS, true));

    actor.open();
    try {
      assertThatThrownBy(() -> actor.runCycle(1)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("behind the target rate, more than rate.backlog=1 s allows (rate.backlog.fail=true)");
    } finally {
      actor.close();
    }
  }
}
