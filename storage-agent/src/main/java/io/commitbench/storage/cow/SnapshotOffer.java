package io.commitbench.storage.cow;

/** What a backend answers for a directory: a snapshot it can take there, or why it cannot. */
public sealed interface SnapshotOffer {

  /** A snapshot the backend can take. */
  record Available(ProbeSnapshot snapshot) implements SnapshotOffer {}

  /**
   * None can be taken.
   *
   * @param reason for the report, e.g. {@code ext4 on /dev/loop3 has no snapshot mechanism the probe can use}
   */
  record Unavailable(String reason) implements SnapshotOffer {}
}
