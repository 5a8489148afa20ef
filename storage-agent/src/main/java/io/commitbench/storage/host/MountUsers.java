package io.commitbench.storage.host;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The processes that use a mounted filesystem: a scan of {@code /proc/PID/{cwd,root,exe,fd/*,maps}}
 * for paths under the mount point. Done here rather than by {@code fuser -m}, which exits 0 for the
 * kernel's own use of a mount point and prints one error per unreadable descriptor. Whatever holds
 * such a use would make {@code umount} fail (or, lazily, leave the device busy), so the storage
 * agent refuses to take a mount down while this list is not empty, and kills nothing itself.
 */
public final class MountUsers {

  private static final Path PROC = Path.of("/proc");

  private MountUsers() {}

  /** One line per process, {@code pid 123 (postgres): cwd /lab/ssd/pg}; empty when none. */
  public static List<String> of(Path mountPoint) throws IOException {
    List<String> users = new ArrayList<>();
    try (DirectoryStream<Path> pids = Files.newDirectoryStream(PROC, p -> p.getFileName().toString().matches("\\d+"))) {
      for (Path pid : pids) {
        use(pid, mountPoint).ifPresent(what -> users.add("pid " + pid.getFileName() + " (" + command(pid) + "): "
            + what));
      }
    }
    return users;
  }

  /** How a process uses the mount, or empty; unreadable entries (exited, other namespaces) count as unused. */
  private static Optional<String> use(Path pid, Path mount) {
    for (String link : List.of("cwd", "root", "exe")) {
      if (under(readLink(pid.resolve(link)), mount)) {
        return Optional.of(link + " " + readLink(pid.resolve(link)).orElse(""));
      }
    }
    try (Stream<Path> fds = Files.list(pid.resolve("fd"))) {
      Optional<String> open = fds.map(MountUsers::readLink).filter(t -> under(t, mount)).map(Optional::get)
          .findFirst();
      if (open.isPresent()) {
        return Optional.of("open file " + open.get());
      }
    } catch (IOException | SecurityException e) {
      // not ours to read, or gone
    }
    try (Stream<String> maps = Files.lines(pid.resolve("maps"))) {
      return maps.map(l -> l.indexOf('/') < 0 ? "" : l.substring(l.indexOf('/')))
          .filter(f -> !f.isEmpty() && Path.of(f).startsWith(mount)).findFirst().map(f -> "mapped " + f);
    } catch (IOException | UncheckedIOException | SecurityException e) {
      return Optional.empty();
    }
  }

  private static boolean under(Optional<String> target, Path mount) {
    return target.filter(t -> t.startsWith("/")).map(t -> Path.of(t.replace(" (deleted)", "")).startsWith(mount))
        .orElse(false);
  }

  private static Optional<String> readLink(Path link) {
    try {
      return Optional.of(Files.readSymbolicLink(link).toString());
    } catch (IOException | UnsupportedOperationException | SecurityException e) {
      return Optional.empty();
    }
  }

  private static String command(Path pid) {
    try {
      return Files.readString(pid.resolve("comm")).strip();
    } catch (IOException e) {
      return "?";
    }
  }
}
