package io.commitbench.storage.cow;

import io.commitbench.core.host.PathStorage;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;

/**
 * Stands in for a snapshot mechanism where none can exist in a unit test's temp directory: a
 * backend for every storage whose snapshot is any pair of real commands ({@code mkdir}/{@code
 * rmdir} to see it made and removed, {@code false} to make it fail).
 */
record CommandSnapshotBackend(String location, Command take, Command remove) implements ProbeSnapshotBackend {

  @Override
  public String name() {
    return "test commands";
  }

  @Override
  public boolean handles(PathStorage storage) {
    return true;
  }

  @Override
  public SnapshotOffer offer(PathStorage storage, CommandRunner runner) {
    return new SnapshotOffer.Available(new ProbeSnapshot() {
      @Override
      public String kind() {
        return "test snapshot";
      }

      @Override
      public String source() {
        return storage.realPath().toString();
      }

      @Override
      public String location() {
        return location;
      }

      @Override
      public Command take() {
        return take;
      }

      @Override
      public Command remove() {
        return remove;
      }
    });
  }
}
