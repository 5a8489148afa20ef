package io.commitbench.storage.plan;

import io.commitbench.storage.exec.Command;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One step of a plan that {@link Applier#apply} carries out: what it achieves, the actions it
 * runs, in order, and what the journal says once they ran. The plan is rendered from these same
 * objects ({@link #shown()}), so a step is never built once to be shown and again to be run.
 *
 * @param description what the step achieves, e.g. "stop the server (fast shutdown)"
 * @param actions what runs, in order
 * @param done the journal's step line once every action ran, e.g. "stopped the server"; null for a
 *     step whose {@link Action#recorded recorded} actions journal what they did themselves
 * @param detail facts for that journal line (paths, device numbers) beside what ran
 */
public record Step(String description, List<Action> actions, String done, Map<String, String> detail) {

  public Step {
    actions = List.copyOf(actions);
    detail = Map.copyOf(detail);
  }

  /** A step of external commands, journaled as {@code done}. */
  public static Step of(String description, String done, Command... commands) {
    return new Step(description, Arrays.stream(commands).map(Action::run).toList(), done, Map.of());
  }

  /** A step of actions, journaled as {@code done}. */
  public static Step of(String description, String done, Action... actions) {
    return new Step(description, List.of(actions), done, Map.of());
  }

  /**
   * A step whose actions journal what they did themselves, each once it ran ({@link
   * Action#recorded}): a line per thing done, with what was found only then, or none when there
   * was nothing to do. Nothing more is journaled when they ran.
   */
  public static Step recordedByActions(String description, Action... actions) {
    return recordedByActions(description, List.of(actions));
  }

  /** {@link #recordedByActions(String, Action...)} for a list of actions made from data (one per group, per file). */
  public static Step recordedByActions(String description, List<Action> actions) {
    return new Step(description, actions, null, Map.of());
  }

  /** The same step with facts for its journal line. */
  public Step withDetail(Map<String, String> facts) {
    return new Step(description, actions, done, facts);
  }

  /** The step as a plan shows it: its description and each action's display. */
  public PlannedStep shown() {
    return new PlannedStep(description, actions.stream().flatMap(a -> a.shown().stream()).toList());
  }
}
