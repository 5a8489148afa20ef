package io.commitbench.storage.snapshot;

import io.commitbench.storage.exec.Command;
import java.util.ArrayList;
import java.util.List;

/**
 * Thin snapshots of a thin volume: {@code lvcreate -y -s -n NAME VG/LV}, no size (the
 * snapshot shares the pool's blocks). LVM marks thin snapshots "skip activation", so they stay
 * inactive (no device node); that does not change what they cost the origin, whose blocks are
 * shared in the pool's metadata either way, and the layout never mounts them. Activating one
 * would need {@code lvchange -ay -K VG/NAME}.
 */
final class LvmThinSnapshots extends LvmSnapshots {

  @Override
  public String kind() {
    return "lvm-thin";
  }

  @Override
  public List<Command> take(String source, String location, int position, int batch) {
    return List.of(Command.of("lvcreate", "-y", "-s", "-n", volumeName(location), source));
  }

  @Override
  public List<Program> programs() {
    List<Program> programs = new ArrayList<>(lvmPrograms());
    programs.add(new Program("thin_check", "thin-provisioning-tools"));
    return programs;
  }

  @Override
  public List<String> deviceMapperTargets() {
    return List.of("dm-thin-pool");
  }

  @Override
  public List<String> notes(String source) {
    return List.of("thin snapshots share the pool: an origin write after a snapshot allocates a new pool block; "
        + "they stay inactive (LVM's activation skip), which does not change that cost");
  }
}
