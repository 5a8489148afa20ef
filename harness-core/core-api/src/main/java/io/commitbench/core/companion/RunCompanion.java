package io.commitbench.core.companion;


/**
 * Something that works beside a run's actors and reports with it, such as the storage agent's
 * log formatter, which re-creates the server's log files as they become reusable. The harness
 * knows nothing of what a companion does; it only starts it before the actors, stops it after
 * them, and adds its report to the results.
 */
public interface RunCompanion {

  /**
   * Called after setup, before the first actor starts. A failure here fails the run before it
   * measures anything (the companion was asked for and could not do its job).
   */
  void start() throws Exception;

  /** Called once the actors finished or the run was stopped; must return promptly. */
  void stop() throws Exception;

  /** The companion's block for the report and summary; called after {@link #stop}, or after a failed start. */
  CompanionReport report();
}
