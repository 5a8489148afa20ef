package io.commitbench.core.results;

/**
 * One transaction type's figures from {@code summary.json}.
 *
 * @param response from the intended start, or null when no transaction of the type succeeded
 * @param service from the actual start, or null
 */
public record TypeFigures(String name, long count, long errors, long retries, Latency response, Latency service) {}
