package io.commitbench.storage.lab;

import io.commitbench.core.host.MountInfo;
import io.commitbench.core.host.MountTable;
import io.commitbench.storage.exec.Programs;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * This host: {@code /proc/self/mountinfo} (read by harness-core's {@link MountTable}),
 * {@code /sys/block}, {@code /dev/shm}, and a scan of
 * {@code /proc/PID/{cwd,root,exe,fd/*,maps}} for the users of a mount. The scan is done here rather
 * than by {@code fuser -m}, which exits 0 for the kernel's own use of a mount point and prints
 * one error per unreadable descriptor.
 */
final class SystemLabHost implements LabHost {

  private static final Path PROC = Path.of("/proc");

  @Override
  public boolean isRoot() {
    return Programs.runningAsRoot();
  }

  @Override
  public long usableSpace(Path dir) throws IOException {
    Path p = dir.toAbsolutePath();
    while (!Files.exists(p) && p.getParent() != null) {
      p = p.getParent();
    }
    return Files.getFileStore(p).getUsableSpace();
  }

  @Override
  public boolean hasTool(String program) {
    return Programs.find(program).isPresent();
  }

  @Override
  public Path shmDir() {
    return Path.of("/dev/shm");
  }

  @Override
  public Path sysBlock() {
    return Path.of("/sys/block");
  }

  @Override
  public Optional<Path> blkioMount() throws IOException {
    return mounts().stream()
        .filter(m -> m.type().equals("cgroup") && List.of(m.options().split(",")).contains("blkio"))
        .map(MountEntry::mountPoint).findFirst();
  }

  @Override
  public void removeCgroup(Path dir) throws IOException {
    try {
      Files.delete(dir);
    } catch (IOException e) {
      throw new IOException("cannot remove cgroup " + dir + ": " + e, e);
    }
  }

  @Override
  public List<MountEntry> mounts() throws IOException {
    List<MountEntry> entries = new ArrayList<>();
    for (MountInfo m : MountTable.read(PROC.resolve("self/mountinfo")).mounts()) {
      entries.add(new MountEntry(m.source(), m.mountPoint(), m.filesystem(), m.allOptions()));
    }
    return entries;
  }

  @Override
  public List<String> usersOf(Path mountPoint) throws IOException {
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
      Optional<String> open = fds.map(SystemLabHost::readLink).filter(t -> under(t, mount)).map(Optional::get)
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
    } catch (IOException | java.io.UncheckedIOException | SecurityException e) {
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
