package io.commitbench.storage.lab;

import java.nio.file.Path;
import java.util.List;

/**
 * Where a lab's parts live: the ssd image in the tmpfs ({@code /dev/shm/commitbench-ID-ssd.img}),
 * the hdd image under the root ({@code ROOT/hdd.img}, so it is on the root's disk), the mounts
 * {@code ROOT/ssd} and {@code ROOT/hdd}, and {@code ROOT/lab.json}.
 */
final class LabLayout {

  static final String SSD = "ssd";
  static final String HDD = "hdd";

  private LabLayout() {}

  /** The initial state for a spec: both devices planned, nothing made. */
  static LabState initial(LabSpec spec, Path shmDir, java.time.Instant now) {
    Path root = spec.root();
    LabDevice ssd = LabDevice.planned(SSD, shmDir.resolve("commitbench-" + spec.id() + "-ssd.img"), spec.ssdBytes(),
        root.resolve(SSD));
    LabDevice hdd = LabDevice.planned(HDD, root.resolve("hdd.img"), spec.hddBytes(), root.resolve(HDD));
    return new LabState(spec.id(), root, spec.filesystem(), now, false, List.of(ssd, hdd), java.util.Optional.empty());
  }

  /** The rotational flag each device is meant to show: 0 for the ssd, 1 for the hdd. */
  static String wantedRotational(String deviceName) {
    return SSD.equals(deviceName) ? "0" : "1";
  }
}
