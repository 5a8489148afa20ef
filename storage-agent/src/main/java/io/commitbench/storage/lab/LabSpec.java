package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabFilesystem;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.core.io.Sha256;
import java.nio.file.Path;
import java.util.regex.Pattern;

/**
 * What {@code storage lab up} is asked to build: where, under which id, with which filesystem,
 * how big, how hard the "hdd" is throttled, and how many raw "disks" (for layout experiments such
 * as RAID0 over 1..5 devices) come with it.
 *
 * <pre>
 * LabSpec spec = LabSpec.defaults(Path.of("/var/tmp/commitbench-lab")).withSizes(128L &lt;&lt; 20, 128L &lt;&lt; 20)
 *     .withDisks(3, 512L &lt;&lt; 20);
 * </pre>
 *
 * @param root the lab's directory: mounts {@code ssd} and {@code hdd}, the hdd image, lab.json
 * @param id names the cgroup ({@code commitbench-ID}) and the ssd image in /dev/shm
 * @param filesystem the filesystem made on the ssd and the hdd (the raw disks get none)
 * @param ssdBytes the ssd image's size (sparse, in /dev/shm)
 * @param hddBytes the hdd image's size (sparse, under the root)
 * @param hddThrottle the blkio limits on the hdd device, and on every disk
 * @param diskCount how many raw disks ({@code disk1..diskN}: loop devices, rotational 1, no filesystem, not
 *     mounted), 0 to {@value #MAX_DISKS}
 * @param diskBytes each disk image's size (sparse, under the root, like the hdd's)
 * @param ssdProfile how the ssd behaves ({@link DeviceProfile}); {@code ram} by default
 * @param hddProfile how the hdd behaves; {@code throttle} by default (the raw disks are always throttled)
 * @param calibrate measure each mounted device after {@code up} made it (fdatasync latency, write IOPS)
 * @param ssdAging how the ssd is aged before it is measured ({@link Aging#NONE} by default)
 */
