package io.commitbench.storage.snapshot;

import io.commitbench.storage.exec.Command;
import java.util.List;

/**
 * What classic and thin LVM snapshots have in common: the source is a logical volume
 * {@code VG/LV}, each snapshot a logical volume {@code VG/NAME} in the same group, removed with
 * {@code lvremove} and looked for with {@code lvs}. They differ in how they are made and what they
 * cost the origin.
 */
abstract class LvmSnapshots implements SnapshotBackend {

  @Override
  public final List<Command> remove(String location) {
    return List.of(Command.of("lvremove", "-y", location));
  }

  @Override
  public final Command presence(String location) {
    return Command.of("lvs", location);
  }

  /** The LVM programs both kinds run. */
  static List<Program> lvmPrograms() {
    return List.of(new Program("lvcreate", "lvm2"), new Program("lvremove", "lvm2"), new Program("lvs", "lvm2"));
  }

  /** {@code NAME} of {@code VG/NAME}: what {@code lvcreate -n} takes. */
  static String volumeName(String logicalVolume) {
    return logicalVolume.substring(logicalVolume.indexOf('/') + 1);
  }

  /** {@code VG} of {@code VG/NAME}. */
  static String volumeGroup(String logicalVolume) {
    return logicalVolume.substring(0, Math.max(0, logicalVolume.indexOf('/')));
  }
}
