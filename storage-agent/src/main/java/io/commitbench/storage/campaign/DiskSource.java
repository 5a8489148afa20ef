package io.commitbench.storage.campaign;

import java.nio.file.Path;
import java.util.List;

/** Where a campaign's disks come from: lab devices it makes itself, or block devices it is given. */
public sealed interface DiskSource {

  /** The most disks this source can give. */
  int available();

  /**
   * Loop devices over sparse images, each throttled like a slow disk, made by the campaign in a
   * lab under its work directory and removed at its end.
   *
   * @param diskBytes each disk image's (sparse) size
   * @param writeIops the write-IOPS limit per disk; 0 for none
   */
  record LabDisks(long diskBytes, long writeIops) implements DiskSource {
    /** A lab has at most this many disks; a layout spans at most as many. */
    public static final int MAX = 5;

    @Override
    public int available() {
      return MAX;
    }
  }

  /**
   * Block devices named by the user, used in order; their content is destroyed by each cell's
   * layout, so a device with a filesystem or volume signature is refused unless {@code overwrite}.
   */
  record GivenDevices(List<Path> devices, boolean overwrite) implements DiskSource {
    public GivenDevices {
      devices = List.copyOf(devices);
    }

    @Override
    public int available() {
      return devices.size();
    }
  }
}
