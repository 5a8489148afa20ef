package io.commitbench.storage.cow;

import io.commitbench.storage.snapshot.Snapshot;
import java.util.Optional;

/**
 * What became of the snapshot step.
 *
 * @param snapshot the snapshot taken, when one was
 * @param reason why none was taken ({@code --snapshot none}, or the reason found), else empty
 * @param removed whether the probe removed the snapshot it took (false when none was taken)
 * @param removeFailure why removing it failed, else empty; the snapshot is then still there
 */
public record SnapshotOutcome(Optional<Snapshot> snapshot, String reason, boolean removed, String removeFailure) {

  static SnapshotOutcome notTaken(String reason) {
    return new SnapshotOutcome(Optional.empty(), reason, false, "");
  }

  public boolean taken() {
    return snapshot.isPresent();
  }
}
