package io.commitbench.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Proves that a directory takes data now: writes a probe file, forces it to disk and deletes it.
 * A full filesystem, one out of inodes, a quota or a read-only mount fail here, before a run
 * starts, and not with every result file afterwards. Forced, because some filesystems report a
 * lack of space only when the data is written back.
 *
 * <pre>
 * WriteProbe.check(runDirectory); // throws UnwritableDirectoryException saying why
 * </pre>
 */
public final class WriteProbe {

  /** Larger than the first lines of a report, small enough to cost nothing. */
  static final int PROBE_BYTES = 64 * 1024;
  static final String PROBE_NAME = ".commitbench-write-probe";

  private WriteProbe() {}

  public static void check(Path directory) throws UnwritableDirectoryException {
    Path probe = directory.resolve(PROBE_NAME);
    try {
      try (FileChannel channel = FileChannel.open(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer zeros = ByteBuffer.allocate(PROBE_BYTES);
        while (zeros.hasRemaining()) {
          channel.write(zeros);
        }
        channel.force(true);
      } finally {
        Files.deleteIfExists(probe);
      }
    } catch (IOException e) {
      throw new UnwritableDirectoryException("cannot write " + PROBE_BYTES + " bytes to " + directory + " ("
          + e.getClass().getSimpleName() + ": " + e.getMessage() + ")", e);
    }
  }
}
