package io.commitbench.storage.layout;

import io.commitbench.storage.exec.Command;
import java.util.List;
import java.util.Optional;

/**
 * One step of making, snapshotting or destroying a layout: what it does in words, the exact
 * commands, and what it changes in the layout's state. The plan shows these steps and the run
 * executes the same ones, so what is shown is what is run.
 *
 * @param description what the step achieves
 * @param commands the commands, in order
 * @param effect what the state gains or loses
 * @param part the part made or removed ({@link Effect#MAKE}, {@link Effect#REMOVE})
 * @param snapshot the snapshot number ({@link Effect#SNAPSHOT}, {@link Effect#REMOVE_SNAPSHOT}), else 0
 */
record LayoutStep(String description, List<Command> commands, Effect effect, Optional<LayoutPart> part,
    int snapshot) {

  /** What a step changes in the state. */
  enum Effect {
    /** Makes a part: recorded before its commands run. */
    MAKE,
    /** Removes a part: its commands run only for what is still there; then it is dropped from the state. */
    REMOVE,
    /** Takes a snapshot: recorded before its commands run. */
    SNAPSHOT,
    /** Removes a snapshot, when it is still there. */
    REMOVE_SNAPSHOT,
    /** Erases signatures the caller allowed to be overwritten; records nothing (it makes nothing). */
    WIPE
  }

  LayoutStep {
    commands = List.copyOf(commands);
  }

  static LayoutStep make(LayoutPart part, String description, List<Command> commands) {
    return new LayoutStep(description, commands, Effect.MAKE, Optional.of(part), 0);
  }

  static LayoutStep remove(LayoutPart part, String description, List<Command> commands) {
    return new LayoutStep(description, commands, Effect.REMOVE, Optional.of(part), 0);
  }

  static LayoutStep snapshot(int number, String description, List<Command> commands) {
    return new LayoutStep(description, commands, Effect.SNAPSHOT, Optional.empty(), number);
  }

  static LayoutStep removeSnapshot(int number, String description, List<Command> commands) {
    return new LayoutStep(description, commands, Effect.REMOVE_SNAPSHOT, Optional.empty(), number);
  }

  static LayoutStep wipe(String description, List<Command> commands) {
    return new LayoutStep(description, commands, Effect.WIPE, Optional.empty(), 0);
  }
}
