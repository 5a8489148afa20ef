package io.commitbench.core.host.lab;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One lab device as far as {@code up} got with it: each field records a thing that was made, so
 * {@code down} (or the tear-down of a failed {@code up}) removes exactly that and nothing else.
 *
 * @param name {@code ssd}, {@code hdd}, or a raw disk {@code disk1..disk5}
 * @param image the backing image file
 * @param sizeBytes the image's (sparse) size
 * @param imageCreated the image file was created by {@code up}
 * @param loop the loop device attached to the image (or, on a served device, to the FUSE file), e.g.
 *     {@code /dev/loop3}
 * @param majMin the loop device's {@code MAJ:MIN}, as {@code /sys/block/loopN/dev} reads
 * @param rotational what {@code /sys/block/loopN/queue/rotational} read after {@code up} set it
 * @param formatted a filesystem was made on the loop device (never on a raw disk)
 * @param mountPoint where it is (to be) mounted: {@code ROOT/ssd} or {@code ROOT/hdd}; empty for a raw disk,
 *     which {@code up} leaves without a filesystem for a layout tool
 * @param mountPointCreated the mount point directory was created by {@code up}
 * @param mounted the filesystem was mounted there by {@code up}
 * @param profile how the device behaves ({@link DeviceProfile})
 * @param server the nbdkit → nbdfuse chain of a served profile; empty for the others
 * @param calibration what {@code up} measured on the mounted device, once it did
 */
public record LabDevice(String name, Path image, long sizeBytes, boolean imageCreated, Optional<String> loop,
    Optional<String> majMin, Optional<String> rotational, boolean formatted, Optional<Path> mountPoint,
    boolean mountPointCreated, boolean mounted, DeviceProfile profile, Optional<LabServer> server,
    Optional<Calibration> calibration) {

  /** The device name of the fast device, whose default profile is ram. */
  public static final String SSD = "ssd";
  /** The device name of the slow device. */
  public static final String HDD = "hdd";

  private static final Pattern DISK = Pattern.compile("disk[1-9][0-9]*");

  /** A device of its name's default profile (ram for the ssd, throttle otherwise), as a lab.json without profiles records it. */
  public LabDevice(String name, Path image, long sizeBytes, boolean imageCreated, Optional<String> loop,
      Optional<String> majMin, Optional<String> rotational, boolean formatted, Optional<Path> mountPoint,
      boolean mountPointCreated, boolean mounted) {
    this(name, image, sizeBytes, imageCreated, loop, majMin, rotational, formatted, mountPoint, mountPointCreated,
        mounted, DeviceProfile.defaultFor(name), Optional.empty(), Optional.empty());
  }

  /** A device of which nothing is made yet, of its name's default profile. */
  public static LabDevice planned(String name, Path image, long sizeBytes, Optional<Path> mountPoint) {
    return planned(name, image, sizeBytes, mountPoint, DeviceProfile.defaultFor(name), Optional.empty());
  }

  /** A device of which nothing is made yet. */
  public static LabDevice planned(String name, Path image, long sizeBytes, Optional<Path> mountPoint, DeviceProfile profile,
      Optional<LabServer> server) {
    return new LabDevice(name, image, sizeBytes, false, Optional.empty(), Optional.empty(), Optional.empty(), false,
        mountPoint, false, false, profile, server, Optional.empty());
  }

  public LabDevice withImageCreated(boolean created) {
    return new LabDevice(name, image, sizeBytes, created, loop, majMin, rotational, formatted, mountPoint,
        mountPointCreated, mounted, profile, server, calibration);
  }

  public LabDevice withLoop(Optional<String> device, Optional<String> numbers, Optional<String> rotationalReading) {
    return new LabDevice(name, image, sizeBytes, imageCreated, device, numbers, rotationalReading, formatted,
        mountPoint, mountPointCreated, mounted, profile, server, calibration);
  }

  public LabDevice withFormatted(boolean made) {
    return new LabDevice(name, image, sizeBytes, imageCreated, loop, majMin, rotational, made, mountPoint,
        mountPointCreated, mounted, profile, server, calibration);
  }

  public LabDevice withMountPointCreated(boolean created) {
    return new LabDevice(name, image, sizeBytes, imageCreated, loop, majMin, rotational, formatted, mountPoint,
        created, mounted, profile, server, calibration);
  }

  public LabDevice withMounted(boolean isMounted) {
    return new LabDevice(name, image, sizeBytes, imageCreated, loop, majMin, rotational, formatted, mountPoint,
        mountPointCreated, isMounted, profile, server, calibration);
  }

  public LabDevice withServer(LabServer changed) {
    return new LabDevice(name, image, sizeBytes, imageCreated, loop, majMin, rotational, formatted, mountPoint,
        mountPointCreated, mounted, profile, Optional.of(changed), calibration);
  }

  public LabDevice withCalibration(Calibration measured) {
    return new LabDevice(name, image, sizeBytes, imageCreated, loop, majMin, rotational, formatted, mountPoint,
        mountPointCreated, mounted, profile, server, Optional.of(measured));
  }

  /** Whether a device is one of the raw disks: a loop device only, no filesystem, no mount. */
  public static boolean isDisk(String deviceName) {
    return DISK.matcher(deviceName).matches();
  }

  /** The kernel's name of the loop device, e.g. {@code loop3}, as under {@code /sys/block}. */
  public Optional<String> kernelName() {
    return loop.map(l -> Path.of(l).getFileName().toString());
  }

  /** What the loop device is attached to: the FUSE file of a served device, else the image. */
  public Path loopBacking() {
    return server.map(LabServer::file).orElse(image);
  }
}
