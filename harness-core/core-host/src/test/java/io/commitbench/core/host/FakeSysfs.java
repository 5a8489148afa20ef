package io.commitbench.core.host;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Builds a {@code /sys} tree the way the kernel lays it out, for {@link StorageLocator} tests:
 * device directories under {@code devices/}, reached through the symlinks {@code dev/block/M:m},
 * {@code class/block/<name>} and {@code block/<name>}; a partition's directory inside its disk's;
 * {@code slaves/} links for stacked devices; {@code fs/btrfs/<uuid>/devices/} links. Not
 * thread-safe.
 */
final class FakeSysfs {

  final Path root;

  FakeSysfs(Path root) throws IOException {
    this.root = Files.createDirectories(root);
  }

  /** A whole disk with its queue attributes. */
  Path disk(String name, String number, int rotational, int logical, int physical, long discardMax) throws IOException {
    Path dir = device(root.resolve("devices/pci0000:00/block").resolve(name), name, number, true);
    queue(dir, rotational, logical, physical, discardMax);
    return dir;
  }

  /** A partition of {@code disk}: no queue of its own. */
  Path partition(Path disk, String name, String number, int index) throws IOException {
    Path dir = device(disk.resolve(name), name, number, false);
    Files.writeString(dir.resolve("partition"), index + "\n");
    return dir;
  }

  /** A loop device over {@code backingFile} (as the kernel writes it, possibly "... (deleted)"). */
  Path loop(String name, String number, String backingFile, int rotational) throws IOException {
    Path dir = device(root.resolve("devices/virtual/block").resolve(name), name, number, true);
    Files.createDirectories(dir.resolve("loop"));
    Files.writeString(dir.resolve("loop/backing_file"), backingFile + "\n");
    queue(dir, rotational, 512, 512, 4096);
    return dir;
  }

  /** A device-mapper device over {@code slaves}. */
  Path deviceMapper(String name, String number, String dmName, Path... slaves) throws IOException {
    Path dir = device(root.resolve("devices/virtual/block").resolve(name), name, number, true);
    Files.createDirectories(dir.resolve("dm"));
    Files.writeString(dir.resolve("dm/name"), dmName + "\n");
    queue(dir, 0, 512, 4096, 0);
    for (Path slave : slaves) {
      Files.createDirectories(dir.resolve("slaves"));
      Files.createSymbolicLink(dir.resolve("slaves").resolve(slave.getFileName()), slave);
    }
    return dir;
  }

  /** A btrfs filesystem over {@code devices}. */
  void btrfs(String uuid, Path... devices) throws IOException {
    Path dir = Files.createDirectories(root.resolve("fs/btrfs").resolve(uuid).resolve("devices"));
    for (Path device : devices) {
      Files.createSymbolicLink(dir.resolve(device.getFileName()), device);
    }
  }

  private Path device(Path dir, String name, String number, boolean listedInBlock) throws IOException {
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("dev"), number + "\n");
    link(root.resolve("dev/block").resolve(number), dir);
    link(root.resolve("class/block").resolve(name), dir);
    if (listedInBlock) {
      link(root.resolve("block").resolve(name), dir);
    }
    return dir;
  }

  private static void queue(Path dir, int rotational, int logical, int physical, long discardMax) throws IOException {
    Path queue = Files.createDirectories(dir.resolve("queue"));
    Files.writeString(queue.resolve("rotational"), rotational + "\n");
    Files.writeString(queue.resolve("logical_block_size"), logical + "\n");
    Files.writeString(queue.resolve("physical_block_size"), physical + "\n");
    Files.writeString(queue.resolve("discard_max_bytes"), discardMax + "\n");
  }

  private static void link(Path link, Path target) throws IOException {
    Files.createDirectories(link.getParent());
    Files.createSymbolicLink(link, target);
  }
}
