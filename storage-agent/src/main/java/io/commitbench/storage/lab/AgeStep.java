package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Ages a mounted lab device ({@link Aging}): fio writes a file of the asked share of the device in
 * full with 1 MiB direct writes, then overwrites it at random 8 KiB offsets for the asked time.
 * The file is kept in the mount and goes with the image at {@code down}. For a device model the
 * state it reports afterwards (free blocks, write amplification) is shown.
 */
record AgeStep(String name, Aging aging) implements LabStep {

  /** What the filesystem keeps for itself beyond the file: journal, inode tables, reserve. */
  static final long HEADROOM_BYTES = 16L << 20;

  @Override
  public String description() {
    return "age the " + name + ": a kept file of " + aging.percent() + " % of the device, written in full, then "
        + "overwritten at random 8 KiB offsets for " + aging.seconds() + " s";
  }

  @Override
  public List<String> actions(LabState state) {
    return commands(state).stream().map(Command::display).toList();
  }

  static Path file(LabState state, String name) {
    return state.mount(name).resolve(Aging.FILE);
  }

  private long sizeMiB(LabState state) {
    return Math.max(1, state.device(name).sizeBytes() * aging.percent() / 100 >> 20);
  }

  private List<Command> commands(LabState state) {
    String file = "--filename=" + file(state, name);
    String size = "--size=" + sizeMiB(state) + "m";
    return List.of(
        Command.of("fio", "--name=age-fill", file, size, "--rw=write", "--bs=1m", "--direct=1", "--ioengine=psync"),
        Command.of("fio", "--name=age-overwrite", file, size, "--rw=randwrite", "--bs=8k", "--direct=1",
            "--ioengine=psync", "--time_based", "--runtime=" + aging.seconds()));
  }

  @Override
  public void apply(StepContext c) throws IOException {
    LabState state = c.state();
    long free = c.host().usableSpace(state.mount(name));
    long wanted = (sizeMiB(state) << 20) + HEADROOM_BYTES;
    if (free < wanted) {
      throw new IOException("the " + name + "'s filesystem has " + (free >> 20) + " MiB free, too little for an "
          + "aging file of " + sizeMiB(state) + " MiB; give a smaller share");
    }
    for (Command command : commands(state)) {
      c.run(command);
    }
    LabDevice d = state.device(name);
    if (d.profile().model().isPresent() && d.server().isPresent()) {
      c.tell(name + " model state after aging: " + LabStatus.modelState(d.server().get()));
    }
  }
}
