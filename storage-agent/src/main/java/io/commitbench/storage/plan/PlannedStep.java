package io.commitbench.storage.plan;

import io.commitbench.storage.exec.Command;
import java.util.List;

/**
 * One step of a plan: what it does in words, and the exact commands or statements it will run.
 *
 * @param description what the step achieves, e.g. "stop the server (fast shutdown)"
 * @param actions the commands or SQL statements, as an operator would type them; may be empty
 *     for a step done in-process (a copy with fsync, a check)
 */
public record PlannedStep(String description, List<String> actions) {

  public PlannedStep {
    actions = List.copyOf(actions);
  }

  public static PlannedStep of(String description, Command... commands) {
    return new PlannedStep(description, java.util.Arrays.stream(commands).map(Command::display).toList());
  }

  public static PlannedStep sql(String description, String... statements) {
    return new PlannedStep(description, List.of(statements));
  }
}
