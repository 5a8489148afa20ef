package io.commitbench.storage.layout;

import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.host.MountInfo;
import io.commitbench.core.host.MountTable;
import io.commitbench.core.host.StorageLocator;
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
import java.util.List;
import java.util.Optional;

/**
 * This host: {@code /proc/self/mountinfo}, {@code /proc/swaps}, the block devices as {@link
 * StorageLocator#blockDevice} reads them from {@code /sys}, and {@code wipefs --no-act} for
 * signatures (it only reads).
 */
final class SystemLayoutHost implements LayoutHost {

  private final HostProbe probe = HostProbe.system();
  private final StorageLocator locator = StorageLocator.system();
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
    return locator.blockDevice(path);
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
}
