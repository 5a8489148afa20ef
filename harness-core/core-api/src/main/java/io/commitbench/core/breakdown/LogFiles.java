package io.commitbench.core.breakdown;

import java.nio.file.FileSystems;
import java.nio.file.Path;
import java.nio.file.PathMatcher;
import java.util.List;

/**
 * Which of a server's files are its log and which its data, as glob patterns over absolute paths
 * on the server's host (log first: a log inside the data directory is log), so that the kernel's
 * view of the server's I/O can be split by file class. Empty lists when the locations are unknown.
 *
 * @param logGlobs e.g. {@code /var/lib/postgresql/15/main/pg_wal/**}
 * @param dataGlobs e.g. {@code /var/lib/postgresql/15/main/**}
 */
public record LogFiles(List<String> logGlobs, List<String> dataGlobs) {

  public static final String LOG = "log";
  public static final String DATA = "data";

  public LogFiles {
    logGlobs = List.copyOf(logGlobs);
    dataGlobs = List.copyOf(dataGlobs);
  }

  /** Whether any location is known. */
  public boolean known() {
    return !logGlobs.isEmpty() || !dataGlobs.isEmpty();
  }

  /** {@link #LOG}, {@link #DATA}, or null when {@code file} is neither (another server's, a socket). */
  public String classOf(Path file) {
    if (matches(logGlobs, file)) {
      return LOG;
    }
    return matches(dataGlobs, file) ? DATA : null;
  }

  private static boolean matches(List<String> globs, Path file) {
    for (String glob : globs) {
      PathMatcher matcher = FileSystems.getDefault().getPathMatcher("glob:" + glob);
      if (matcher.matches(file)) {
        return true;
      }
    }
    return false;
  }
}
