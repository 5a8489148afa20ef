package io.commitbench.storage.relocate;

import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;

/**
 * Moving one server's transaction log (PostgreSQL WAL, InnoDB redo log, Oracle online redo
 * groups) to another directory. Every kind of server has its own procedure; they share this shape:
 * check and plan first, changing nothing, then act step by step, writing each finished step to a
 * journal that {@code storage undo} can reverse.
 */
public interface LogRelocation {

  /**
   * Checks the request against the server and the target, and describes what {@link #apply}
   * will do. Changes nothing.
   *
   * @throws RefusedException when the move must not be done (target missing or not writable, too
   *     little free space, outside what the agent was given, another move in progress, …)
   */
  Plan plan() throws RefusedException;

  /**
   * Carries out the plan through the applier, under the journal it began: the steps the plan
   * showed, each shown as it runs and journaled once finished. On failure it restores the server
   * to where it was before (old log location, server running), writes that to the journal and
   * throws.
   */
  void apply(Applier applier) throws Exception;
}
