package io.commitbench.core.run;

/**
 * When each actor starts within a cycle: actor {@code i} (0-based) is released
 * {@code i × sleep} after the cycle starts, as the paper's actors start "one time unit apart".
 *
 * @param actors number of actors
 * @param staggerNanos the paper's {@code sleep}, in nanoseconds
 * @param cycles the most cycles (the paper's {@code repeat}; {@link Integer#MAX_VALUE} when the run is timed)
 */
public record ActorSchedule(int actors, long staggerNanos, int cycles) {

  public ActorSchedule {
    if (actors < 1 || staggerNanos < 0 || cycles < 1) {
      throw new IllegalArgumentException("actors=" + actors + " stagger=" + staggerNanos + " cycles=" + cycles);
    }
  }

  /** Offset of actor {@code index} (0-based) from the start of its cycle. */
  public long startOffsetNanos(int index) {
    return index * staggerNanos;
  }
}
