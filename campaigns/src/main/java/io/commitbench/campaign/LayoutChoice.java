package io.commitbench.campaign;

import io.commitbench.storage.layout.LayoutFilesystem;
import io.commitbench.storage.layout.VolumeManager;
import java.util.List;

/**
 * One layout of a campaign: a volume manager, a filesystem and the disk counts to build it over.
 *
 * @param manager how the disks are combined
 * @param filesystem the filesystem made on the volume
 * @param diskCounts the numbers of disks, ascending; a {@code plain} layout has only 1
 */
public record LayoutChoice(VolumeManager manager, LayoutFilesystem filesystem, List<Integer> diskCounts) {

  public LayoutChoice {
    diskCounts = List.copyOf(diskCounts);
  }

  /** As the campaign file writes it: {@code btrfs-raid0/btrfs}. */
  public String label() {
    return manager.label() + "/" + filesystem.label();
  }
}
