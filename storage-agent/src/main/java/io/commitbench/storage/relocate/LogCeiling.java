package io.commitbench.storage.relocate;

import java.nio.file.Path;
import java.util.Optional;

/**
 * How large a kind's log may grow at its new place, as the server's settings say, for the plan's
 * warning when the target's filesystem has less room: PostgreSQL's {@code max_wal_size} plus
 * {@code wal_keep_size}. A warning only, never a refusal: the figure is a soft limit the server
 * may exceed or stay far below. Immutable.
 *
 * @param bytes the size the log may reach
 * @param source where the figure comes from, e.g. {@code max_wal_size 1 GB + wal_keep_size 0 B
 *     (pg_settings)}
 */
public record LogCeiling(long bytes, String source) {

  public LogCeiling {
    if (bytes < 0) {
      throw new IllegalArgumentException("bytes must be at least 0, not " + bytes);
    }
  }

  /**
   * The plan's warning when the log may outgrow {@code free} bytes, the room left in {@code
   * target}'s filesystem before the move; none when it fits.
   */
  public Optional<String> warning(String logName, Path target, long free) {
    if (bytes <= free) {
      return Optional.empty();
    }
    return Optional.of(String.format("WARNING: the %s may grow to %,d bytes (%s), more than the %,d bytes free in %s"
        + " now; when that filesystem fills, the server stops; not refused: give a larger filesystem or lower the"
        + " setting if the workload will write that much", logName, bytes, source, free, target));
  }
}
