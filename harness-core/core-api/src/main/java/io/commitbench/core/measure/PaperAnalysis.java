package io.commitbench.core.measure;

import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The figures of the paper's "Benchmark Overall Analysis", computed from the cycles and
 * actor-cycles of one run. Kept apart from the modern statistics so the paper's block can be
 * compared line by line with the original testframe's output. All values are milliseconds.
 *
 * <p>An average over nothing is {@link Double#NaN} (shown as {@code n/a}), never 0, because a run
 * that failed in setup measured nothing and must not look infinitely fast.
 *
 * <pre>{@code
 * PaperAnalysis a = PaperAnalysis.of(result.cycles(), result.actorCycles());
 * double perCycle = a.averageOverallMillis();
 * }</pre>
 *
 * @param overallMillis sum of the wall times of all cycles (each from releasing its first actor
 *     to the end of its last actor); 0 when no cycle finished
 * @param averageOverallMillis {@code overallMillis} divided by the number of cycles
 * @param averageActorMillis mean of {@link ActorCycleTimes#actorNanos()} over all actor-cycles:
 *     how long one actor took for its whole work in one cycle, commits included
 * @param averageActorInsertMillis mean over all actor-cycles of the actor's summed insert
 *     latencies in that cycle
 * @param averageActorSelectMillis the same for selects
 * @param averageActorUpdateMillis the same for updates
 * @param averageActorDeleteMillis the same for deletes
 * @param cycles number of cycles the figures cover
 * @param actorCycles number of actor-cycles the actor figures cover
 */
public record PaperAnalysis(
    double overallMillis,
    double averageOverallMillis,
    double averageActorMillis,
    double averageActorInsertMillis,
    double averageActorSelectMillis,
    double averageActorUpdateMillis,
    double averageActorDeleteMillis,
    int cycles,
    int actorCycles) {

  private static final double NANOS_PER_MILLI = 1_000_000.0;

  /** Computes the figures; neither list is modified. */
  public static PaperAnalysis of(List<CycleTimes> cycles, List<ActorCycleTimes> actorCycles) {
    long overallNanos = cycles.stream().mapToLong(CycleTimes::nanos).sum();
    return new PaperAnalysis(
        overallNanos / NANOS_PER_MILLI,
        meanMillis(overallNanos, cycles.size()),
        meanMillis(actorCycles, ActorCycleTimes::actorNanos),
        meanMillis(actorCycles, ActorCycleTimes::insertNanos),
        meanMillis(actorCycles, ActorCycleTimes::selectNanos),
        meanMillis(actorCycles, ActorCycleTimes::updateNanos),
        meanMillis(actorCycles, ActorCycleTimes::deleteNanos),
        cycles.size(),
        actorCycles.size());
  }

  /**
   * The part of {@link #overallMillis} that is the {@code sleep} schedule rather than work: each
   * cycle releases its last actor {@code (users - 1) × sleep} after its first, so every cycle lasts
   * at least that long whatever the storage does. 0 with one actor, no sleep or nothing measured;
   * at most 1.
   */
  public double scheduleShare(int users, long sleepMillis) {
    if (overallMillis <= 0 || users < 2 || sleepMillis <= 0) {
      return 0;
    }
    return Math.min(1.0, scheduleMillisPerCycle(users, sleepMillis) * cycles / overallMillis);
  }

  /** {@code (users - 1) × sleep}: how long each cycle takes to release all its actors. */
  public static long scheduleMillisPerCycle(int users, long sleepMillis) {
    return Math.max(0, users - 1) * Math.max(0, sleepMillis);
  }

  private static double meanMillis(List<ActorCycleTimes> actorCycles, ToLongFunction<ActorCycleTimes> nanos) {
    return meanMillis(actorCycles.stream().mapToLong(nanos).sum(), actorCycles.size());
  }

  private static double meanMillis(long sumNanos, int count) {
    return count == 0 ? Double.NaN : sumNanos / NANOS_PER_MILLI / count;
  }
}
