package io.commitbench.core.run;

import io.commitbench.core.config.RunControl;
import io.commitbench.core.measure.Phase;
import java.util.OptionalInt;

/**
 * Where a run stands: warm-up or measurement, which cycle, how long to go. A workload in cycles
 * (the paper's) warms up in whole cycles: every cycle that starts before the warm-up time has
 * passed is a warm-up cycle, and the measured cycles are numbered from 1 after them. A workload
 * without cycles runs one long cycle, and its warm-up ends by the clock.
 *
 * <p>Thread-safety: {@link #cycleStarting} from the coordinating thread; the rest from any.
 */
final class RunPhases {

  /** The stop reason of a timed run that reached its end: not a failure. */
  static final String DURATION_REACHED = "duration reached";

  /** What {@link #cycleStarting} decided. */
  enum CycleStart {
    /** The run is over. */
    NONE,
    WARMUP,
    FIRST_MEASURED,
    MEASURED
  }

  private final RunControl control;
  private final OptionalInt cycles;
  private final boolean inCycles;
  private volatile long startNanos;
  private volatile long measurementStartNanos;
  private volatile boolean measuring;
  private volatile int warmupCycles;
  private volatile int currentCycle;

  /**
   * @param cycles measured cycles of a count-based workload in cycles; empty when timed, or
   *     without cycles
   * @param inCycles whether the workload runs in cycles
   */
  RunPhases(RunControl control, OptionalInt cycles, boolean inCycles) {
    this.control = control;
    this.cycles = cycles;
    this.inCycles = inCycles;
  }

  void started(long nanos) {
    startNanos = nanos;
  }

  void measurementBegan(long nanos) {
    measurementStartNanos = nanos;
    measuring = true;
  }

  CycleStart cycleStarting(int cycle, long nowNanos) {
    CycleStart start = decide(cycle, nowNanos);
    if (start != CycleStart.NONE) {
      currentCycle = cycle;
    }
    return start;
  }

  private CycleStart decide(int cycle, long nowNanos) {
    boolean warmup = control.warmupSeconds() > 0;
    if (!inCycles) {
      return cycle > 1 ? CycleStart.NONE : warmup ? CycleStart.WARMUP : CycleStart.MEASURED;
    }
    // Only the coordinating thread writes warmupCycles.
    boolean warming = warmup && warmupCycles == cycle - 1 && !measuring;
    if (warming && (cycle == 1 || nowNanos - startNanos < control.warmupSeconds() * 1_000_000_000L)) {
      warmupCycles = cycle;
      return CycleStart.WARMUP;
    }
    int measured = cycle - warmupCycles;
    if (cycles.isPresent() && measured > cycles.getAsInt()) {
      return CycleStart.NONE;
    }
    return warming ? CycleStart.FIRST_MEASURED : CycleStart.MEASURED;
  }

  /** The measured number of a cycle counted from the start of the run; empty for a warm-up cycle. */
  OptionalInt measuredCycle(int cycle) {
    return cycle > warmupCycles ? OptionalInt.of(cycle - warmupCycles) : OptionalInt.empty();
  }

  /** A measured cycle as printed: {@code 2/3}, or {@code 2} in a timed run. */
  String cycleLabel(int measured) {
    return cycles.isPresent() ? measured + "/" + cycles.getAsInt() : Integer.toString(measured);
  }

  /**
   * Where the run is at the end of an interval of {@code phase}, for the progress line (once per
   * interval: no String.format, see Decimals). The warm-up's last interval is printed after the
   * measurement began, so it gets the warm-up's end, not the measurement's first moment, which
   * would label it {@code 0/3 s}, or {@code cycle 1} in the paper's workload.
   */
  String position(Phase phase) {
    if (phase == Phase.WARMUP && measuring) {
      return inCycles ? "warm-up cycle " + warmupCycles
          : "warm-up " + control.warmupSeconds() + "/" + control.warmupSeconds() + " s";
    }
    long now = System.nanoTime();
    if (!measuring) {
      return inCycles ? "warm-up cycle " + currentCycle
          : "warm-up " + Math.round((now - startNanos) / 1e9) + "/" + control.warmupSeconds() + " s";
    }
    if (inCycles) {
      return "cycle " + cycleLabel(Math.max(1, currentCycle - warmupCycles));
    }
    long elapsed = Math.round((now - measurementStartNanos) / 1e9);
    if (control.timed()) {
      // The window ends at the duration, however long the run then takes to stop.
      elapsed = Math.min(elapsed, control.durationSeconds());
    }
    return control.timed() ? elapsed + "/" + control.durationSeconds() + " s" : elapsed + " s";
  }
}
