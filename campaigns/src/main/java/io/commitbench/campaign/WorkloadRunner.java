package io.commitbench.campaign;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Runs a parameter file, with overrides, the way {@code commitbench run} does: {@link
 * AssembledWorkloadRunner}, through the core's {@code RunAssembly}; tests hand the campaign a fake.
 */
public interface WorkloadRunner {

  /**
   * Runs the workload to its end (or until {@link #requestStop}) and says how it went; the results
   * are written under {@code results.dir} whatever the outcome. With {@code runs=N} (in the file or
   * the overrides) the whole measurement is repeated N times, each run in its own folder of one
   * group folder.
   *
   * @param overrides keys that replace the file's, e.g. {@code db.instance}, {@code results.dir}, {@code run.id}
   * @throws IOException when the run could not even start (bad parameter file, no connection)
   */
  WorkloadOutcome run(Path parameterFile, Map<String, String> overrides) throws IOException;

  /**
   * Creates and loads the workload's tables and keeps them, as {@code commitbench prepare} does,
   * for later runs with {@code load=reuse} at the same {@code table.prefix}.
   *
   * @throws IOException when the data set could not be prepared, naming why
   */
  void prepare(Path parameterFile, Map<String, String> overrides) throws IOException;

  /**
   * Checks the parameter file's own keys (not its connection, which each cell supplies) without
   * running anything, so a campaign refuses a bad file before it builds its first cell.
   *
   * @param overrides keys the campaign will set on every run of the file (its table prefix, its runs)
   * @throws IllegalArgumentException naming every problem
   */
  void check(Path parameterFile, Map<String, String> overrides);

  /** Asks the run in progress, if any, to stop and write what it measured. */
  void requestStop(String reason);

  /**
   * How one run, or a group of runs, ended.
   *
   * @param completed every run finished every cycle
   * @param resultDir the run's results folder, or the group's
   * @param runDirs the results folder of each run, in run order (one, for a single run)
   * @param failure why it did not complete; empty when it did
   */
  record WorkloadOutcome(boolean completed, Path resultDir, List<Path> runDirs, String failure) {

    public WorkloadOutcome {
      runDirs = List.copyOf(runDirs);
    }
  }
}
