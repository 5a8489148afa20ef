package io.commitbench.core.breakdown;

import io.commitbench.core.server.ConnectionSource;
import java.time.Instant;

/**
 * What a kind's wait-event source is built from.
 *
 * @param admin connections as the run's central user, with the run's timeouts; a source opens its
 *     own and never uses the run's admin connection
 * @param runStartedAt when the run began: the run's own sessions are the harness's sessions that
 *     started after it
 * @param sampleHz how often a sampling source may look, at most (its cost's bound)
 */
public record CommitWaitContext(ConnectionSource admin, Instant runStartedAt, int sampleHz) {}
