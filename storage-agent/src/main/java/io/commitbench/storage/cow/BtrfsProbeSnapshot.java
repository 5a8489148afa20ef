package io.commitbench.storage.cow;

import io.commitbench.storage.exec.Command;
import java.nio.file.Path;

/**
 * A btrfs snapshot of the subvolume holding the probe's directory: {@code btrfs subvolume
 * snapshot SUBVOLUME DESTINATION}, writable as in the article, removed with {@code btrfs subvolume
 * delete DESTINATION}. Deletion returns at once; btrfs frees the space in the background.
 *
 * @param program the {@code btrfs} program to run
 * @param subvolume the subvolume's root directory
 * @param destination where the snapshot goes; nothing is there yet
 */
record BtrfsProbeSnapshot(String program, Path subvolume, Path destination) implements ProbeSnapshot {

  @Override
  public String kind() {
    return "btrfs subvolume snapshot";
  }

  @Override
  public String source() {
    return subvolume.toString();
  }

  @Override
  public String location() {
    return destination.toString();
  }

  @Override
  public Command take() {
    return Command.of(program, "subvolume", "snapshot", subvolume.toString(), destination.toString());
  }

  @Override
  public Command remove() {
    return Command.of(program, "subvolume", "delete", destination.toString());
  }
}
