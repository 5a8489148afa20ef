package io.commitbench.core.measure;

/**
 * Where one actor records its latencies: one of a fixed number of {@link LatencyStripe}s, shared
 * with the actors whose number falls on the same stripe. Striping bounds memory (a histogram is
 * ~200 KB; one set per actor would be gigabytes for thousands of actors) while keeping the
 * atomic counters an actor writes away from most other actors' cache lines.
 *
 * <p>Thread-safety: any thread may record.
 */
public final class ActorRecorder {

  private final LatencyStripe stripe;

  ActorRecorder(LatencyStripe stripe) {
    this.stripe = stripe;
  }

  /** A successful operation and how long it took. */
  public void recordSuccess(OperationKind kind, long latencyNanos) {
    stripe.record(kind, latencyNanos);
  }
}
