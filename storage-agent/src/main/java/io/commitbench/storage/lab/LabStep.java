package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.util.List;

/**
 * One step of {@code lab up} or {@code lab down}: what it does, the commands it shows in the plan
 * (with {@code SSD_LOOP}-style placeholders for what is not known before it runs), and the doing,
 * which records every thing it makes or removes through {@link StepContext#record} at once. Each
 * step builds its commands in one method of the state, which both {@link #actions} and {@link
 * #apply} call: the plan shows them for the state before the step, apply runs them for the state
 * at run time (the placeholders then filled in), so what is shown is what runs.
 */
interface LabStep {

  String description();

  /** The step's commands as an operator would type them, given what is known in {@code state}. */
  List<String> actions(LabState state);

  void apply(StepContext context) throws IOException;

  /** A step of one command, which {@link #actions} shows and {@link #apply} runs. */
  interface OneCommand extends LabStep {

    /** The command for this state: placeholders before it is known, the real device after. */
    Command command(LabState state);

    @Override
    default List<String> actions(LabState state) {
      return List.of(command(state).display());
    }
  }
}
