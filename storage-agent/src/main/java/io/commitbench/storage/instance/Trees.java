package io.commitbench.storage.instance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.stream.Stream;

/** Removing what the agent made: a file, or a directory with all in it, never following a symlink. */
public final class Trees {

  private Trees() {}

  /** Deletes a file or a directory tree; a symlink is removed, never followed. Absent is fine. */
  public static void delete(Path p) throws IOException {
    if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
      return;
    }
    if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
      try (Stream<Path> entries = Files.list(p)) {
        for (Path e : entries.toList()) {
          delete(e);
        }
      }
    }
    Files.delete(p);
  }
}
