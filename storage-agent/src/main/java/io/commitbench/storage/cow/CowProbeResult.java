package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Everything one probe measured and did.
 *
 * @param spec what was asked
 * @param storage where the directory is stored (mount, filesystem, devices)
 * @param file the probe file (deleted afterwards unless {@code spec.keep()})
 * @param startedAt when the fill began
 * @param phases fill, snapshot (only when one was taken), rewrite, read, in that order
 * @param extentsAfterFill extents before the rewrite
 * @param extentsAfterRewrite extents after the rewrite
 * @param snapshot what became of the snapshot
 * @param cache what was done to the page cache before the read
 * @param fileKept whether the file was left behind
 */
public record CowProbeResult(CowProbeSpec spec, PathStorage storage, Path file, Instant startedAt,
    List<PhaseResult> phases, ExtentCount extentsAfterFill, ExtentCount extentsAfterRewrite, SnapshotOutcome snapshot,
    CacheState cache, boolean fileKept) {

  public CowProbeResult {
    phases = List.copyOf(phases);
  }

  /** The phase named {@code name}, if it ran. */
  public Optional<PhaseResult> phase(String name) {
    return phases.stream().filter(p -> p.name().equals(name)).findFirst();
  }
}
