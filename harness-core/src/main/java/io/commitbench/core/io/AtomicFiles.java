package io.commitbench.core.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/** Writes result files so that a crash leaves the old file or the new one, never half of one. */
public final class AtomicFiles {

  private AtomicFiles() {}

  /**
   * Writes (or replaces) {@code file}: a sibling temp file, forced to disk, renamed over it, and
   * the directory forced too, so that the rename itself survives a crash.
   */
  public static void write(Path file, byte[] content) throws IOException {
    ByteBuffer data = ByteBuffer.wrap(content);
    // Not Files.createTempFile: it makes the file owner-only (0600), and the rename would carry
    // that over. A fixed name also replaces a leftover of a crashed write.
    Path temp = file.resolveSibling(file.getFileName() + ".tmp");
    try {
      try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        while (data.hasRemaining()) {
          channel.write(data);
        }
        channel.force(true);
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      try (FileChannel directory = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
        directory.force(true);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
