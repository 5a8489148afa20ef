package io.commitbench.storage.layout;

import io.commitbench.storage.exec.Command;
import java.util.List;

/**
 * What classic and thin LVM snapshots have in common: each is a logical volume {@code snapN} in
 * the layout's volume group, removed with {@code lvremove} and looked for with {@code lvs}. They
 * differ in how they are made and what they cost the origin.
 */
abstract class LvmSnapshots implements SnapshotBackend {

  @Override
  public final String location(LayoutSpec spec, int number) {
    return spec.volumeGroup() + "/" + SnapshotBackend.name(number);
  }

  @Override
  public final List<Command> remove(LayoutSpec spec, int number) {
    return List.of(Command.of("lvremove", "-y", location(spec, number)));
  }

  @Override
  public final Command presence(LayoutSpec spec, int number) {
    return Command.of("lvs", location(spec, number));
  }

  /** The LVM programs both kinds run. */
  static List<Program> lvmPrograms() {
    return List.of(new Program("lvcreate", "lvm2"), new Program("lvremove", "lvm2"), new Program("lvs", "lvm2"));
  }
}
