package io.commitbench.core.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a run folder can be made under results.dir, judged before anything runs and without
 * changing anything: the path, or the nearest part of it that exists, must be a directory, and
 * its filesystem must have room for a short run's result files. A filesystem that fills up
 * during a run is not caught here; the run's folder is probed again when it is made.
 *
 * <pre>
 * new ResultsDirCheck(ResultsDirCheck::usableBytes).problem(Path.of("results")); // empty when fine
 * </pre>
 */
final class ResultsDirCheck {

  /**
   * Far below what any run writes over time, but above what a full filesystem has left: a short
   * run's report, summary, interval files and environment take some 25 KB, an hour's interval
   * logs a few MB, an embedded H2 database more.
   */
  static final long MIN_FREE_BYTES = 1024 * 1024;
  private static final String ALLOWED = "; allowed: a directory, or a path where one can be created";

  /** The usable bytes of the filesystem holding a path that exists. */
  interface UsableSpace {
    long of(Path existing) throws IOException;
  }

  private final UsableSpace usableSpace;

  ResultsDirCheck(UsableSpace usableSpace) {
    this.usableSpace = usableSpace;
  }

  static long usableBytes(Path existing) throws IOException {
    return Files.getFileStore(existing).getUsableSpace();
  }

  /** What is wrong with {@code dir} as results.dir, said as "what; allowed: what is", or empty. */
  Optional<String> problem(Path dir) {
    Path existing = dir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return Optional.empty();
    }
    if (!Files.isDirectory(existing)) {
      return Optional.of(existing.equals(dir.toAbsolutePath()) ? "is an existing file, not a directory" + ALLOWED
          : existing + " is a file, so no directory can be created under it" + ALLOWED);
    }
    if (!Files.isWritable(existing)) {
      return Optional.of(existing + " is not writable" + ALLOWED + " by this user");
    }
    try {
      long free = usableSpace.of(existing);
      if (free < MIN_FREE_BYTES) {
        return Optional.of("the filesystem of " + existing + " has " + free + " bytes free; allowed: a directory on"
            + " a filesystem with at least " + MIN_FREE_BYTES + " bytes (1 MiB) free, room for a short run's result"
            + " files");
      }
    } catch (IOException e) {
      // The space cannot be read here (an unusual filesystem): the probe at the run's start still writes.
    }
    return Optional.empty();
  }
}
