package io.commitbench.core.measure;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.dialect.ErrorClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class IntervalSamplerTest {

  /** Keeps what it was given, copying the histograms (they are only valid during the call). */
  private static final class KeepingSink implements IntervalSink {
    final List<IntervalStats> stats = new ArrayList<>();
    final List<Map<OperationKind, Histogram>> histograms = new ArrayList<>();

    @Override
    public void onInterval(IntervalStats s, Map<OperationKind, Histogram> latencyNanos) {
      stats.add(s);
      Map<OperationKind, Histogram> copy = new java.util.EnumMap<>(OperationKind.class);
      latencyNanos.forEach((k, h) -> copy.put(k, h.copy()));
      histograms.add(copy);
    }

    @Override
    public void close() {}
  }

  @Test
  void everyActorsLatenciesLandInTheIntervalTheyWereRecordedInAndTheTotalsAreTheirSum() throws Exception {
    Measurements measurements = Measurements.shared(3);
    List<ActorRecorder> actors = new ArrayList<>();
    for (int a = 0; a < 10; a++) {
      actors.add(measurements.newActorRecorder());
    }
    actors.get(0).recordSuccess(OperationKind.INSERT, 999_999_999L); // before the start: not measured
    long start = System.nanoTime();
    IntervalSampler sampler = new IntervalSampler(measurements, start, 1_000_000L);
    KeepingSink sink = new KeepingSink();

    for (ActorRecorder actor : actors) {
      actor.recordSuccess(OperationKind.INSERT, 1_000);
      actor.recordSuccess(OperationKind.COMMIT, 5_000);
    }
    measurements.recordTransaction();
    measurements.recordError(OperationKind.UPDATE, ErrorClass.DEADLOCK);
    sampler.sample(start + 1_000_000_000L, sink);

    actors.get(7).recordSuccess(OperationKind.INSERT, 2_000);
    measurements.recordError(OperationKind.UPDATE, ErrorClass.DEADLOCK);
    measurements.recordError(OperationKind.DELETE, ErrorClass.CONNECTION_LOST);
    measurements.recordTransaction();
    measurements.recordTransaction();
    measurements.recordReconnect();
    sampler.sample(start + 2_500_000_000L, sink);

    assertThat(sink.stats).hasSize(2);
    IntervalStats first = sink.stats.get(0);
    assertThat(first.startMillis()).isZero();
    assertThat(first.endMillis()).isEqualTo(1_000);
    assertThat(first.kinds().get(OperationKind.INSERT).count()).isEqualTo(10);
    assertThat(first.kinds().get(OperationKind.COMMIT).count()).isEqualTo(10);
    assertThat(first.transactions()).isEqualTo(1);
    assertThat(first.errors()).isEqualTo(1);
    assertThat(sink.histograms.get(0).get(OperationKind.INSERT).getStartTimeStamp()).isEqualTo(1_000_000L);
    assertThat(sink.histograms.get(0).get(OperationKind.INSERT).getEndTimeStamp()).isEqualTo(1_001_000L);

    IntervalStats second = sink.stats.get(1);
    assertThat(second.startMillis()).isEqualTo(1_000);
    assertThat(second.endMillis()).isEqualTo(2_500);
    assertThat(second.kinds().get(OperationKind.INSERT).count()).isEqualTo(1);
    assertThat(second.kinds().get(OperationKind.INSERT).p50Nanos()).isBetween(1_990L, 2_010L);
    assertThat(second.kinds().get(OperationKind.COMMIT).count()).isZero();
    assertThat(second.kinds().get(OperationKind.UPDATE).errors()).isEqualTo(1);
    assertThat(second.kinds().get(OperationKind.DELETE).errors()).isEqualTo(1);
    assertThat(second.transactions()).isEqualTo(2);

    RunTotals totals = sampler.totals();
    assertThat(totals.kind(OperationKind.INSERT).count()).isEqualTo(11);
    assertThat(totals.kind(OperationKind.INSERT).latencyNanos().getMaxValue()).isLessThan(1_000_000L);
    assertThat(totals.kind(OperationKind.UPDATE).errors()).containsExactlyEntriesOf(Map.of(ErrorClass.DEADLOCK, 2L));
    assertThat(totals.kind(OperationKind.DELETE).errors()).containsExactlyEntriesOf(Map.of(ErrorClass.CONNECTION_LOST, 1L));
    assertThat(totals.kind(OperationKind.SELECT).errors()).isEmpty();
    assertThat(totals.transactions()).isEqualTo(3);
    assertThat(totals.reconnects()).isEqualTo(1);
    assertThat(totals.measuredNanos()).isEqualTo(2_500_000_000L);
    assertThat(totals.operations()).isEqualTo(11);
  }

  @Test
  void actorsSharingStripesLoseNoRecordingWhileSampled() throws Exception {
    assertNoRecordingLost(Measurements.shared(2), 8);
  }

  @Test
  void actorsWithAStripeEachLoseNoRecordingWhileSampled() throws Exception {
    assertNoRecordingLost(Measurements.forActors(4), 4);
  }

  /** Each actor records 50,000 selects on its own thread while the sampler cuts intervals. */
  private static void assertNoRecordingLost(Measurements measurements, int actorCount) throws Exception {
    long start = System.nanoTime();
    IntervalSampler sampler = new IntervalSampler(measurements, start, 0);
    List<Thread> threads = new ArrayList<>();
    for (int a = 0; a < actorCount; a++) {
      ActorRecorder actor = measurements.newActorRecorder();
      Thread thread = new Thread(() -> {
        for (int i = 0; i < 50_000; i++) {
          actor.recordSuccess(OperationKind.SELECT, 100 + i % 1000);
        }
      });
      threads.add(thread);
      thread.start();
    }
    KeepingSink sink = new KeepingSink();
    for (int i = 0; i < 5; i++) {
      sampler.sample(System.nanoTime(), sink); // sampling while the actors record
    }
    for (Thread thread : threads) {
      thread.join();
    }
    sampler.sample(System.nanoTime(), sink);

    long inIntervals = sink.stats.stream().mapToLong(s -> s.kinds().get(OperationKind.SELECT).count()).sum();
    assertThat(inIntervals).isEqualTo(actorCount * 50_000L);
    assertThat(sampler.totals().kind(OperationKind.SELECT).count()).isEqualTo(actorCount * 50_000L);
  }

  @Test
  void aStripePerActorInstanceRefusesOneActorTooMany() {
    Measurements measurements = Measurements.forActors(2);
    measurements.newActorRecorder();
    measurements.newActorRecorder();
    org.assertj.core.api.Assertions.assertThatIllegalStateException().isThrownBy(measurements::newActorRecorder)
        .withMessage("measurements made for 2 actors, asked for actor 3");
  }

  @Test
  void beyondTheOwnStripeLimitActorsShareStripes() {
    Measurements measurements = Measurements.forActors(Measurements.OWN_STRIPES_UP_TO + 1);
    for (int a = 0; a <= Measurements.OWN_STRIPES_UP_TO; a++) {
      measurements.newActorRecorder();
    }
    assertThat(measurements.stripes()).hasSize(2 * Runtime.getRuntime().availableProcessors());
  }

  @Test
  void anActorCountBelowOneIsRefused() {
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> Measurements.forActors(0))
        .withMessage("actors must be at least 1, got 0");
  }

  @Test
  void aStripeCountBelowOneIsRefused() {
    org.assertj.core.api.Assertions.assertThatIllegalArgumentException().isThrownBy(() -> Measurements.shared(0))
        .withMessage("stripeCount must be at least 1, got 0");
  }
}
