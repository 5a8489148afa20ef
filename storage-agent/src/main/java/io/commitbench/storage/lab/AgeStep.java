package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Ages a mounted lab device ({@link Aging}): fio writes a file of the asked share of its
 * filesystem's free space (16 MiB left beside it at least) in full with 1 MiB direct writes, then overwrites it at random 8 KiB offsets for the asked time.
 * The file is kept in the mount and goes with the image at {@code down}. For a device model the
 * state it reports afterwards (free blocks, write amplification) is shown.
 */
record AgeStep(String name, Aging aging) implements LabStep {

  /** Left free beside the file, for the filesystem's own writes and whatever comes next. */
  static final long HEADROOM_BYTES = 16L << 20;

  @Override
  public String description() {
    return "age the " + name + ": a kept file of " + aging.percent() + " % of its filesystem's free space, written"
        + " in full, then overwritten at random 8 KiB offsets for " + aging.seconds() + " s";
  }

  @Override
  public List<String> actions(LabState state) {
    return commands(state, Optional.empty()).stream().map(Command::display).toList();
  }

  static Path file(LabState state, String name) {
    return state.mount(name).resolve(Aging.FILE);
  }

  /** The file's size in MiB for this much free space, headroom kept. */
  long sizeMiB(long freeBytes) {
    long share = (long) (freeBytes * (aging.percent() / 100.0));
    return Math.max(1, Math.min(share, freeBytes - HEADROOM_BYTES) >> 20);
  }

  /** The fio commands; the size is {@code AGE_MIB} until the free space is known. */
  private List<Command> commands(LabState state, Optional<Long> sizeMiB) {
    String file = "--filename=" + file(state, name);
    String size = "--size=" + sizeMiB.map(String::valueOf).orElse("AGE_MIB") + "m";
    return List.of(
        Command.of("fio", "--name=age-fill", file, size, "--rw=write", "--bs=1m", "--direct=1", "--ioengine=psync"),
        Command.of("fio", "--name=age-overwrite", file, size, "--rw=randwrite", "--bs=8k", "--direct=1",
            "--ioengine=psync", "--time_based", "--runtime=" + aging.seconds()));
  }

  @Override
  public void apply(StepContext c) throws IOException {
    LabState state = c.state();
    long free = c.host().usableSpace(state.mount(name));
    if (free < 2 * HEADROOM_BYTES) {
      throw new IOException("the " + name + "'s filesystem has " + (free >> 20) + " MiB free, too little to age it");
    }
    long size = sizeMiB(free);
    c.tell("aging file " + file(state, name) + ": " + size + " MiB (" + aging.percent() + " % of " + (free >> 20)
        + " MiB free)");
    for (Command command : commands(state, Optional.of(size))) {
      c.run(command);
    }
    LabDevice d = state.device(name);
    if (d.profile().model().isPresent() && d.server().isPresent()) {
      c.tell(name + " model state after aging: " + LabStatus.modelState(d.server().get()));
    }
  }
}
