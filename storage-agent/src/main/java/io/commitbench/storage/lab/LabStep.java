package io.commitbench.storage.lab;

import java.io.IOException;
import java.util.List;

/**
 * One step of {@code lab up} or {@code lab down}: what it does, the commands it shows in the plan
 * (with {@code SSD_LOOP}-style placeholders for what is not known before it runs), and the doing,
 * which records every thing it makes or removes through {@link StepContext#record} at once.
 */
interface LabStep {

  String description();

  /** The step's commands as an operator would type them, given what is known in {@code state}. */
  List<String> actions(LabState state);

  void apply(StepContext context) throws IOException;
}
