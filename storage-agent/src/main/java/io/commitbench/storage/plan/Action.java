package io.commitbench.storage.plan;

import io.commitbench.storage.exec.Command;
import java.io.IOException;

/**
 * One thing a step does: an external command, or work done in-process (a file written, a tree
 * removed) shown as its shell equivalent. A plan shows an action with {@link #display()} and
 * {@link Applier#perform} runs the same object, so what is shown is what runs.
 */
public sealed interface Action permits Action.Run, Action.Local {

  /** The action as an operator would type it. */
  String display();

  /** An external command, run through the applier's {@link io.commitbench.storage.exec.CommandRunner}. */
  static Action run(Command command) {
    return new Run(command);
  }

  /** Work done in-process, shown as {@code display}. */
  static Action local(String display, Work work) {
    return new Local(display, work);
  }

  /** @param command the command, exactly as it runs */
  record Run(Command command) implements Action {
    @Override
    public String display() {
      return command.display();
    }
  }

  /**
   * @param display its shell equivalent, for the plan and the journal
   * @param work what is done
   */
  record Local(String display, Work work) implements Action {}

  /** In-process work that may fail with an I/O error. */
  @FunctionalInterface
  interface Work {
    void run() throws IOException;
  }
}
