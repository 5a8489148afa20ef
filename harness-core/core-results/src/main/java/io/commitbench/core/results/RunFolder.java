package io.commitbench.core.results;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The files of one run's results folder, by name, as a run writes them. Reading code goes through
 * here so that {@code report} and {@code compare} work on any folder, older runs' included.
 *
 * @param directory the run's folder ({@code results/<run-id>/})
 */
public record RunFolder(Path directory) {

  public static final String REPORT_TEXT = "report.txt";
  public static final String SUMMARY = "summary.json";
  public static final String INTERVALS = "intervals.csv";
  public static final String HISTOGRAM_LOG = "latency.hlog";
  public static final String ENVIRONMENT = "environment.json";
  public static final String REPORT_HTML = "report.html";

  public Path summary() {
    return directory.resolve(SUMMARY);
  }

  public Path reportText() {
    return directory.resolve(REPORT_TEXT);
  }

  public Path intervals() {
    return directory.resolve(INTERVALS);
  }

  public Path histogramLog() {
    return directory.resolve(HISTOGRAM_LOG);
  }

  public Path environment() {
    return directory.resolve(ENVIRONMENT);
  }

  public Path reportHtml() {
    return directory.resolve(REPORT_HTML);
  }

  /** Whether the folder holds a run's results: its summary is there (a run writes it while it measures). */
  public boolean isRun() {
    return Files.isRegularFile(summary());
  }
}