public record LabSpec(Path root, String id, LabFilesystem filesystem, long ssdBytes, long hddBytes,
    Throttle hddThrottle, int diskCount, long diskBytes, DeviceProfile ssdProfile, DeviceProfile hddProfile,
    boolean calibrate, Aging ssdAging) {

  /** The root used when none is given. */
  public static final Path DEFAULT_ROOT = Path.of("/var/tmp/commitbench-lab");
  /** Both devices' size when none is given: 1 GiB, sparse. */
  public static final long DEFAULT_SIZE = 1L << 30;
  /** The most raw disks a lab has: the layout study stripes over 1 to 5. */
  public static final int MAX_DISKS = 5;
  /** Each raw disk's size when none is given: 512 MiB, sparse. */
  public static final long DEFAULT_DISK_SIZE = 512L << 20;
  /**
   * The smallest raw disk: 128 MiB. mkfs.btrfs refuses a device below about 114 MiB, and a layout tool
   * may put btrfs (or any of the lab's filesystems but xfs) on each disk.
   */
  public static final long MIN_DISK_SIZE = 128L << 20;

  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,39}");

  public LabSpec {
    root = root.toAbsolutePath().normalize();
    java.util.Objects.requireNonNull(ssdProfile, "ssdProfile");
    java.util.Objects.requireNonNull(hddProfile, "hddProfile");
    java.util.Objects.requireNonNull(ssdAging, "ssdAging");
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("lab id '" + id
          + "' is not allowed; use 1 to 40 lower-case letters, digits and '-', starting with a letter or digit");
    }
    for (long size : new long[] {ssdBytes, hddBytes}) {
      if (size < filesystem.minimumBytes()) {
        throw new IllegalArgumentException("device size " + size + " bytes is below what " + filesystem.program()
            + " accepts; give at least " + (filesystem.minimumBytes() >> 20) + "M");
      }
    }
    if (diskCount < 0 || diskCount > MAX_DISKS) {
      throw new IllegalArgumentException("disk count " + diskCount + " is not allowed; give 0 (no raw disks) to "
          + MAX_DISKS);
    }
    if (diskBytes < MIN_DISK_SIZE) {
      throw new IllegalArgumentException("disk size " + diskBytes + " bytes is too small; give at least "
          + (MIN_DISK_SIZE >> 20) + "M (mkfs.btrfs needs about 114 MiB per device)");
    }
  }

  /** A spec with the default profiles (ram ssd, throttled hdd), calibrated. */
  public LabSpec(Path root, String id, LabFilesystem filesystem, long ssdBytes, long hddBytes, Throttle hddThrottle,
      int diskCount, long diskBytes) {
    this(root, id, filesystem, ssdBytes, hddBytes, hddThrottle, diskCount, diskBytes, DeviceProfile.RAM,
        DeviceProfile.THROTTLE, true, Aging.NONE);
  }

  /** A spec without raw disks. */
  public LabSpec(Path root, String id, LabFilesystem filesystem, long ssdBytes, long hddBytes, Throttle hddThrottle) {
    this(root, id, filesystem, ssdBytes, hddBytes, hddThrottle, 0, DEFAULT_DISK_SIZE);
  }

  /** Defaults for a root: ext4, 1 GiB each, 150 write IOPS on the hdd, no raw disks, id derived from the root. */
  public static LabSpec defaults(Path root) {
    return new LabSpec(root, idFor(root), LabFilesystem.EXT4, DEFAULT_SIZE, DEFAULT_SIZE, Throttle.DEFAULT);
  }

  /** {@code lab-} and 8 hex digits of the root's absolute path: stable, and distinct per root. */
  public static String idFor(Path root) {
    return "lab-" + Sha256.shortHex(root.toAbsolutePath().normalize().toString());
  }

  public LabSpec withId(String newId) {
    return new LabSpec(root, newId, filesystem, ssdBytes, hddBytes, hddThrottle, diskCount, diskBytes, ssdProfile, hddProfile,
        calibrate, ssdAging);
  }

  public LabSpec withFilesystem(LabFilesystem fs) {
    return new LabSpec(root, id, fs, ssdBytes, hddBytes, hddThrottle, diskCount, diskBytes, ssdProfile, hddProfile,
        calibrate, ssdAging);
  }

  public LabSpec withSizes(long ssd, long hdd) {
    return new LabSpec(root, id, filesystem, ssd, hdd, hddThrottle, diskCount, diskBytes, ssdProfile, hddProfile,
        calibrate, ssdAging);
  }

  public LabSpec withThrottle(Throttle throttle) {
    return new LabSpec(root, id, filesystem, ssdBytes, hddBytes, throttle, diskCount, diskBytes, ssdProfile, hddProfile,
        calibrate, ssdAging);
  }

  /**
   * With {@code count} raw disks of {@code bytesEach} (sparse) each: 0 to {@value #MAX_DISKS} disks, at least
   * 128 MiB each; anything else is refused with an {@link IllegalArgumentException}.
   */
  public LabSpec withDisks(int count, long bytesEach) {
    return new LabSpec(root, id, filesystem, ssdBytes, hddBytes, hddThrottle, count, bytesEach, ssdProfile, hddProfile,
        calibrate, ssdAging);
  }

  /** With these profiles for the ssd and the hdd device. */
  public LabSpec withProfiles(DeviceProfile ssd, DeviceProfile hdd) {
    return new LabSpec(root, id, filesystem, ssdBytes, hddBytes, hddThrottle, diskCount, diskBytes, ssd, hdd,
        calibrate, ssdAging);
  }

  /** With or without the measurement of each mounted device after {@code up}. */
  public LabSpec withCalibration(boolean measure) {
    return new LabSpec(root, id, filesystem, ssdBytes, hddBytes, hddThrottle, diskCount, diskBytes, ssdProfile,
        hddProfile, measure, ssdAging);
  }

  /** With the ssd aged before it is measured. */
  public LabSpec withSsdAging(Aging aging) {
    return new LabSpec(root, id, filesystem, ssdBytes, hddBytes, hddThrottle, diskCount, diskBytes, ssdProfile,
        hddProfile, calibrate, aging);
  }

  /** The profile of a device: the ssd's, the hdd's, or throttle for a raw disk. */
  public DeviceProfile profile(String deviceName) {
    return switch (deviceName) {
      case LabDevice.SSD -> ssdProfile;
      case LabDevice.HDD -> hddProfile;
      default -> DeviceProfile.THROTTLE;
    };
  }

  /** A copy at another root (the same root with symlinks resolved, say), everything else kept. */
  LabSpec withRoot(Path newRoot) {
    return new LabSpec(newRoot, id, filesystem, ssdBytes, hddBytes, hddThrottle, diskCount, diskBytes, ssdProfile, hddProfile,
        calibrate, ssdAging);
  }

  /** The cgroup's directory name under the blkio hierarchy. */
  public String cgroupName() {
    return "commitbench-" + id;
  }
}
