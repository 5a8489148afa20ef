package io.commitbench.core.run;

import io.commitbench.core.config.RunControl;
import java.util.SplittableRandom;

/**
 * When an actor's next transaction is meant to start. In a closed loop that is when its last
 * transaction ended, plus the think time; in an open loop (a target rate) it is the next arrival
 * of the actor's schedule, whether or not the last transaction has ended, so that latency counts
 * from the moment a user would have asked, not from when the harness got round to it
 * (coordinated omission). Confined to the actor's thread.
 */
abstract class Pacing {

  /** Restarts the schedule at the actor's release (the start of each cycle). */
  abstract void anchor(long nowNanos);

  /** The intended start of the next transaction; in an open loop it may already be past. */
  abstract long nextIntendedStart();

  /** The transaction that started last ended at {@code endNanos}. */
  abstract void finished(long endNanos);

  /**
   * Whether every transaction is due the moment the one before it ended (a closed loop without
   * think time): there is then nothing to wait for and no backlog, so the actor reads no clock
   * before a transaction.
   */
  abstract boolean dueAtOnce();

  /**
   * The pacing of actor {@code index} of {@code actors}: open at {@code rate / actors} per second
   * when a rate is set (offset so that uniform arrivals of all actors interleave evenly), closed
   * otherwise.
   */
  static Pacing of(RunControl control, int index, int actors) {
    SplittableRandom random = new SplittableRandom(0x5eedL * 31 + index);
    if (control.rated()) {
      double gap = 1e9 * actors / control.rate();
      return new OpenLoop(new ArrivalSchedule(gap, control.poissonArrivals(), random),
          control.poissonArrivals() ? 0 : (long) (gap * index / actors));
    }
    return new ClosedLoop(control.thinkMillis() * 1_000_000L, control.exponentialThink(), random);
  }

  /** Arrivals at a mean gap: evenly spaced, or exponential gaps (a Poisson process). */
  static final class ArrivalSchedule {
    private final double meanGapNanos;
    private final boolean poisson;
    private final SplittableRandom random;
    /** Fractional nanoseconds are kept, so a rate that does not divide a second is met exactly. */
    private double next;

    ArrivalSchedule(double meanGapNanos, boolean poisson, SplittableRandom random) {
      this.meanGapNanos = meanGapNanos;
      this.poisson = poisson;
      this.random = random;
    }

    void anchor(long startNanos) {
      next = startNanos;
    }

    long next() {
      long arrival = (long) next;
      next += poisson ? -Math.log(1.0 - random.nextDouble()) * meanGapNanos : meanGapNanos;
      return arrival;
    }
  }

  private static final class OpenLoop extends Pacing {
    private final ArrivalSchedule schedule;
    private final long offsetNanos;

    OpenLoop(ArrivalSchedule schedule, long offsetNanos) {
      this.schedule = schedule;
      this.offsetNanos = offsetNanos;
    }

    @Override
    void anchor(long nowNanos) {
      schedule.anchor(nowNanos + offsetNanos);
    }

    @Override
    long nextIntendedStart() {
      return schedule.next();
    }

    @Override
    void finished(long endNanos) {}

    @Override
    boolean dueAtOnce() {
      return false;
    }
  }

  private static final class ClosedLoop extends Pacing {
    private final long thinkNanos;
    private final boolean exponential;
    private final SplittableRandom random;
    private long next;

    ClosedLoop(long thinkNanos, boolean exponential, SplittableRandom random) {
      this.thinkNanos = thinkNanos;
      this.exponential = exponential;
      this.random = random;
    }

    @Override
    void anchor(long nowNanos) {
      next = nowNanos;
    }

    @Override
    long nextIntendedStart() {
      return next;
    }

    @Override
    void finished(long endNanos) {
      long think = exponential && thinkNanos > 0
          ? (long) (-Math.log(1.0 - random.nextDouble()) * thinkNanos) : thinkNanos;
      next = endNanos + think;
    }

    @Override
    boolean dueAtOnce() {
      return thinkNanos == 0;
    }
  }
}
