package io.commitbench.core.run;

import io.commitbench.core.io.UnwritableDirectoryException;
import io.commitbench.core.io.WriteProbe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The folder {@code results/<run-id>/} of one run. It never overwrites an earlier run: when the
 * name is taken, {@code -2}, {@code -3}, ... is appended.
 */
public final class ResultDirectory {

  static final String REPORT = "report.txt";
  static final String SUMMARY = "summary.json";
  static final String INTERVALS = "intervals.csv";
  static final String HISTOGRAM_LOG = "latency.hlog";
  static final String CONFIG = "config.properties";

  private ResultDirectory() {}

  /**
   * Makes the run's folder and proves it takes data (see {@link WriteProbe}), so that a full or
   * read-only filesystem stops the run before it starts instead of failing every result file.
   *
   * @throws UnwritableDirectoryException when the folder cannot be made or written; nothing is left of it
   */
  public static Path create(Path resultsRoot, String runId) throws IOException {
    Path directory;
    try {
      directory = newDirectory(resultsRoot, runId);
    } catch (IOException e) {
      throw new UnwritableDirectoryException("cannot create the run's folder " + runId + " in " + resultsRoot + " ("
          + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
    }
    try {
      WriteProbe.check(directory);
    } catch (UnwritableDirectoryException e) {
      Files.deleteIfExists(directory);
      throw e;
    }
    return directory;
  }

  private static Path newDirectory(Path resultsRoot, String runId) throws IOException {
    Files.createDirectories(resultsRoot);
    for (int attempt = 1; ; attempt++) {
      Path candidate = resultsRoot.resolve(attempt == 1 ? runId : runId + "-" + attempt);
      try {
        return Files.createDirectory(candidate);
      } catch (FileAlreadyExistsException taken) {
        // Another run has this name: try the next suffix.
      }
    }
  }

  /** The effective configuration (no secrets), so the run can be repeated as it was. */
  static void writeConfig(Path directory, Map<String, String> effective) throws IOException {
    StringBuilder text = new StringBuilder("# Effective configuration of this run (passwords are never written).\n");
    effective.forEach((k, v) -> text.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
    Files.writeString(directory.resolve(CONFIG), text, StandardCharsets.UTF_8);
  }
}
