package io.commitbench.storage.instance;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * Rewrites a stopped server's log files in place, every block with the bytes it already holds, so
 * that no part of them is left preallocated and never written.
 *
 * <p>Why: MariaDB creates its redo log with fallocate. On btrfs a commit's first write into such
 * space goes in place, while the half-filled page it rewrites is copied elsewhere: two write I/Os
 * where a log written before takes one, until the whole log has been written once, which short
 * runs never reach (the cost: see docs/performance.md). A snapshot shares the preallocated space,
 * so every write is copied and the effect is gone: without the rewrite, campaign cells without
 * snapshots would measure slower than cells with them for this reason alone. A log written
 * through is what a server that has run for a while has. PostgreSQL writes zeros into each WAL
 * segment it creates ({@code wal_init_zero}), so its log is written already; rewriting it changes
 * nothing but costs its size in writes.
 *
 * <p>The contents never change, so a rewrite cut short leaves nothing to undo.
 */
final class LogRewrite {

  private static final int BLOCK = 1 << 20;

  private LogRewrite() {}

  /**
   * Rewrites {@code log}, a file or every regular file below a directory, and forces it to disk.
   *
   * @return the bytes rewritten
   */
  static long inPlace(Path log) throws IOException {
    List<Path> files;
    if (Files.isDirectory(log)) {
      try (Stream<Path> below = Files.walk(log)) {
        files = below.filter(Files::isRegularFile).sorted().toList();
      }
    } else {
      files = List.of(log);
    }
    ByteBuffer block = ByteBuffer.allocateDirect(BLOCK);
    long bytes = 0;
    for (Path file : files) {
      bytes += rewrite(file, block);
    }
    return bytes;
  }

  private static long rewrite(Path file, ByteBuffer block) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      long size = channel.size();
      long position = 0;
      while (position < size) {
        block.clear();
        int read = channel.read(block, position);
        if (read <= 0) {
          break;
        }
        block.flip();
        long at = position;
        while (block.hasRemaining()) {
          at += channel.write(block, at);
        }
        position += read;
      }
      channel.force(false);
      return position;
    }
  }
}
