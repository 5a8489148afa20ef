package io.commitbench.core.measure;

/**
 * Where one actor records its latencies: a {@link LatencyStripe} of its own, or one shared with
 * the actors whose number falls on the same stripe when there are too many actors for a stripe
 * each ({@link Measurements#forActors}).
 *
 * <p>Thread-safety: one thread at a time may record (the actor's own).
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
