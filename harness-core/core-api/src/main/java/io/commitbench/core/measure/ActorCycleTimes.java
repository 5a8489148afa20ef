package io.commitbench.core.measure;

/**
 * What one actor did in one cycle, for the paper's averages. All values are nanoseconds.
 *
 * @param cycle 1-based cycle number
 * @param actor 1-based actor number
 * @param actorNanos from the start of the actor's first insert to the end of its last delete
 *     (its whole work in the cycle, commits included)
 * @param insertNanos sum of the actor's insert latencies in the cycle
 * @param selectNanos sum of its select latencies
 * @param updateNanos sum of its update latencies
 * @param deleteNanos sum of its delete latencies
 */
public record ActorCycleTimes(
    int cycle, int actor, long actorNanos, long insertNanos, long selectNanos, long updateNanos, long deleteNanos) {

  /** The same figures under another cycle number (warm-up cycles are not counted). */
  public ActorCycleTimes renumbered(int measuredCycle) {
    return new ActorCycleTimes(measuredCycle, actor, actorNanos, insertNanos, selectNanos, updateNanos, deleteNanos);
  }

  /** The summed latency of one DML kind; COMMIT is not part of the paper's figures. */
  public long nanosOf(OperationKind kind) {
    return switch (kind) {
      case INSERT -> insertNanos;
      case SELECT -> selectNanos;
      case UPDATE -> updateNanos;
      case DELETE -> deleteNanos;
      case COMMIT -> throw new IllegalArgumentException("the paper's figures have no commit time");
    };
  }
}
