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
import java.util.Map;
import java.util.Optional;

/**
 * The disks a campaign builds its layouts on, for as long as it runs: either a lab it brings up
 * under its work folder (throttled loop devices; taken down by {@link #release}) or the block devices
 * it was given (left as the last cell's tear-down leaves them). A lab's mounted ssd and hdd hold
 * the logs of the cells whose layout puts them there ({@code campaign.log-on}).
 *
 * @param devices the disks, in order; a cell over N disks uses the first N
 * @param cgroup the cgroup to start servers in so that they are throttled on the disks, if any
 * @param labRoot the lab this campaign brought up, if it did
 * @param labMounts the lab's mounted devices by name ({@code ssd}, {@code hdd}); empty without a lab
 */
record CampaignDisks(List<Path> devices, Optional<Path> cgroup, Optional<Path> labRoot, Map<String, Path> labMounts) {

  /** The lab's small ssd and hdd when no log goes on them, which every lab has. */
  private static final long UNUSED_DEVICE_BYTES = 128L << 20;

  CampaignDisks {
    devices = List.copyOf(devices);
    labMounts = Map.copyOf(labMounts);
  }

  /** Where the log of a cell goes when its layout puts it on the lab device {@code name}. */
  Path logMount(String name) {
    Path mount = labMounts.get(name);
    if (mount == null) {
      throw new IllegalStateException("the campaign's lab has no mounted " + name + "; it has " + labMounts.keySet());
    }
    return mount;
  }

  static CampaignDisks provide(CampaignSpec spec, CommandRunner runner, PrintStream progress)
      throws IOException, RefusedException {
    if (spec.disks() instanceof DiskSource.GivenDevices given) {
      return new CampaignDisks(given.devices(), Optional.empty(), Optional.empty(), Map.of());
    }
    DiskSource.LabDisks lab = (DiskSource.LabDisks) spec.disks();
    Path root = labRoot(spec);
    if (LabState.read(root).isPresent()) {
      progress.println("taking down the lab an earlier, interrupted run of this campaign left at " + root);
      Lab.down(root, runner, progress);
    }
    LabSpec labSpec = LabSpec.defaults(root).withDisks(spec.mostDisks(), lab.diskBytes())
        .withThrottle(new Throttle(lab.writeIops(), 0, 0, 0));
    if (spec.logsOnLabDevices()) {
      // Logs go on the ssd and hdd: of the profiles asked, and measured, so the lab records what they do.
      labSpec = labSpec.withSizes(lab.deviceBytes(), lab.deviceBytes()).withProfiles(lab.ssdProfile(), lab.hddProfile())
          .withSsdAging(lab.ssdAging());
    } else {
      // Only the raw disks are used: measuring the ssd and hdd would be wasted time.
      labSpec = labSpec.withSizes(UNUSED_DEVICE_BYTES, UNUSED_DEVICE_BYTES).withCalibration(false);
    }
    LabState state = Lab.up(labSpec, runner, progress);
    return new CampaignDisks(state.disks(), state.throttleCgroup(), Optional.of(root), state.mountPoints());
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
