package io.commitbench.campaign;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * Runs a parameter file, with overrides, the way {@code commitbench run} does. The campaign lives
 * in the storage agent, which knows no database driver; the command line hands it a runner that
 * has them all.
 */
public interface WorkloadRunner {

  /**
   * Runs the workload to its end (or until {@link #requestStop}) and says how it went; the run's
   * results are written under {@code results.dir} whatever the outcome.
   *
   * @param overrides keys that replace the file's, e.g. {@code db.instance}, {@code results.dir}, {@code run.id}
   * @throws IOException when the run could not even start (bad parameter file, no connection)
   */
  WorkloadOutcome run(Path parameterFile, Map<String, String> overrides) throws IOException;

  /**
   * Checks the parameter file's own keys (not its connection, which each cell supplies) without
   * running anything, so a campaign refuses a bad file before it builds its first cell.
   *
   * @throws IllegalArgumentException naming every problem
   */
  void check(Path parameterFile);

  /** Asks the run in progress, if any, to stop and write what it measured. */
  void requestStop(String reason);

  /**
   * How one run ended.
   *
   * @param completed the run finished every cycle
   * @param transactionsPerSecond committed transactions per second over the measured time
   * @param resultDir the run's results folder
   * @param failure why it did not complete; empty when it did
   */
  record WorkloadOutcome(boolean completed, double transactionsPerSecond, Path resultDir, String failure) {}
}
