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
    replace(file, content, true);
  }

  /**
   * Replaces {@code file} atomically, as {@link #write}, but forces nothing to disk: a process
   * that dies at any moment (SIGKILL, a crashed JVM) leaves the old content or the new, since the
   * page cache outlives the process; only a lost machine may lose the newest version. For a file
   * rewritten every second while a run measures: two forced writes a second would be I/O of the
   * harness's own on the device it may be measuring.
   */
  public static void replaceVolatile(Path file, byte[] content) throws IOException {
    replace(file, content, false);
  }

  private static void replace(Path file, byte[] content, boolean durable) throws IOException {
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
        if (durable) {
          channel.force(true);
        }
      }
      Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      if (durable) {
        try (FileChannel directory = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
          directory.force(true);
        }
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
