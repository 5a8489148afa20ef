package io.commitbench.storage.format;

/**
 * A server's log at one moment, as a {@link LogExposure} reads it.
 *
 * @param position bytes of log the server ever wrote (its LSN as a byte count); only differences
 *     between two samples mean anything
 * @param unitBytes the size of one log file: a WAL segment, or the redo log (size × files)
 * @param checkpoints checkpoints the server took since it started, or null when it does not count them
 * @param checkpointsAbsent why {@code checkpoints} is null; empty otherwise
 */
public record LogSample(long position, long unitBytes, Long checkpoints, String checkpointsAbsent) {

  /** A sample with a checkpoint count. */
  public static LogSample counted(long position, long unitBytes, long checkpoints) {
    return new LogSample(position, unitBytes, checkpoints, "");
  }

  /** A sample of a server that does not count checkpoints, and why. */
  public static LogSample uncounted(long position, long unitBytes, String why) {
    return new LogSample(position, unitBytes, null, why);
  }
}
