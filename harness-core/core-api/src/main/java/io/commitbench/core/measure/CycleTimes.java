package io.commitbench.core.measure;

/**
 * One repeat cycle: from the moment the first actor is released to the moment the last actor
 * finishes, in nanoseconds.
 *
 * @param cycle 1-based cycle number
 * @param nanos the cycle's wall time
 */
public record CycleTimes(int cycle, long nanos) {}
