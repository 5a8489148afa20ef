package io.commitbench.core.config;

import java.util.Optional;

/**
 * What {@code run} runs: the configuration of the parameter file and, with {@code sweep.key}, the
 * configuration of every value of the sweep.
 *
 * @param config the file's configuration (a sweep's group folder is its {@code run.id})
 * @param sweep the sweep, when {@code sweep.key} is set
 */
public record RunPlan(BenchmarkConfig config, Optional<Sweep> sweep) {}
