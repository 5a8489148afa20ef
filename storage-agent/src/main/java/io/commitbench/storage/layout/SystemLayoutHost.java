package io.commitbench.storage.layout;

import io.commitbench.core.host.MountInfo;
import io.commitbench.core.host.MountTable;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.exec.ProcessCommandRunner;
import io.commitbench.storage.host.MountUsers;
import io.commitbench.storage.exec.Programs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * This host: {@code /proc/self/mountinfo}, {@code /proc/swaps}, {@code /sys/dev/block} (size,
 * holders, partitions), {@code /sys/fs/btrfs}, a file's {@code unix:mode} and {@code unix:rdev}
 * for whether it is a block device and which, and {@code wipefs --no-act} for signatures (it only
 * reads).
 */
final class SystemLayoutHost implements LayoutHost {

  private static final int S_IFMT = 0170000;
  private static final int S_IFBLK = 0060000;
  private static final Path SYS = Path.of("/sys");

  private final HostProbe probe = HostProbe.system();
  private final CommandRunner reader = new ProcessCommandRunner(Duration.ofSeconds(30));

  @Override
  public boolean isRoot() {
    return Programs.runningAsRoot();
  }

  @Override
  public HostProbe probe() {
    return probe;
  }

  @Override
  public List<MountInfo> mounts() throws IOException {
    return MountTable.read(Path.of("/proc/self/mountinfo")).mounts();
  }

  @Override
  public List<String> usersOf(Path mountPoint) throws IOException {
    return MountUsers.of(mountPoint);
  }

  @Override
  public Optional<BlockDevice> blockDevice(Path path) throws IOException {
    if (!Files.exists(path)) {
      return Optional.empty();
    }
    Map<String, Object> attributes = Files.readAttributes(path, "unix:mode,rdev");
    if ((((Integer) attributes.get("mode")) & S_IFMT) != S_IFBLK) {
      return Optional.empty();
    }
    long rdev = (Long) attributes.get("rdev");
    // glibc's encoding of dev_t (gnu_dev_major / gnu_dev_minor).
    long major = ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
    long minor = (rdev & 0xff) | ((rdev >>> 12) & ~0xffL);
    String majMin = major + ":" + minor;
    Path dir = SYS.resolve("dev/block").resolve(majMin).toRealPath();
    String name = dir.getFileName().toString();
    long size = Long.parseLong(Files.readString(dir.resolve("size")).strip()) * 512;
    List<String> holders = new ArrayList<>(list(dir.resolve("holders")));
    Map<String, String> partitions = new TreeMap<>();
    for (String child : list(dir)) {
      Path sub = dir.resolve(child);
      if (Files.exists(sub.resolve("partition"))) {
        partitions.put(child, Files.readString(sub.resolve("dev")).strip());
        list(sub.resolve("holders")).forEach(h -> holders.add(child + ": " + h));
      }
    }
    Optional<String> btrfs = Optional.empty();
    for (String uuid : list(SYS.resolve("fs/btrfs"))) {
      if (Files.exists(SYS.resolve("fs/btrfs").resolve(uuid).resolve("devices").resolve(name))) {
        btrfs = Optional.of(uuid);
      }
    }
    return Optional.of(new BlockDevice(path, path.toRealPath(), name, majMin, size, holders, partitions, btrfs));
  }

  @Override
  public List<Path> swaps() throws IOException {
    Path swaps = Path.of("/proc/swaps");
    if (!Files.isReadable(swaps)) {
      return List.of();
    }
    return Files.readAllLines(swaps).stream().skip(1).filter(l -> !l.isBlank())
        .map(l -> Path.of(l.split("\\s+")[0].replace("\\040", " "))).toList();
  }

  @Override
  public List<String> signatures(Path device) throws IOException {
    CommandResult r = reader.attempt(Command.of("wipefs", "--no-act", "--noheadings", "--output", "TYPE,OFFSET",
        device.toString()));
    if (!r.succeeded()) {
      throw new IOException("wipefs could not read " + device + ": " + r.stderr().strip());
    }
    return r.stdout().lines().map(String::strip).filter(l -> !l.isEmpty()).map(l -> l.replaceFirst("\\s+", " at "))
        .toList();
  }

  @Override
  public boolean sameDevice(String mountSource, Path device) {
    if (mountSource.equals(device.toString())) {
      return true;
    }
    try {
      return Path.of(mountSource).toRealPath().equals(device.toRealPath());
    } catch (IOException | java.nio.file.InvalidPathException e) {
      return false;
    }
  }

  private static List<String> list(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }
}
