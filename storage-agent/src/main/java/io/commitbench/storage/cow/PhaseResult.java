package io.commitbench.storage.cow;

import java.time.Duration;
import java.util.Optional;

/**
 * One timed phase of the probe.
 *
 * @param name {@code fill}, {@code snapshot}, {@code rewrite} or {@code read}
 * @param elapsed wall time of the whole phase, its fsync included
 * @param bytes bytes written or read; 0 for the snapshot
 * @param operations writes (4 KiB) or reads (1 MiB); 0 for the snapshot
 * @param sync the fsync at the end of a write phase, part of {@code elapsed}
 */
public record PhaseResult(String name, Duration elapsed, long bytes, long operations, Optional<Duration> sync) {

  /** Bytes per second over the phase, in MiB; 0 when nothing was moved or no time passed. */
  public double mibPerSecond() {
    return perSecond(bytes) / (1 << 20);
  }

  /** Operations per second over the phase; 0 when there were none. */
  public double operationsPerSecond() {
    return perSecond(operations);
  }

  public double seconds() {
    return elapsed.toNanos() / 1e9;
  }

  private double perSecond(long amount) {
    return amount == 0 || elapsed.isZero() ? 0 : amount / seconds();
  }
}
