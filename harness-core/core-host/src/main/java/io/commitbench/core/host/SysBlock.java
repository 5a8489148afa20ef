package io.commitbench.core.host;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * Finds device directories in a {@code /sys} tree (the real one, or a recorded copy in tests)
 * and reads their one-line attribute files; {@link StorageLocator} makes {@link BlockDevice}s of
 * them. Thread-safe: it keeps nothing.
 */
final class SysBlock {

  private static final int S_IFMT = 0170000;
  private static final int S_IFBLK = 0060000;

  private final Path sys;

  SysBlock(Path sys) {
    this.sys = sys;
  }

  /**
   * The device number {@code major:minor} of a block special file such as {@code /dev/loop3}
   * (its {@code unix:rdev}); empty when the path does not exist or is not a block device.
   */
  static Optional<String> numberOfNode(Path node) throws IOException {
    if (!Files.exists(node)) {
      return Optional.empty();
    }
    Map<String, Object> attributes = Files.readAttributes(node, "unix:mode,rdev");
    if ((((Integer) attributes.get("mode")) & S_IFMT) != S_IFBLK) {
      return Optional.empty();
    }
    long rdev = (Long) attributes.get("rdev");
    // glibc's encoding of dev_t (gnu_dev_major / gnu_dev_minor).
    long major = ((rdev >>> 8) & 0xfff) | ((rdev >>> 32) & ~0xfffL);
    long minor = (rdev & 0xff) | ((rdev >>> 12) & ~0xffL);
    return Optional.of(major + ":" + minor);
  }

  /** The UUID of the btrfs filesystem whose {@code devices} lists {@code deviceName}, if any. */
  Optional<String> btrfsFilesystem(String deviceName) {
    for (Path fs : list(sys.resolve("fs/btrfs"))) {
      if (Files.exists(fs.resolve("devices").resolve(deviceName))) {
        return Optional.of(fs.getFileName().toString());
      }
    }
    return Optional.empty();
  }

  /** The directory of the device numbered {@code major:minor}, through {@code dev/block}. */
  Optional<Path> byNumber(String majorMinor) {
    return real(sys.resolve("dev/block").resolve(majorMinor));
  }

  /** The directory of a kernel device name ({@code vda1}, {@code dm-0}), through {@code class/block}. */
  Optional<Path> byName(String name) {
    return real(sys.resolve("class/block").resolve(name));
  }

  /**
   * The directory of a mount source such as {@code /dev/vda1} or {@code /dev/mapper/vg-data}: by
   * its file name, else by the kernel name its {@code /dev} symlink leads to, else by device-mapper
   * name ({@code dm/name}).
   */
  Optional<Path> bySource(String source) {
    Path file = Path.of(source).getFileName();
    if (file == null) {
      return Optional.empty();
    }
    Optional<Path> direct = byName(file.toString());
    if (direct.isPresent()) {
      return direct;
    }
    Optional<Path> linked = real(Path.of(source)).flatMap(p -> byName(p.getFileName().toString()));
    if (linked.isPresent()) {
      return linked;
    }
    for (Path device : list(sys.resolve("block"))) {
      if (read(device.resolve("dm/name")).filter(file.toString()::equals).isPresent()) {
        return real(device);
      }
    }
    return Optional.empty();
  }

  /**
   * The devices of the btrfs filesystem that {@code deviceName} belongs to (from {@code
   * fs/btrfs/<uuid>/devices}), or empty when no btrfs lists it.
   */
  List<Path> btrfsDevices(String deviceName) {
    for (Path fs : list(sys.resolve("fs/btrfs"))) {
      List<Path> devices = list(fs.resolve("devices"));
      if (devices.stream().anyMatch(d -> d.getFileName().toString().equals(deviceName))) {
        List<Path> real = new ArrayList<>();
        for (Path d : devices) {
          real(d).ifPresent(real::add);
        }
        return real;
      }
    }
    return List.of();
  }

  /** The entries of a directory, sorted by name; empty when it does not exist. */
  static List<Path> list(Path directory) {
    if (!Files.isDirectory(directory)) {
      return List.of();
    }
    try (Stream<Path> entries = Files.list(directory)) {
      return entries.sorted().toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  /** A one-line attribute file, trimmed; empty when absent or unreadable. */
  static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8).trim());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  static OptionalLong readLong(Path file) {
    Optional<String> text = read(file);
    try {
      return text.isPresent() ? OptionalLong.of(Long.parseLong(text.get())) : OptionalLong.empty();
    } catch (NumberFormatException e) {
      return OptionalLong.empty();
    }
  }

  private static Optional<Path> real(Path path) {
    try {
      return Optional.of(path.toRealPath());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
