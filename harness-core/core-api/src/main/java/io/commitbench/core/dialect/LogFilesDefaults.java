package io.commitbench.core.dialect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The glob patterns of a log or data location named by a fact (see {@link ServerReadings#logFiles}). */
final class LogFilesDefaults {

  private LogFilesDefaults() {}

  /**
   * {@code location} itself, or all below it when it is a directory (or not on this host, where a
   * path without a file name extension is taken for one), and the same for its real path when a
   * link leads elsewhere (a relocated log).
   */
  static List<String> globs(String location) {
    Set<String> globs = new LinkedHashSet<>();
    Path path = Path.of(location);
    globs.add(glob(path));
    try {
      Path real = path.toRealPath();
      globs.add(glob(real));
    } catch (IOException | RuntimeException e) {
      // Not on this host, or gone: the path as named is all there is to match.
    }
    return List.copyOf(globs);
  }

  private static String glob(Path path) {
    boolean directory = Files.isDirectory(path) || !Files.exists(path) && !path.getFileName().toString().contains(".");
    String text = path.toString().replaceFirst("/+$", "");
    return directory ? text + "/**" : text;
  }
}
