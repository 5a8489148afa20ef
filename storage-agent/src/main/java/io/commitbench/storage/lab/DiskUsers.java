package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabDevice;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What uses a raw disk's loop device now: a filesystem mounted from it (or from a partition of
 * it), a holder in {@code /sys/block/loopN/holders} (md, device-mapper), or a mounted btrfs that
 * has it as one of its devices ({@code /sys/fs/btrfs/UUID/devices/loopN}: a multi-device btrfs
 * shows only one device in the mount table). {@code losetup -d} on a busy loop device does not fail
 * but detaches it later, so {@code down} would delete the image under a live filesystem; it asks
 * here first and refuses instead.
 */
final class DiskUsers {

  private DiskUsers() {}

  /** Each use of the disk, as a phrase; empty when its loop device is free or no longer ours. */
  static List<String> of(LabDevice disk, LabHost host) throws IOException {
    Optional<String> kernelName = disk.kernelName();
    if (kernelName.isEmpty() || !DownSteps.backingFile(host, disk).map(b -> DownSteps.backsOntoImage(b, disk))
        .orElse(false)) {
      return List.of();
    }
    String loop = disk.loop().orElseThrow();
    List<String> uses = new ArrayList<>();
    for (LabHost.MountEntry m : host.mounts()) {
      if (m.source().equals(loop) || m.source().matches(java.util.regex.Pattern.quote(loop) + "p[0-9]+")) {
        uses.add(m.source() + " is mounted at " + m.mountPoint() + " (" + m.type() + ")");
      }
    }
    for (Path holder : list(host.sysBlock().resolve(kernelName.get()).resolve("holders"))) {
      uses.add("held by " + holder.getFileName());
    }
    for (Path fs : list(host.btrfsSysfs())) {
      if (Files.exists(fs.resolve("devices").resolve(kernelName.get()))) {
        uses.add("a device of the mounted btrfs " + fs.getFileName());
      }
    }
    return uses;
  }

  private static List<Path> list(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.sorted().toList();
    }
  }
}
