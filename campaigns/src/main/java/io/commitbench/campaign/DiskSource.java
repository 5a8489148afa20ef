package io.commitbench.campaign;

import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.storage.lab.Aging;
import io.commitbench.storage.lab.LabSpec;
import java.nio.file.Path;
import java.util.List;

/** Where a campaign's disks come from: lab devices it makes itself, or block devices it is given. */
public sealed interface DiskSource {

  /** The most disks this source can give. */
  int available();

  /** For the tables' heading: what the disks were. */
  String describe();

  /**
   * Loop devices over sparse images, each throttled like a slow disk, made by the campaign in a
   * lab under its work directory and removed at its end.
   *
   * @param diskBytes each disk image's (sparse) size
   * @param writeIops the write-IOPS limit per disk; 0 for none
   * @param deviceBytes the size of the lab's ssd and hdd, on which a log may go ({@code campaign.log-on})
   * @param ssdProfile the profile of the lab's ssd
   * @param hddProfile the profile of the lab's hdd
   * @param ssdAging how the lab's ssd is aged before the cells run
   */
  record LabDisks(long diskBytes, long writeIops, long deviceBytes, DeviceProfile ssdProfile,
      DeviceProfile hddProfile, Aging ssdAging) implements DiskSource {

    /** Lab disks whose ssd is not aged. */
    LabDisks(long diskBytes, long writeIops, long deviceBytes, DeviceProfile ssdProfile, DeviceProfile hddProfile) {
      this(diskBytes, writeIops, deviceBytes, ssdProfile, hddProfile, Aging.NONE);
    }

    @Override
    public int available() {
      return LabSpec.MAX_DISKS;
    }

    /** The profile of the lab device a log may go on: {@code ssd} or {@code hdd}. */
    public DeviceProfile profile(String device) {
      return switch (device) {
        case LabDevice.SSD -> ssdProfile;
        case LabDevice.HDD -> hddProfile;
        default -> throw new IllegalArgumentException("no lab device '" + device + "' for a log; allowed: "
            + LabDevice.SSD + ", " + LabDevice.HDD);
      };
    }

    @Override
    public String describe() {
      return "lab loop devices of " + (diskBytes >> 20) + " MiB each, "
          + (writeIops > 0 ? writeIops + " write IOPS per disk" : "unthrottled");
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

    @Override
    public String describe() {
      return "block devices " + devices;
    }
  }
}
