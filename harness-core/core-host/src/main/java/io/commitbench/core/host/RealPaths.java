package io.commitbench.core.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Real paths of paths that may not exist yet. */
public final class RealPaths {

  private RealPaths() {}

  /**
   * The real path (symlinks resolved) of a path's deepest existing ancestor with the rest appended,
   * so that a directory still to be made, or a file a server will create under a symlinked
   * directory, is named as {@code /proc/self/mountinfo} and {@code losetup} will show it. Empty
   * when no ancestor exists or one cannot be resolved.
   */
  public static Optional<Path> ofDeepestExisting(Path path) {
    Path p = path.toAbsolutePath().normalize();
    Path rest = p.getFileSystem().getPath("");
    for (Path dir = p; dir != null; dir = dir.getParent()) {
      if (Files.exists(dir)) {
        try {
          return Optional.of(dir.toRealPath().resolve(rest).normalize());
        } catch (IOException e) {
          return Optional.empty();
        }
      }
      rest = dir.getFileName().resolve(rest);
    }
    return Optional.empty();
  }
}
