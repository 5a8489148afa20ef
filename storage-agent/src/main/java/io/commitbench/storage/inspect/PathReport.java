package io.commitbench.storage.inspect;

import io.commitbench.core.host.PathStorage;
import java.util.Optional;

/**
 * What {@code storage inspect} found for one path: where it is stored and, when asked for, the
 * measured commit floor of that directory.
 *
 * @param storage mount, filesystem, device chain and space, as {@code StorageLocator} read them
 * @param probe the fdatasync probe, empty when not asked for
 */
public record PathReport(PathStorage storage, Optional<ProbeResult> probe) {}
