package io.commitbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import io.commitbench.core.dialect.ErrorClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IntervalSamplerTest {

  private static final List<String> ONE_TYPE = List.of("tx");
  private static final long SECOND = 1_000_000_000L;

  /** Keeps what it was given, copying the statement histograms' time stamps (only valid during the call). */
  private static final class KeepingSink implements IntervalSink {
    final List<IntervalStats> stats = new ArrayList<>();
    final List<long[]> insertStamps = new ArrayList<>();

    @Override
    public void onInterval(IntervalStats s, IntervalHistograms histograms) {
      stats.add(s);
      var insert = histograms.statements().get(OperationKind.INSERT);
      insertStamps.add(new long[] {insert.getStartTimeStamp(), insert.getEndTimeStamp()});
    }

    @Override
    public void close() {}
  }

  /** One autocommit statement that is its own transaction, as the paper's actors record it. */
  private static void autocommitInsert(ActorRecorder actor, long start, long latency) {
    actor.statement(OperationKind.INSERT, latency);
    actor.transactionDone(0, start, start, start + latency);
  }

  @Test
  void everyActorsTransactionsLandInTheIntervalTheyWereRecordedInAndTheTotalsAreTheirSum() throws Exception {
    Measurements measurements = Measurements.shared(3, ONE_TYPE);
    List<ActorRecorder> actors = new ArrayList<>();
    for (int a = 0; a < 10; a++) {
      actors.add(measurements.newActorRecorder());
    }
    autocommitInsert(actors.get(0), 0, 999_999_999L); // before the start: not measured
    long start = System.nanoTime();
    IntervalSampler sampler = new IntervalSampler(measurements, start, 1_000_000L, SECOND, Phase.MEASURED);
    KeepingSink sink = new KeepingSink();

    for (ActorRecorder actor : actors) {
      actor.statement(OperationKind.INSERT, 1_000);
      actor.statement(OperationKind.COMMIT, 5_000);
      actor.transactionDone(0, 0, 0, 6_000);
    }
    actors.get(3).statementFailed(OperationKind.UPDATE, ErrorClass.DEADLOCK);
    actors.get(3).transactionFailed(0, ErrorClass.DEADLOCK);
    sampler.sample(start + SECOND, sink);

    actors.get(7).statement(OperationKind.INSERT, 2_000);
    actors.get(7).transactionDone(0, 0, 0, 2_000);
    actors.get(8).statementFailed(OperationKind.DELETE, ErrorClass.CONNECTION_LOST);
    actors.get(8).transactionFailed(0, ErrorClass.CONNECTION_LOST);
    actors.get(8).reconnect();
    actors.get(9).discardAttempt(0);
    sampler.sample(start + 2_500_000_000L, sink);

    assertThat(sink.stats).hasSize(2);
    IntervalStats first = sink.stats.get(0);
    assertThat(first.startMillis()).isZero();
    assertThat(first.endMillis()).isEqualTo(1_000);
    assertThat(first.partial()).isFalse();
    assertThat(first.kinds().get(OperationKind.INSERT).count()).isEqualTo(10);
    assertThat(first.kinds().get(OperationKind.COMMIT).count()).isEqualTo(10);
    assertThat(first.kinds().get(OperationKind.SELECT).p50Nanos()).isEqualTo(IntervalStats.NO_VALUE);
    assertThat(first.transactions()).isEqualTo(10);
    assertThat(first.errors()).isEqualTo(1);
    assertThat(first.types().get(0).errors()).isEqualTo(1);
    assertThat(sink.insertStamps.get(0)).containsExactly(1_000_000L, 1_001_000L);

    IntervalStats second = sink.stats.get(1);
    assertThat(second.startMillis()).isEqualTo(1_000);
    assertThat(second.endMillis()).isEqualTo(2_500);
    assertThat(second.kinds().get(OperationKind.INSERT).count()).isEqualTo(1);
    assertThat(second.kinds().get(OperationKind.INSERT).p50Nanos()).isBetween(1_990L, 2_010L);
    assertThat(second.kinds().get(OperationKind.COMMIT).count()).isZero();
    assertThat(second.kinds().get(OperationKind.DELETE).errors()).isEqualTo(1);
    assertThat(second.transactions()).isEqualTo(1);
    assertThat(second.retries()).isEqualTo(1);

    RunTotals totals = sampler.totals();
    assertThat(totals.kind(OperationKind.INSERT).count()).isEqualTo(11);
    assertThat(totals.kind(OperationKind.INSERT).latencyNanos().getMaxValue()).isLessThan(1_000_000L);
    assertThat(totals.kind(OperationKind.UPDATE).errors()).containsExactlyEntriesOf(Map.of(ErrorClass.DEADLOCK, 1L));
    assertThat(totals.kind(OperationKind.DELETE).errors()).containsExactlyEntriesOf(Map.of(ErrorClass.CONNECTION_LOST, 1L));
    assertThat(totals.kind(OperationKind.SELECT).errors()).isEmpty();
    assertThat(totals.transactions()).isEqualTo(11);
    assertThat(totals.types().get(0).errors()).containsOnlyKeys(ErrorClass.DEADLOCK, ErrorClass.CONNECTION_LOST);
    assertThat(totals.retries()).isEqualTo(1);
    assertThat(totals.reconnects()).isEqualTo(1);
    assertThat(totals.measuredNanos()).isEqualTo(2_500_000_000L);
    assertThat(totals.operations()).isEqualTo(11);
  }

  @Test
  void aRetriedAttemptLeavesOnlyARetryBehind() throws Exception {
    Measurements measurements = Measurements.forActors(1, ONE_TYPE);
    ActorRecorder actor = measurements.newActorRecorder();
    long start = System.nanoTime();
    IntervalSampler sampler = new IntervalSampler(measurements, start, 0, SECOND, Phase.MEASURED);
    actor.statement(OperationKind.UPDATE, 1_000);
    actor.statementFailed(OperationKind.UPDATE, ErrorClass.SERIALIZATION_FAILURE);
    actor.discardAttempt(0);
    actor.statement(OperationKind.UPDATE, 2_000);
    actor.statement(OperationKind.UPDATE, 2_000);
    actor.transactionDone(0, 0, 0, 5_000);
    sampler.sample(start + SECOND, new KeepingSink());

    RunTotals totals = sampler.totals();
    assertThat(totals.kind(OperationKind.UPDATE).count()).isEqualTo(2);
    assertThat(totals.errors()).isZero();
    assertThat(totals.transactionErrors()).isZero();
    assertThat(totals.retries()).isEqualTo(1);
    assertThat(totals.transactions()).isEqualTo(1);
  }

  @Test
  void theWarmUpIsShownOnItsOwnAndLeftOutOfTheTotals() throws Exception {
    Measurements measurements = Measurements.forActors(1, ONE_TYPE);
    ActorRecorder actor = measurements.newActorRecorder();
    long start = System.nanoTime();
    IntervalSampler sampler = new IntervalSampler(measurements, start, 0, SECOND, Phase.WARMUP);
    KeepingSink sink = new KeepingSink();
    for (int i = 0; i < 5; i++) {
      autocommitInsert(actor, 0, 50_000_000L); // a slow, cold start
    }
    sampler.sample(start + SECOND, sink);
    autocommitInsert(actor, 0, 40_000_000L);
    boolean[] began = new boolean[1];
    int[] intervalsWhenBegan = new int[1];
    sampler.beginMeasurement(start + 1_500_000_000L, sink, () -> {
      began[0] = true;
      intervalsWhenBegan[0] = sink.stats.size();
    });
    assertThat(began[0]).isTrue();
    assertThat(intervalsWhenBegan[0]).as("the measurement began before the sink had the warm-up's last interval")
        .isEqualTo(1);
    for (int i = 0; i < 3; i++) {
      autocommitInsert(actor, 0, 1_000_000L);
    }
    sampler.sample(start + 2_500_000_000L, sink);
    sampler.sampleLast(start + 2_800_000_000L, sink);

    assertThat(sink.stats).extracting(IntervalStats::phase)
        .containsExactly(Phase.WARMUP, Phase.WARMUP, Phase.MEASURED, Phase.MEASURED);
    assertThat(sink.stats).extracting(IntervalStats::partial).containsExactly(false, true, false, true);
    RunTotals warmup = sampler.warmupTotals();
    assertThat(warmup.transactions()).isEqualTo(6);
    assertThat(warmup.measuredNanos()).isEqualTo(1_500_000_000L);
    RunTotals measured = sampler.totals();
    assertThat(measured.transactions()).isEqualTo(3);
    assertThat(measured.measuredNanos()).isEqualTo(1_300_000_000L);
    assertThat(measured.kind(OperationKind.INSERT).latencyNanos().getMaxValue()).isLessThan(2_000_000L);
    assertThat(measured.types().get(0).responseNanos().getMaxValue()).isLessThan(2_000_000L);
  }

  @Test
  void actorsSharingStripesLoseNoRecordingWhileSampled() throws Exception {
    assertNoRecordingLost(Measurements.shared(2, ONE_TYPE), 8);
  }

  @Test
  void actorsWithAStripeEachLoseNoRecordingWhileSampled() throws Exception {
    assertNoRecordingLost(Measurements.forActors(4, ONE_TYPE), 4);
  }

  /**
   * Each actor records 50,000 autocommit selects on its own thread while the sampler cuts
   * intervals: none is lost, and in every interval the statements equal the transactions (a
   * transaction and its statement are never split between two intervals).
   */
  private static void assertNoRecordingLost(Measurements measurements, int actorCount) throws Exception {
    long start = System.nanoTime();
    IntervalSampler sampler = new IntervalSampler(measurements, start, 0, SECOND, Phase.MEASURED);
    List<Thread> threads = new ArrayList<>();
    for (int a = 0; a < actorCount; a++) {
      ActorRecorder actor = measurements.newActorRecorder();
      Thread thread = new Thread(() -> {
        for (int i = 0; i < 50_000; i++) {
          actor.statement(OperationKind.SELECT, 100 + i % 1000);
          actor.transactionDone(0, 0, 0, 100 + i % 1000);
        }
      });
      threads.add(thread);
      thread.start();
    }
    KeepingSink sink = new KeepingSink();
    for (int i = 0; i < 20; i++) {
      sampler.sample(System.nanoTime(), sink); // sampling while the actors record
    }
    for (Thread thread : threads) {
      thread.join();
    }
    sampler.sample(System.nanoTime(), sink);

    long inIntervals = sink.stats.stream().mapToLong(s -> s.kinds().get(OperationKind.SELECT).count()).sum();
    assertThat(inIntervals).isEqualTo(actorCount * 50_000L);
    assertThat(sink.stats).allSatisfy(s -> assertThat(s.transactions()).isEqualTo(s.kinds().get(OperationKind.SELECT)
        .count()));
    assertThat(sampler.totals().kind(OperationKind.SELECT).count()).isEqualTo(actorCount * 50_000L);
    assertThat(sampler.totals().transactions()).isEqualTo(actorCount * 50_000L);
  }

  @Test
  void aStripePerActorInstanceRefusesOneActorTooMany() {
    Measurements measurements = Measurements.forActors(2, ONE_TYPE);
    measurements.newActorRecorder();
    measurements.newActorRecorder();
    assertThatIllegalStateException().isThrownBy(measurements::newActorRecorder)
        .withMessage("measurements made for 2 actors, asked for actor 3");
  }

  @Test
  void beyondTheOwnStripeLimitActorsShareStripes() {
    Measurements measurements = Measurements.forActors(Measurements.OWN_STRIPES_UP_TO + 1, ONE_TYPE);
    for (int a = 0; a <= Measurements.OWN_STRIPES_UP_TO; a++) {
      measurements.newActorRecorder();
    }
    assertThat(measurements.stripes()).hasSize(2 * Runtime.getRuntime().availableProcessors());
  }

  @Test
  void anActorCountBelowOneIsRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> Measurements.forActors(0, ONE_TYPE))
        .withMessage("actors must be at least 1, got 0");
  }

  @Test
  void aStripeCountBelowOneIsRefused() {
    assertThatIllegalArgumentException().isThrownBy(() -> Measurements.shared(0, ONE_TYPE))
        .withMessage("stripeCount must be at least 1, got 0");
  }

  @Test
  void aTransactionTypeOutsideTheWorkloadsIsRefused() {
    ActorRecorder actor = Measurements.forActors(1, ONE_TYPE).newActorRecorder();
    assertThatIllegalArgumentException().isThrownBy(() -> actor.transactionDone(1, 0, 0, 1))
        .withMessage("transaction type 1 of 1");
  }
}
