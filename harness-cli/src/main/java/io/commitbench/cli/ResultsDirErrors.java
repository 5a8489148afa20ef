package io.commitbench.cli;

import io.commitbench.core.config.BenchmarkConfig;
import io.commitbench.core.io.UnwritableDirectoryException;
import java.io.PrintWriter;

/**
 * Prints a run's folder that could not be made or written as bad input of results.dir, like a
 * configuration problem: the run stopped before it did anything.
 */
final class ResultsDirErrors {

  private ResultsDirErrors() {}

  static int report(BenchmarkConfig config, UnwritableDirectoryException e, PrintWriter err) {
    err.println("error: results.dir=" + config.resultsDirectory() + ": " + e.getMessage()
        + "; allowed: a directory on a filesystem with room for the run's results");
    err.println("nothing was run and no database was contacted.");
    err.flush();
    return ExitCodes.BAD_INPUT;
  }
}
