package io.commitbench.storage.lab;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Where a lab's parts live: the ssd image in the tmpfs ({@code /dev/shm/commitbench-ID-ssd.img}),
 * the hdd image and the raw disks' images under the root ({@code ROOT/hdd.img},
 * {@code ROOT/diskK.img}, so they are on the root's disk), the mounts {@code ROOT/ssd} and
 * {@code ROOT/hdd} (the disks have none), and {@code ROOT/lab.json}.
 */
final class LabLayout {

  static final String SSD = "ssd";
  static final String HDD = "hdd";

  private static final Pattern DISK = Pattern.compile("disk[1-9][0-9]*");

  private LabLayout() {}

  /** The initial state for a spec: every device planned (ssd, hdd, disk1..diskN), nothing made. */
  static LabState initial(LabSpec spec, Path shmDir, Instant now) {
    Path root = spec.root();
    List<LabDevice> devices = new ArrayList<>();
    devices.add(LabDevice.planned(SSD, shmDir.resolve("commitbench-" + spec.id() + "-ssd.img"), spec.ssdBytes(),
        Optional.of(root.resolve(SSD))));
    devices.add(LabDevice.planned(HDD, root.resolve("hdd.img"), spec.hddBytes(), Optional.of(root.resolve(HDD))));
    for (String disk : diskNames(spec.diskCount())) {
      devices.add(LabDevice.planned(disk, root.resolve(disk + ".img"), spec.diskBytes(), Optional.empty()));
    }
    return new LabState(spec.id(), root, spec.filesystem(), now, false, devices, Optional.empty());
  }

  /** {@code disk1} to {@code diskN}. */
  static List<String> diskNames(int count) {
    List<String> names = new ArrayList<>();
    for (int k = 1; k <= count; k++) {
      names.add("disk" + k);
    }
    return names;
  }

  /** Whether a device is one of the raw disks: a loop device only, no filesystem, no mount. */
  static boolean isDisk(String deviceName) {
    return DISK.matcher(deviceName).matches();
  }

  /** Whether the lab's cgroup throttles a device: the hdd and every disk, with the same limits. */
  static boolean isThrottled(String deviceName) {
    return HDD.equals(deviceName) || isDisk(deviceName);
  }

  /** The rotational flag each device is meant to show: 0 for the ssd, 1 for the hdd and the disks. */
  static String wantedRotational(String deviceName) {
    return SSD.equals(deviceName) ? "0" : "1";
  }
}
