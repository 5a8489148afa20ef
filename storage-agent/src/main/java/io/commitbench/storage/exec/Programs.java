package io.commitbench.storage.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the programs the agent runs. Tools such as {@code filefrag}, {@code losetup} and {@code
 * mkfs.*} live in {@code /usr/sbin}, which a non-root user's PATH (and a test's) often lacks, so the
 * sbin directories are searched after the PATH. Stateless and thread-safe.
 */
public final class Programs {

  private static final List<String> SYSTEM_DIRS = List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin");

  private Programs() {}

  /** The executable named {@code program} on the PATH or in the sbin/bin directories, if any. */
  public static Optional<Path> find(String program) {
    List<String> dirs = new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(":")));
    dirs.addAll(SYSTEM_DIRS);
    return dirs.stream().filter(d -> !d.isEmpty()).map(d -> Path.of(d, program)).filter(Files::isExecutable)
        .findFirst();
  }

  /**
   * Whether this process runs with user id 0, read from the owner of {@code /proc/self} (the
   * effective uid); falls back to the user name where {@code /proc} cannot say.
   */
  public static boolean runningAsRoot() {
    try {
      return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return "root".equals(System.getProperty("user.name"));
    }
  }
}
