package io.commitbench.storage.lab;

import io.commitbench.core.host.MountInfo;
import io.commitbench.core.host.MountTable;
import io.commitbench.storage.exec.Programs;
import io.commitbench.storage.host.MountUsers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * This host: {@code /proc/self/mountinfo} (read by harness-core's {@link MountTable}),
 * {@code /sys/block}, {@code /dev/shm}, and {@link MountUsers} for the users of a mount.
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
  public Path toolPath(String program) {
    return Programs.find(program).orElse(Path.of("/usr/bin", program));
  }

  @Override
  public boolean hasFuse() {
    return Files.exists(Path.of("/dev/fuse"));
  }

  @Override
  public Optional<String> processCommandLine(long pid) throws IOException {
    Path dir = PROC.resolve(Long.toString(pid));
    try {
      String stat = Files.readString(dir.resolve("stat"));
      // The state follows the command name in parentheses, which may itself hold ") ".
      String state = stat.substring(stat.lastIndexOf(')') + 1).strip();
      if (state.startsWith("Z") || state.startsWith("X")) {
        return Optional.empty();
      }
      String line = new String(Files.readAllBytes(dir.resolve("cmdline")), java.nio.charset.StandardCharsets.UTF_8)
          .replace('\0', ' ').strip();
      return line.isEmpty() ? Optional.empty() : Optional.of(line);
    } catch (java.nio.file.NoSuchFileException e) {
      return Optional.empty();
    }
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
  public Path btrfsSysfs() {
    return Path.of("/sys/fs/btrfs");
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
    return MountUsers.of(mountPoint);
  }
}
