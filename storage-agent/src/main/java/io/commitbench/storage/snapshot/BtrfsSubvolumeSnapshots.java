package io.commitbench.storage.snapshot;

import io.commitbench.storage.exec.Command;
import java.util.List;

/**
 * Snapshots of a btrfs subvolume: {@code btrfs subvolume snapshot SOURCE LOCATION} (writable,
 * sharing every extent until either side writes). Removal is {@code btrfs subvolume delete
 * LOCATION}, which returns at once; the space is freed in the background, and nothing waits for
 * {@code btrfs subvolume sync} (it can take tens of seconds). {@code btrfs subvolume show}
 * exits 0 exactly for a subvolume.
 */
final class BtrfsSubvolumeSnapshots implements SnapshotBackend {

  private static final String BTRFS = "btrfs";

  @Override
  public String kind() {
    return "btrfs-subvolume";
  }

  @Override
  public List<Command> take(String source, String location, int position, int batch) {
    return List.of(Command.of(BTRFS, "subvolume", "snapshot", source, location));
  }

  @Override
  public List<Command> remove(String location) {
    return List.of(Command.of(BTRFS, "subvolume", "delete", location));
  }

  @Override
  public Command presence(String location) {
    return Command.of(BTRFS, "subvolume", "show", location);
  }

  @Override
  public List<Program> programs() {
    return List.of(new Program(BTRFS, "btrfs-progs"));
  }

  @Override
  public List<String> deviceMapperTargets() {
    return List.of();
  }

  @Override
  public List<String> notes(String source) {
    return List.of("btrfs snapshots share extents with " + source + " until either side writes; "
        + "deleting one returns at once and frees its space in the background");
  }
}
