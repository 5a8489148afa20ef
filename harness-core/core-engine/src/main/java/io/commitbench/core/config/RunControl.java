package io.commitbench.core.config;

/**
 * How long a run lasts and how its actors pace themselves, the same for every workload.
 *
 * @param durationSeconds seconds of measurement after the warm-up; 0 for a count-based run
 * @param transactions transactions of a count-based run without cycles, over all actors; 0 when
 *     not set (time-based, or counted in cycles)
 * @param warmupSeconds seconds of warm-up (measured, excluded from the results); 0 for none
 * @param rate target transactions per second of the whole run; 0 for a closed loop
 * @param poissonArrivals with a rate: exponential gaps between intended starts, else even ones
 * @param backlogSeconds with a rate: how far an actor may fall behind before arrivals are shed
 * @param backlogFails with a rate: fail the run rather than shed
 * @param thinkMillis milliseconds between one actor's transactions; 0 for none
 * @param exponentialThink think times drawn from an exponential distribution with that mean
 * @param retryMax retries of a transaction that failed with a deadlock or serialization failure
 * @param rateTolerancePercent with a rate: how many percent the achieved rate may fall short of it
 *     before the run is said to have missed it
 * @param rateMissFails with a rate: a run that missed it fails instead of ending with a warning
 */
public record RunControl(long durationSeconds, long transactions, long warmupSeconds, long rate,
    boolean poissonArrivals, long backlogSeconds, boolean backlogFails, long thinkMillis, boolean exponentialThink,
    int retryMax, int rateTolerancePercent, boolean rateMissFails) {

  /** A count-based closed loop without warm-up or retries: the paper's testframe as it was. */
  public static RunControl counted() {
    return new RunControl(0, 0, 0, 0, false, 10, false, 0, false, 0,
        io.commitbench.core.key.ParameterKeys.RATE_TOLERANCE_DEFAULT, false);
  }

  public boolean timed() {
    return durationSeconds > 0;
  }

  public boolean rated() {
    return rate > 0;
  }
}
