package io.commitbench.storage.inspect;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Told how far a long {@link SyncProbe} has come, about every {@link SyncProbe#PROGRESS_EVERY},
 * so a user watching 100,000 synchronous writes on a slow disk knows it is still working. Called
 * on the probing thread.
 */
@FunctionalInterface
public interface ProbeProgress {

  /** Ignores every report. */
  ProbeProgress NONE = (directory, done, total, elapsed) -> { };

  void report(Path directory, int done, int total, Duration elapsed);
}
