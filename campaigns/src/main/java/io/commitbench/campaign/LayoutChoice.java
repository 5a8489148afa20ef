package io.commitbench.campaign;

import io.commitbench.storage.layout.LayoutFilesystem;
import io.commitbench.storage.layout.VolumeManager;
import java.util.List;
import java.util.Optional;

/**
 * One layout of a campaign: a volume manager, a filesystem and the disk counts to build it over,
 * and where the database's log goes: with the data on the layout, or on one of the lab's mounted
 * devices ({@code campaign.log-on}).
 *
 * @param manager how the disks are combined
 * @param filesystem the filesystem made on the volume
 * @param diskCounts the numbers of disks, ascending; a {@code plain} layout has only 1
 * @param logDevice the lab device ({@code hdd} or {@code ssd}) the log goes on; empty: on the layout
 */
public record LayoutChoice(VolumeManager manager, LayoutFilesystem filesystem, List<Integer> diskCounts,
    Optional<String> logDevice) {

  public LayoutChoice {
    diskCounts = List.copyOf(diskCounts);
  }

  /** A layout that holds the log with the data. */
  public LayoutChoice(VolumeManager manager, LayoutFilesystem filesystem, List<Integer> diskCounts) {
    this(manager, filesystem, diskCounts, Optional.empty());
  }

  /** As the campaign file writes it: {@code btrfs-raid0/btrfs}; {@code plain/ext4 (log on hdd)} with the log elsewhere. */
  public String label() {
    return manager.label() + "/" + filesystem.label() + logDevice.map(d -> " (log on " + d + ")").orElse("");
  }

  /** For folder and file names: {@code btrfs-raid0-btrfs}, {@code plain-ext4-log-hdd}. */
  public String fileLabel() {
    return manager.label() + "-" + filesystem.label() + logDevice.map(d -> "-log-" + d).orElse("");
  }
}
