package io.commitbench.core.measure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The live side of measurement: every actor records into it through its own {@link
 * ActorRecorder}, without locks, into a {@link LatencyStripe}. Only an {@link IntervalSampler}
 * reads it.
 *
 * <p>Up to {@link #OWN_STRIPES_UP_TO} actors, each actor records into a stripe of its own, with no
 * atomic operation another actor touches. Above that, actors share a fixed number of stripes
 * (taking the stripe's lock once per transaction), which bounds memory: a stripe holds two
 * buckets, each with a histogram per statement kind and three per transaction type, each up to
 * about 200 KB at three significant digits, growing with the largest latency recorded. Sharing
 * costs time: in {@code HarnessOverhead} (H2 in memory, 10 actors on 2 cores) 10 actors sharing 4
 * stripes run 2 to 3 % slower than with a stripe each.
 *
 * <p>Thread-safety: {@link #newActorRecorder} may be called from any thread; each {@link
 * ActorRecorder} from one thread at a time.
 */
public final class Measurements {

  /** Three significant digits: 1 µs resolution at 1 ms, 1 ms at 1 s. */
  static final int SIGNIFICANT_DIGITS = 3;

  /** The most actors that each get a stripe of their own ({@link #forActors}). */
  public static final int OWN_STRIPES_UP_TO = 32;

  private final List<LatencyStripe> stripes;
  private final boolean stripePerActor;
  private final List<String> transactionTypes;
  private final AtomicInteger actors = new AtomicInteger();

  /**
   * For a run of {@code actors} actors running the given transaction types: a stripe per actor up
   * to {@link #OWN_STRIPES_UP_TO} actors, else stripes for twice as many actors as can run at
   * once, so that few share one at any instant.
   */
  public static Measurements forActors(int actors, List<String> transactionTypes) {
    if (actors < 1) {
      throw new IllegalArgumentException("actors must be at least 1, got " + actors);
    }
    if (actors <= OWN_STRIPES_UP_TO) {
      return new Measurements(actors, true, transactionTypes);
    }
    return shared(2 * Runtime.getRuntime().availableProcessors(), transactionTypes);
  }

  /** {@code stripeCount} stripes, which any number of actors share in turn. */
  public static Measurements shared(int stripeCount, List<String> transactionTypes) {
    if (stripeCount < 1) {
      throw new IllegalArgumentException("stripeCount must be at least 1, got " + stripeCount);
    }
    return new Measurements(stripeCount, false, transactionTypes);
  }

  private Measurements(int stripeCount, boolean stripePerActor, List<String> transactionTypes) {
    if (transactionTypes.isEmpty()) {
      throw new IllegalArgumentException("a workload needs at least one transaction type");
    }
    this.stripePerActor = stripePerActor;
    this.transactionTypes = List.copyOf(transactionTypes);
    List<LatencyStripe> created = new ArrayList<>();
    for (int i = 0; i < stripeCount; i++) {
      created.add(stripePerActor ? LatencyStripe.singleWriter(transactionTypes.size())
          : LatencyStripe.shared(transactionTypes.size()));
    }
    stripes = List.copyOf(created);
  }

  /**
   * Where one more actor records: its own stripe, or the next shared one in turn.
   *
   * @throws IllegalStateException when every stripe of a stripe-per-actor instance is taken
   */
  public ActorRecorder newActorRecorder() {
    int actor = actors.getAndIncrement();
    if (stripePerActor && actor >= stripes.size()) {
      throw new IllegalStateException("measurements made for " + stripes.size() + " actors, asked for actor "
          + (actor + 1));
    }
    return new ActorRecorder(stripes.get(actor % stripes.size()), transactionTypes.size());
  }

  /** The workload's transaction types, by index. */
  public List<String> transactionTypes() {
    return transactionTypes;
  }

  List<LatencyStripe> stripes() {
    return stripes;
  }
}
