package io.commitbench.storage.cow;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.snapshot.Snapshot;
import io.commitbench.storage.snapshot.SnapshotBackend;
import java.util.List;

/**
 * Stands in for a snapshot mechanism where none can exist in a unit test's temp directory: its
 * snapshot is any pair of real commands ({@code mkdir}/{@code rmdir} to see it made and removed,
 * {@code false} to make it fail), offered to a prepared probe whatever its storage.
 */
record CommandSnapshotBackend(Command take, Command remove) implements SnapshotBackend {

  /** {@code prepared} with this backend's snapshot of its directory at {@code location} offered. */
  PreparedProbe offeredTo(PreparedProbe prepared, String location) {
    Snapshot snapshot = new Snapshot(this, prepared.storage().realPath().toString(), location);
    return new PreparedProbe(prepared.spec(), prepared.storage(), prepared.file(),
        new SnapshotOffer.Available(snapshot), prepared.requiredBytes(), prepared.freeBytes(),
        prepared.cacheActions());
  }

  @Override
  public String kind() {
    return "test";
  }

  @Override
  public List<Command> take(String source, String location, int position, int batch) {
    return List.of(take);
  }

  @Override
  public List<Command> remove(String location) {
    return List.of(remove);
  }

  @Override
  public Command presence(String location) {
    return Command.of("true");
  }

  @Override
  public List<Program> programs() {
    return List.of();
  }

  @Override
  public List<String> deviceMapperTargets() {
    return List.of();
  }

  @Override
  public List<String> notes(String source) {
    return List.of();
  }
}
