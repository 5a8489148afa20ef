package io.commitbench.storage.format;

import io.commitbench.core.host.StorageLocator;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Runs {@code fstrim} on the filesystem holding a log directory, so that the blocks of deleted
 * log files are discarded (TRIMmed) and a fresh file lands on erased flash — the point of
 * pre-formatting. Times it into a tally; a filesystem or device without discard support is noted,
 * not failed. The filesystem is synced first ({@code sync -f}): ext4 and xfs hand the blocks of a
 * file just deleted back only when their journal commits, and until then fstrim passes over them.
 */
public final class LogFilesystemTrim {

  private final CommandRunner runner;
  private final boolean enabled;

  public LogFilesystemTrim(CommandRunner runner, boolean enabled) {
    this.runner = runner;
    this.enabled = enabled;
  }

  /** Trims the filesystem of {@code logDirectory}, recording the action or why it was not done. */
  public void trim(Path logDirectory, FormatterTally tally) {
    if (!enabled) {
      tally.note("fstrim skipped: storage.format.fstrim=false");
      return;
    }
    Path mountPoint;
    try {
      mountPoint = mountPointOf(logDirectory);
    } catch (IOException e) {
      tally.note("fstrim skipped: cannot find the filesystem of " + logDirectory + " on this host (" + e.getMessage() + ")");
      return;
    }
    long began = System.nanoTime();
    try {
      runner.run(syncfs(mountPoint));
      runner.run(fstrim(mountPoint));
      tally.record("fstrim " + mountPoint, Duration.ofNanos(System.nanoTime() - began));
    } catch (CommandFailedException e) {
      tally.note(e.result().command().argv().get(0) + " " + mountPoint + " failed: " + e.result().stderr().strip());
    }
  }

  /**
   * Trims the filesystem holding {@code path} and nothing else; for callers that time and report
   * the action themselves.
   *
   * @throws IOException when the filesystem cannot be found or fstrim fails
   */
  public static void trimFilesystemOf(Path path, CommandRunner runner) throws IOException {
    Path mountPoint = mountPointOf(path);
    runner.run(syncfs(mountPoint));
    runner.run(fstrim(mountPoint));
  }

  private static Path mountPointOf(Path path) throws IOException {
    return StorageLocator.system().locate(path).mount().mountPoint();
  }

  private static Command syncfs(Path mountPoint) {
    return Command.of("sync", "-f", mountPoint.toString());
  }

  private static Command fstrim(Path mountPoint) {
    return Command.of("fstrim", mountPoint.toString());
  }
}
