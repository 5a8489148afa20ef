package io.commitbench.storage.format;

import io.commitbench.core.server.ConnectionSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Measures a run's log exposure with a kind's {@link LogExposure}: a sample when the measured run
 * begins and when it ends, and the log's files watched in between at every poll of the formatter.
 * What cannot be read is not a failure of the run: the report says "not available" and why.
 * {@link #begin}, {@link #look} and {@link #end} are called from one thread at a time.
 */
final class ExposureMeter {

  private final LogExposure exposure;
  private final ConnectionSource connections;
  private LogSample before;
  private LogSample after;
  private LogFileWatch watch;
  private String filesAbsent = "";
  private String failure = "";

  ExposureMeter(LogExposure exposure, ConnectionSource connections) {
    this.exposure = exposure;
    this.connections = connections;
  }

  /** The first sample and look at the files, as the measured run begins. */
  void begin() {
    try (Connection c = connections.open()) {
      before = exposure.sample(c);
      Path directory = exposure.logDirectory(c);
      watch = new LogFileWatch(directory, exposure::isLogFile);
      try {
        if (!Files.isDirectory(directory)) {
          throw new IOException("no directory " + directory + " on this host (is the server on another one?)");
        }
        watch.begin();
      } catch (IOException | RuntimeException e) {
        watch = null;
        filesAbsent = "cannot list " + directory + " here: " + message(e);
      }
    } catch (SQLException e) {
      failure = "cannot read the log's position: " + message(e);
    }
  }

  /** Looks at the log's files again; a failing look ends the watch, saying why. */
  void look() {
    if (watch == null) {
      return;
    }
    try {
      watch.look();
    } catch (IOException | RuntimeException e) {
      watch = null;
      filesAbsent = "the log directory could not be listed during the run: " + message(e);
    }
  }

  /** The last look and sample, as the measured run ends. */
  void end() {
    if (before == null) {
      return;
    }
    look();
    try (Connection c = connections.open()) {
      after = exposure.sample(c);
    } catch (SQLException e) {
      failure = "cannot read the log's position after the run: " + message(e);
    }
  }

  /** The report, or null when the samples could not be read (see {@link #failure()}). */
  ExposureReport report(String arm) {
    if (before == null || after == null) {
      return null;
    }
    ExposureReport.FileCounts files = watch == null ? null
        : new ExposureReport.FileCounts(watch.created(), watch.recycled(), watch.removed());
    return new ExposureReport(arm, exposure.unit(), exposure.reuse(), before, after, files, filesAbsent);
  }

  /** Why there is no report; empty when there is one or nothing was tried. */
  String failure() {
    return failure;
  }

  private static String message(Exception e) {
    return e.getMessage() == null ? e.toString() : e.getMessage();
  }
}
