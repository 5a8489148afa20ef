package io.commitbench.core.report;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A page drawn from a run's result files once the run has written them, such as report.html.
 * Pages are found by {@link java.util.ServiceLoader}, so the engine names none of them and runs
 * without any on the class path (a benchmark, a test).
 */
public interface ResultPage {

  /** The page's file name inside the run directory, for the warning when it cannot be drawn. */
  String fileName();

  /** Draws the page from the files in {@code runDirectory} and returns where it was written. */
  Path write(Path runDirectory) throws IOException;
}
