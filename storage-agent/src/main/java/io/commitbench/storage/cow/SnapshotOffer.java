package io.commitbench.storage.cow;

import io.commitbench.storage.snapshot.Snapshot;

/** What the probe finds for a directory ({@link ProbeSnapshots}): a snapshot it can take there, or why it cannot. */
public sealed interface SnapshotOffer {

  /** A snapshot the probe can take. */
  record Available(Snapshot snapshot) implements SnapshotOffer {}

  /**
   * None can be taken.
   *
   * @param reason for the report, e.g. {@code ext4 on /dev/loop3 has no snapshot mechanism the probe can use}
   */
  record Unavailable(String reason) implements SnapshotOffer {}
}
