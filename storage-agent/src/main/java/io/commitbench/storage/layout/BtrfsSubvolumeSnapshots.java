package io.commitbench.storage.layout;

import io.commitbench.storage.exec.Command;
import java.util.List;

/**
 * Snapshots of the data subvolume: {@code btrfs subvolume snapshot ROOT/mnt/data ROOT/mnt/snapN}
 * (writable, sharing every extent until either side writes). Removal is
 * {@code btrfs subvolume delete}, which returns at once; the space is freed in the background, and
 * nothing waits for {@code btrfs subvolume sync} (it can take ~30 s, lab-machine.md).
 */
public final class BtrfsSubvolumeSnapshots implements SnapshotBackend {

  @Override
  public String kind() {
    return "btrfs-subvolume";
  }

  @Override
  public String location(LayoutSpec spec, int number) {
    return spec.mountPoint().resolve(SnapshotBackend.name(number)).toString();
  }

  @Override
  public List<Command> create(LayoutSpec spec, int number, int position, int batch) {
    return List.of(Command.of("btrfs", "subvolume", "snapshot", spec.dataDir().toString(), location(spec, number)));
  }

  @Override
  public List<Command> remove(LayoutSpec spec, int number) {
    return List.of(Command.of("btrfs", "subvolume", "delete", location(spec, number)));
  }

  @Override
  public Command presence(LayoutSpec spec, int number) {
    return Command.of("btrfs", "subvolume", "show", location(spec, number));
  }

  @Override
  public List<Program> programs() {
    return List.of(new Program("btrfs", "btrfs-progs"));
  }

  @Override
  public List<String> deviceMapperTargets() {
    return List.of();
  }

  @Override
  public List<String> notes(LayoutSpec spec) {
    return List.of("btrfs snapshots share extents with " + spec.dataDir() + " until either side writes; "
        + "deleting one returns at once and frees its space in the background");
  }
}
