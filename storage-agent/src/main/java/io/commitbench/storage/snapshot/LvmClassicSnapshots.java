package io.commitbench.storage.snapshot;

import io.commitbench.storage.exec.Command;
import java.util.List;
import java.util.Optional;

/**
 * Classic LVM snapshots of a logical volume: {@code lvcreate -y -s -l P%FREE -n NAME VG/LV}.
 * Each keeps its own copy-on-write area, so one origin write becomes a read plus one write per
 * snapshot, which is why one snapshot can halve TPS.
 *
 * <p>The study wrote {@code -L <cow size>}; here the copy-on-write areas share the volume group's
 * free space (the 20% a layout's data volume leaves) equally among the snapshots of one call, sized by
 * LVM itself: the k-th of n takes {@code floor(100/(n-k+1))%FREE}, i.e. 1/n, 1/(n-1) of what is
 * left, …, and the last all that is left. A snapshot whose area fills up becomes invalid (LVM
 * drops it); the plan says how much area there is.
 *
 * <p>So all of a layout's classic snapshots are taken in one call: after it the group has no free
 * extent, and a later {@code lvcreate -s -l P%FREE} fails ("Calculated size of logical volume is 0
 * extents", as LayoutInVmIT shows). A later call is refused instead ({@link #whyNoMoreAfter}).
 */
final class LvmClassicSnapshots extends LvmSnapshots {

  @Override
  public String kind() {
    return "lvm-classic";
  }

  @Override
  public List<Command> take(String source, String location, int position, int batch) {
    int percent = 100 / (batch - position + 1);
    return List.of(Command.of("lvcreate", "-y", "-s", "-l", percent + "%FREE", "-n", volumeName(location), source));
  }

  @Override
  public Optional<String> whyNoMoreAfter(String source, int taken) {
    return Optional.of("classic LVM snapshots are all taken in one call: the copy-on-write areas of that call's "
        + "snapshots share all of volume group " + volumeGroup(source) + "'s free space (the last takes what is left), "
        + "so after the " + taken + " taken there is none for another; destroy the layout, apply it again and take "
        + "every snapshot wanted in one call");
  }

  @Override
  public List<Program> programs() {
    return lvmPrograms();
  }

  @Override
  public List<String> deviceMapperTargets() {
    return List.of("dm-snapshot");
  }

  @Override
  public List<String> notes(String source) {
    return List.of("classic snapshots: each has its own copy-on-write area, together the volume group's free space "
        + "(about 20% of the devices), so all are taken in this one call; one origin write costs a read and a write "
        + "per snapshot; a snapshot whose area fills up is invalidated by LVM");
  }
}
