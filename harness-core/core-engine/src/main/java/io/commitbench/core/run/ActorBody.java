package io.commitbench.core.run;

import io.commitbench.core.measure.ActorCycleTimes;

/**
 * What one actor does. {@link ActorGroup} calls it from the actor's own thread only: {@code open}
 * once, {@code runCycle} once per cycle at the actor's staggered start, {@code close} at the end
 * (also after a failure).
 */
public interface ActorBody extends AutoCloseable {

  /** Prepares the actor (connects); not measured. */
  void open() throws Exception;

  /**
   * Runs one cycle's work.
   *
   * @param cycle 1-based cycle number
   * @return the actor's times in this cycle, or null when it stopped early on the stop signal
   *     (a partial cycle is not part of the paper's averages)
   */
  ActorCycleTimes runCycle(int cycle) throws Exception;

  @Override
  void close();
}
