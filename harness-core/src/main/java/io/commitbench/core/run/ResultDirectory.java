package io.commitbench.core.run;

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
final class ResultDirectory {

  static final String REPORT = "report.txt";
  static final String SUMMARY = "summary.json";
  static final String INTERVALS = "intervals.csv";
  static final String HISTOGRAM_LOG = "latency.hlog";
  static final String CONFIG = "config.properties";

  private ResultDirectory() {}

  static Path create(Path resultsRoot, String runId) throws IOException {
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
