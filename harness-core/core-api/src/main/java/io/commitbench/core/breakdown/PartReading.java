package io.commitbench.core.breakdown;

/**
 * What one source measured of one part of the commits' time over the measured window.
 *
 * <p>A wait-event source gives the time the run's sessions spent in the part, summed over the
 * sessions ({@link Basis#TOTAL}): the split divides it by the commits. A source that times the
 * part itself, once per event (the round-trip probe, a log sync seen by the kernel), gives its
 * mean, and its percentiles where it has them ({@link Basis#PER_EVENT}).
 *
 * @param name one of {@link CommitParts}
 * @param basis how {@code millis} is meant
 * @param millis the total, or the mean per event, in milliseconds
 * @param p50Millis the median per event, or null
 * @param p99Millis the 99th percentile per event, or null
 * @param events how many samples or events it rests on
 * @param source what measured it and how, in words ({@code pg_wait_sampling IO:WALSync, 10 ms period})
 */
public record PartReading(String name, Basis basis, double millis, Double p50Millis, Double p99Millis, long events,
    String source) {

  /** How a reading's {@code millis} is meant. */
  public enum Basis {
    /** Summed over the run's sessions over the window. */
    TOTAL,
    /** The mean of one event (one probe, one sync), which each commit waits for once. */
    PER_EVENT
  }

  /** Time summed over the run's sessions. */
  public static PartReading total(String name, double totalMillis, long samples, String source) {
    return new PartReading(name, Basis.TOTAL, totalMillis, null, null, samples, source);
  }

  /** A mean per event, with its percentiles. */
  public static PartReading perEvent(String name, double meanMillis, Double p50Millis, Double p99Millis, long events,
      String source) {
    return new PartReading(name, Basis.PER_EVENT, meanMillis, p50Millis, p99Millis, events, source);
  }
}
