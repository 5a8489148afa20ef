package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;

/** Picks the snapshot backend for a directory's storage from an ordered list. Immutable and thread-safe. */
public final class ProbeSnapshots {

  private final List<ProbeSnapshotBackend> backends;

  public ProbeSnapshots(List<ProbeSnapshotBackend> backends) {
    this.backends = List.copyOf(backends);
  }

  /** The backends this build has: btrfs subvolumes. */
  public static ProbeSnapshots standard() {
    return new ProbeSnapshots(List.of(new BtrfsSnapshotBackend()));
  }

  /**
   * The offer of the first backend that handles the storage, or an {@link SnapshotOffer.Unavailable}
   * naming the filesystem, its source and the mechanisms known.
   */
  public SnapshotOffer offer(PathStorage storage, CommandRunner runner) throws IOException {
    for (ProbeSnapshotBackend backend : backends) {
      if (backend.handles(storage)) {
        return backend.offer(storage, runner);
      }
    }
    return new SnapshotOffer.Unavailable(storage.mount().filesystem() + " on " + storage.mount().source()
        + " has no snapshot mechanism the probe can use (it knows: "
        + backends.stream().map(ProbeSnapshotBackend::name).collect(Collectors.joining(", ")) + ")");
  }
}
