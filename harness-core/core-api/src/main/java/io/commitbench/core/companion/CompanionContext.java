package io.commitbench.core.companion;

import io.commitbench.core.server.ConnectionSource;
import io.commitbench.core.workload.WorkloadSettings;

/**
 * What a companion is built from.
 *
 * @param settings every key's validated, typed value, the provider's own among them
 * @param databaseKind the run's {@code db.type} (a dialect's name), for providers with one
 *     implementation per kind
 * @param admin connections as the run's central user, with the run's connect and read timeouts
 */
public record CompanionContext(WorkloadSettings settings, String databaseKind, ConnectionSource admin) {}
