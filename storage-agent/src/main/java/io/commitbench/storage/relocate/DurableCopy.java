package io.commitbench.storage.relocate;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.stream.Stream;

/**
 * Copies a log file or directory so that the copy is on disk before the original may go: owner,
 * mode and times kept, every file and directory fsynced, sizes compared. The original is never
 * touched.
 */
public final class DurableCopy {

  private DurableCopy() {}

  /** Total bytes of the regular files under a path (the path itself when it is a file). */
  public static long sizeOf(Path p) throws IOException {
    if (!Files.isDirectory(p)) {
      return Files.size(p);
    }
    try (Stream<Path> all = Files.walk(p)) {
      long total = 0;
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        total += Files.size(f);
      }
      return total;
    }
  }

  /**
   * Copies a file or a directory tree to {@code to}, which must not exist.
   *
   * @return the bytes copied
   * @throws IOException when a copy's size differs from its original's
   */
  public static long copy(Path from, Path to) throws IOException {
    long bytes = copyTree(from, to);
    fsync(to.getParent());
    return bytes;
  }

  private static long copyTree(Path from, Path to) throws IOException {
    Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES, LinkOption.NOFOLLOW_LINKS);
    long bytes = 0;
    if (Files.isDirectory(from, LinkOption.NOFOLLOW_LINKS)) {
      try (Stream<Path> entries = Files.list(from)) {
        for (Path e : entries.sorted().toList()) {
          bytes += copyTree(e, to.resolve(e.getFileName().toString()));
        }
      }
      // A directory's times change as its entries are made; set them back like cp -a does.
      Files.setLastModifiedTime(to, Files.getLastModifiedTime(from));
    } else if (Files.isRegularFile(from, LinkOption.NOFOLLOW_LINKS)) {
      long want = Files.size(from);
      long got = Files.size(to);
      if (want != got) {
        throw new IOException("copy of " + from + " has " + got + " bytes, the original " + want);
      }
      bytes = got;
    }
    if (!Files.isSymbolicLink(to)) {
      fsync(to);
    }
    return bytes;
  }

  /** Forces a file's or a directory's contents and metadata to disk. */
  public static void fsync(Path p) throws IOException {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }
}
