package io.commitbench.campaign;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.lab.Lab;
import io.commitbench.storage.lab.LabSpec;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.lab.Throttle;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The disks a campaign builds its layouts on, for as long as it runs: either a lab it brings up
 * under its work folder (throttled loop devices; taken down by {@link #release}) or the block devices
 * it was given (left as the last cell's tear-down leaves them).
 *
 * @param devices the disks, in order; a cell over N disks uses the first N
 * @param cgroup the cgroup to start servers in so that they are throttled on the disks, if any
 * @param labRoot the lab this campaign brought up, if it did
 */
record CampaignDisks(List<Path> devices, Optional<Path> cgroup, Optional<Path> labRoot) {

  /** The lab's fixed small ssd and hdd, which a campaign does not use but every lab has. */
  private static final long UNUSED_DEVICE_BYTES = 128L << 20;

  static CampaignDisks provide(CampaignSpec spec, CommandRunner runner, PrintStream progress)
      throws IOException, RefusedException {
    if (spec.disks() instanceof DiskSource.GivenDevices given) {
      return new CampaignDisks(given.devices(), Optional.empty(), Optional.empty());
    }
    DiskSource.LabDisks lab = (DiskSource.LabDisks) spec.disks();
    Path root = labRoot(spec);
    if (LabState.read(root).isPresent()) {
      progress.println("taking down the lab an earlier, interrupted run of this campaign left at " + root);
      Lab.down(root, runner, progress);
    }
    LabSpec labSpec = LabSpec.defaults(root).withSizes(UNUSED_DEVICE_BYTES, UNUSED_DEVICE_BYTES)
        .withDisks(spec.mostDisks(), lab.diskBytes()).withThrottle(new Throttle(lab.writeIops(), 0, 0, 0))
        .withCalibration(false); // the campaign uses only the raw disks: measuring the ssd and hdd would be wasted time
    LabState state = Lab.up(labSpec, runner, progress);
    return new CampaignDisks(state.disks(), state.throttleCgroup(), Optional.of(root));
  }

  static Path labRoot(CampaignSpec spec) {
    return spec.work().resolve("lab");
  }

  /** Takes down the lab this campaign brought up; given devices are left alone. */
  void release(CommandRunner runner, PrintStream progress) throws IOException, RefusedException {
    if (labRoot.isPresent()) {
      Lab.down(labRoot.get(), runner, progress);
    }
  }
}
