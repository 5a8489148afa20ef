package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;

/**
 * One way of snapshotting the storage under a directory. The probe asks each backend in turn
 * whether it {@link #handles} the storage; the first that does makes the {@link #offer}.
 */
public interface ProbeSnapshotBackend {

  /** A short name for reports and the list of known mechanisms: {@code btrfs subvolume}. */
  String name();

  /** Whether this storage is this backend's kind (cheap: no commands). */
  boolean handles(PathStorage storage);

  /**
   * A snapshot it would take of the storage holding {@code storage.realPath()}, or why it cannot
   * (tool missing, not privileged, layout it does not support). Runs only read-only commands.
   *
   * @throws IOException when the directory cannot be examined
   */
  SnapshotOffer offer(PathStorage storage, CommandRunner runner) throws IOException;
}
