package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabServer;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.DeviceProfile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a lab's parts live: the image of a device of profile ram in the tmpfs
 * ({@code /dev/shm/commitbench-ID-ssd.img}), every other image under the root ({@code ROOT/hdd.img},
 * {@code ROOT/diskK.img}, so they are on the root's disk), a served device's nbdkit and nbdfuse in
 * {@code ROOT/NAME.nbd}, the mounts {@code ROOT/ssd} and
 * {@code ROOT/hdd} (the disks have none), and {@code ROOT/lab.json}.
 */
final class LabLayout {

  private LabLayout() {}

  /**
   * The initial state for a spec: every device planned (ssd, hdd, disk1..diskN), nothing made. A
   * device of profile ram has its image in the tmpfs, every other under the root; a served one
   * (hdd, ssd profile) has its nbdkit → nbdfuse chain in {@code ROOT/NAME.nbd}.
   */
  static LabState initial(LabSpec spec, Path shmDir, Instant now) {
    Path root = spec.root();
    List<LabDevice> devices = new ArrayList<>();
    for (String name : List.of(LabDevice.SSD, LabDevice.HDD)) {
      devices.add(planned(spec, name, name.equals(LabDevice.SSD) ? spec.ssdBytes() : spec.hddBytes(), shmDir,
          Optional.of(root.resolve(name))));
    }
    for (String disk : diskNames(spec.diskCount())) {
      devices.add(planned(spec, disk, spec.diskBytes(), shmDir, Optional.empty()));
    }
    return new LabState(spec.id(), root, spec.filesystem(), now, false, devices, Optional.empty());
  }

  private static LabDevice planned(LabSpec spec, String name, long bytes, Path shmDir, Optional<Path> mountPoint) {
    DeviceProfile profile = spec.profile(name);
    Path image = profile.inMemory() ? shmDir.resolve("commitbench-" + spec.id() + "-" + name + ".img")
        : spec.root().resolve(name + ".img");
    Optional<LabServer> server = profile.served() ? Optional.of(LabServer.planned(spec.root().resolve(name + ".nbd")))
        : Optional.empty();
    return LabDevice.planned(name, image, bytes, mountPoint, profile, server);
  }

  /** {@code disk1} to {@code diskN}. */
  static List<String> diskNames(int count) {
    List<String> names = new ArrayList<>();
    for (int k = 1; k <= count; k++) {
      names.add("disk" + k);
    }
    return names;
  }

  /** Whether the lab's cgroup throttles a device: one of profile throttle (the hdd by default, every disk). */
  static boolean isThrottled(LabDevice device) {
    return device.profile().throttled();
  }
}
