package io.commitbench.core.measure;

import io.commitbench.core.dialect.ErrorClass;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * The live side of measurement: every actor records into it concurrently, without locks
 * (latencies through its {@link ActorRecorder} into a {@link LatencyStripe}, counts into
 * {@link LongAdder}s). Only an {@link IntervalSampler} reads it.
 *
 * <p>Up to {@link #OWN_STRIPES_UP_TO} actors, each actor records into a stripe of its own, with no
 * atomic operation another actor touches. Above that, actors share a fixed number of stripes,
 * which bounds memory: a stripe holds two histograms per operation kind, each up to 216 KB
 * (shared: 432 KB) at three significant digits, growing with the largest latency recorded.
 * Sharing costs time: in the harness-overhead benchmark (H2 in memory, 10 actors on 2 cores,
 * about 6 µs per statement) 10 actors sharing 4 stripes ran 2 to 3 % slower than with a stripe
 * each, because the two running threads kept taking each other's cache lines.
 *
 * <p>Thread-safety: {@link #newActorRecorder} and all {@code record*} methods may be called from
 * any number of threads; each {@link ActorRecorder} from one thread at a time.
 */
public final class Measurements {

  /** Three significant digits: 1 µs resolution at 1 ms, 1 ms at 1 s. */
  static final int SIGNIFICANT_DIGITS = 3;

  /** The most actors that each get a stripe of their own ({@link #forActors}). */
  public static final int OWN_STRIPES_UP_TO = 32;

  private final List<LatencyStripe> stripes;
  /** Each actor has its own stripe: no more actors than stripes. */
  private final boolean stripePerActor;
  private final AtomicInteger actors = new AtomicInteger();
  private final Map<OperationKind, Map<ErrorClass, LongAdder>> errors = new EnumMap<>(OperationKind.class);
  private final LongAdder transactions = new LongAdder();
  private final LongAdder reconnects = new LongAdder();

  /**
   * For a run of {@code actors} actors: a stripe per actor up to {@link #OWN_STRIPES_UP_TO}
   * actors, else stripes for twice as many actors as can run at once, so that few share one at
   * any instant.
   */
  public static Measurements forActors(int actors) {
    if (actors < 1) {
      throw new IllegalArgumentException("actors must be at least 1, got " + actors);
    }
    if (actors <= OWN_STRIPES_UP_TO) {
      return new Measurements(actors, true);
    }
    return shared(2 * Runtime.getRuntime().availableProcessors());
  }

  /** {@code stripeCount} stripes, which any number of actors share in turn. */
  public static Measurements shared(int stripeCount) {
    if (stripeCount < 1) {
      throw new IllegalArgumentException("stripeCount must be at least 1, got " + stripeCount);
    }
    return new Measurements(stripeCount, false);
  }

  private Measurements(int stripeCount, boolean stripePerActor) {
    this.stripePerActor = stripePerActor;
    List<LatencyStripe> created = new ArrayList<>();
    for (int i = 0; i < stripeCount; i++) {
      created.add(stripePerActor ? LatencyStripe.singleWriter() : LatencyStripe.shared());
    }
    stripes = List.copyOf(created);
    for (OperationKind kind : OperationKind.values()) {
      Map<ErrorClass, LongAdder> byClass = new EnumMap<>(ErrorClass.class);
      for (ErrorClass errorClass : ErrorClass.values()) {
        byClass.put(errorClass, new LongAdder());
      }
      errors.put(kind, byClass);
    }
  }

  /**
   * Where one more actor records its latencies: its own stripe, or the next shared one in turn.
   *
   * @throws IllegalStateException when every stripe of a stripe-per-actor instance is taken
   */
  public ActorRecorder newActorRecorder() {
    int actor = actors.getAndIncrement();
    if (stripePerActor && actor >= stripes.size()) {
      throw new IllegalStateException("measurements made for " + stripes.size() + " actors, asked for actor "
          + (actor + 1));
    }
    return new ActorRecorder(stripes.get(actor % stripes.size()));
  }

  public void recordError(OperationKind kind, ErrorClass errorClass) {
    errors.get(kind).get(errorClass).increment();
  }

  /** A committed transaction (see {@link RunTotals#transactions()} for what counts as one). */
  public void recordTransaction() {
    transactions.increment();
  }

  public void recordReconnect() {
    reconnects.increment();
  }

  List<LatencyStripe> stripes() {
    return stripes;
  }

  long errors(OperationKind kind, ErrorClass errorClass) {
    return errors.get(kind).get(errorClass).sum();
  }

  long transactions() {
    return transactions.sum();
  }

  long reconnects() {
    return reconnects.sum();
  }
}
