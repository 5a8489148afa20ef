package io.commitbench.storage.cow;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;

/**
 * The read phase: the whole file from start to end in {@link #BUFFER_BYTES} reads on one thread,
 * as a backup or a full table scan reads it. On a file the rewrite has scattered, each extent
 * boundary can cost the device a seek; that is what the article's 16:46 against 4:54 measured.
 */
final class LinearRead {

  static final int BUFFER_BYTES = 1 << 20;

  private LinearRead() {}

  static PhaseResult read(Path file, Duration progressEvery, CowProbeListener listener) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER_BYTES);
    long bytes = 0;
    long reads = 0;
    long start = System.nanoTime();
    long nextReport = start + progressEvery.toNanos();
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      int n;
      while ((n = channel.read(buffer)) >= 0) {
        buffer.clear();
        bytes += n;
        reads++;
        long now = System.nanoTime();
        if (now >= nextReport && bytes < size) {
          listener.progress("read", bytes, size, Duration.ofNanos(now - start));
          nextReport = now + progressEvery.toNanos();
        }
      }
    }
    return new PhaseResult("read", Duration.ofNanos(System.nanoTime() - start), bytes, reads, Optional.empty());
  }
}
