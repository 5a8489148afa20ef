package io.commitbench.core.results;

/**
 * Latency figures of one histogram as {@code summary.json} holds them, in milliseconds.
 *
 * @param mean mean
 * @param p50 median
 * @param p90 90th percentile
 * @param p99 99th percentile
 * @param p999 99.9th percentile
 * @param max largest value
 */
public record Latency(double mean, double p50, double p90, double p99, double p999, double max) {}
