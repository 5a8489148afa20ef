package io.commitbench.storage.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * What an operation will do, step by step, shown before anything is changed. The agent prints the
 * plan always and acts only with {@code --apply}; a plan for a server the agent does not manage
 * is only ever printed, for its operator to run.
 *
 * @param title one line naming the operation and its subject
 * @param steps the steps in order
 * @param notes facts the reader should know (sizes, what is kept, what cannot be undone)
 */
public record Plan(String title, List<PlannedStep> steps, List<String> notes) {

  public Plan {
    steps = List.copyOf(steps);
    notes = List.copyOf(notes);
  }

  /** How the plan is to be read: executed now, dry run, or commands for someone else. */
  public enum Mode {
    APPLYING("applying"),
    DRY_RUN("dry run: nothing was changed; add --apply to act"),
    FOR_OPERATOR("NOT EXECUTED: commitbench does not manage this server; its operator runs these commands");

    private final String banner;

    Mode(String banner) {
      this.banner = banner;
    }

    public String banner() {
      return banner;
    }
  }

  /** The plan as numbered text lines, headed by its title and the mode's banner. */
  public List<String> render(Mode mode) {
    List<String> lines = new ArrayList<>();
    lines.add("Plan: " + title + " (" + mode.banner() + ")");
    for (int i = 0; i < steps.size(); i++) {
      PlannedStep step = steps.get(i);
      lines.add(String.format("  %2d. %s", i + 1, step.description()));
      for (String action : step.actions()) {
        lines.add("        " + action);
      }
    }
    for (String note : notes) {
      lines.add("  note: " + note);
    }
    return lines;
  }

  /** Builds a plan step by step. */
  public static final class Builder {
    private final String title;
    private final List<PlannedStep> steps = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    public Builder(String title) {
      this.title = title;
    }

    public Builder step(PlannedStep step) {
      steps.add(step);
      return this;
    }

    /** Adds a step that {@link Applier#apply} runs, rendered from the same object. */
    public Builder step(Step step) {
      steps.add(step.shown());
      return this;
    }

    public Builder note(String note) {
      notes.add(note);
      return this;
    }

    public Plan build() {
      return new Plan(title, steps, notes);
    }
  }
}
