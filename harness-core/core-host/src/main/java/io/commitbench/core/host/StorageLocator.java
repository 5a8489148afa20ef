package io.commitbench.core.host;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Finds where a path of this host is stored: symlinks resolved, the mount that holds it ({@code
 * /proc/self/mountinfo}), the filesystem's block device and what that device is built on
 * (partition to disk, loop device to the device of its backing file, device-mapper and md to
 * their {@code slaves}, every device of a multi-device btrfs), with each device's {@code queue}
 * attributes, size, holders and partitions, and the free space; and describes the block device of a
 * device node ({@link #blockDevice}). Linux only; it only reads.
 *
 * <pre>
 * PathStorage s = StorageLocator.system().locate(Path.of("/var/lib/postgresql/15/main/pg_wal"));
 * s.mount().filesystem();                       // "ext4"
 * s.leaves().get(0).rotational();               // Optional[true]
 * </pre>
 *
 * <p>Thread-safe: every call reads the mount table and {@code /sys} afresh.
 */
public final class StorageLocator {

  /** Deeper device stacks than this are taken for a cycle. */
  private static final int MAX_DEPTH = 8;

  private final Path mountinfo;
  private final SysBlock sys;

  /**
   * @param mountinfo a mountinfo file, normally {@code /proc/self/mountinfo}
   * @param sysRoot a sysfs tree, normally {@code /sys}
   */
  public StorageLocator(Path mountinfo, Path sysRoot) {
    this.mountinfo = mountinfo;
    this.sys = new SysBlock(sysRoot);
  }

  /** The locator over this host's {@code /proc/self/mountinfo} and {@code /sys}. */
  public static StorageLocator system() {
    return new StorageLocator(Path.of("/proc/self/mountinfo"), Path.of("/sys"));
  }

  /**
   * Describes the storage of an existing path.
   *
   * @throws java.nio.file.NoSuchFileException when the path (or a symlink's target) does not exist
   * @throws IOException when the mount table cannot be read or holds no mount for the path
   */
  public PathStorage locate(Path path) throws IOException {
    return locate(path, MountTable.read(mountinfo), 0);
  }

  /**
   * Describes the block device of a device node such as {@code /dev/loop3} or {@code /dev/vg/lv}
   * (symlinks followed): empty when the path does not exist or is not a block device.
   *
   * @throws IOException when the node's attributes, its {@code /sys} directory or the mount table
   *     cannot be read
   */
  public Optional<BlockDevice> blockDevice(Path node) throws IOException {
    Optional<String> number = SysBlock.numberOfNode(node);
    if (number.isEmpty()) {
      return Optional.empty();
    }
    Path dir = sys.byNumber(number.get())
        .orElseThrow(() -> new IOException("device " + number.get() + " of " + node + " is not in /sys"));
    return Optional.of(describe(dir, MountTable.read(mountinfo), 0));
  }

  private PathStorage locate(Path path, MountTable mounts, int depth) throws IOException {
    Path real = path.toAbsolutePath().toRealPath();
    MountInfo mount = mounts.mountOf(real)
        .orElseThrow(() -> new IOException("no mount in " + mountinfo + " holds " + real));
    List<BlockDevice> devices = new ArrayList<>();
    String noDevice = "";
    Optional<Path> top = mount.hasBlockDeviceNumber() ? sys.byNumber(mount.majorMinor()) : Optional.empty();
    if (top.isEmpty() && mount.source().startsWith("/dev/")) {
      top = sys.bySource(mount.source());
    }
    if (top.isEmpty()) {
      noDevice = mount.hasBlockDeviceNumber()
          ? "device " + mount.majorMinor() + " of " + mount.filesystem() + " on " + mount.mountPoint() + " is not in /sys"
          : mount.filesystem() + " from '" + mount.source() + "' has no block device";
    } else {
      List<Path> tops = "btrfs".equals(mount.filesystem())
          ? sys.btrfsDevices(top.get().getFileName().toString()) : List.of();
      for (Path dir : tops.isEmpty() ? List.of(top.get()) : tops) {
        devices.add(describe(dir, mounts, depth));
      }
    }
    OptionalLong free = OptionalLong.empty();
    OptionalLong total = OptionalLong.empty();
    try {
      FileStore store = Files.getFileStore(real);
      free = OptionalLong.of(store.getUsableSpace());
      total = OptionalLong.of(store.getTotalSpace());
    } catch (IOException e) {
      // Free space stays unknown; the rest is still true.
    }
    return new PathStorage(path, real, mount, devices, noDevice, free, total);
  }

  private BlockDevice describe(Path dir, MountTable mounts, int depth) throws IOException {
    if (depth > MAX_DEPTH) {
      throw new IOException("block devices nested deeper than " + MAX_DEPTH + " at " + dir);
    }
    String name = dir.getFileName().toString();
    String number = SysBlock.read(dir.resolve("dev")).orElse("?");
    Path queue = dir.resolve("queue");
    BlockDevice.Kind kind = BlockDevice.Kind.DISK;
    String detail = "";
    String belowNote = "";
    List<BlockDevice> below = new ArrayList<>();
    if (Files.exists(dir.resolve("partition"))) {
      kind = BlockDevice.Kind.PARTITION;
      queue = dir.getParent().resolve("queue");
      below.add(describe(dir.getParent(), mounts, depth + 1));
    } else if (Files.isDirectory(dir.resolve("loop"))) {
      kind = BlockDevice.Kind.LOOP;
      String file = SysBlock.read(dir.resolve("loop/backing_file")).orElse("");
      detail = file;
      if (file.isEmpty()) {
        belowNote = "no backing file";
      } else if (file.endsWith(" (deleted)")) {
        belowNote = "backing file deleted";
      } else {
        try {
          PathStorage backing = locate(Path.of(file), mounts, depth + 1);
          detail = file + " on " + backing.mount().filesystem();
          below.addAll(backing.devices());
          belowNote = backing.noDeviceReason();
        } catch (IOException e) {
          belowNote = "backing file not found: " + e.getMessage();
        }
      }
    } else {
      List<Path> slaves = SysBlock.list(dir.resolve("slaves"));
      if (Files.isDirectory(dir.resolve("dm"))) {
        kind = BlockDevice.Kind.DEVICE_MAPPER;
        detail = SysBlock.read(dir.resolve("dm/name")).orElse("");
      } else if (!slaves.isEmpty()) {
        kind = BlockDevice.Kind.STACKED;
        detail = SysBlock.read(dir.resolve("md/level")).orElse("");
      }
      for (Path slave : slaves) {
        below.add(describe(slave.toRealPath(), mounts, depth + 1));
      }
    }
    Optional<Boolean> rotational = SysBlock.read(queue.resolve("rotational"))
        .filter(v -> v.equals("0") || v.equals("1")).map("1"::equals);
    List<String> holders = new ArrayList<>(names(SysBlock.list(dir.resolve("holders"))));
    Map<String, String> partitions = new TreeMap<>();
    if (kind != BlockDevice.Kind.PARTITION) {
      for (Path child : SysBlock.list(dir)) {
        if (Files.exists(child.resolve("partition"))) {
          String part = child.getFileName().toString();
          partitions.put(part, SysBlock.read(child.resolve("dev")).orElse("?"));
          names(SysBlock.list(child.resolve("holders"))).forEach(h -> holders.add(part + ": " + h));
        }
      }
    }
    OptionalLong sectors = SysBlock.readLong(dir.resolve("size"));
    OptionalLong size = sectors.isPresent() ? OptionalLong.of(sectors.getAsLong() * 512) : OptionalLong.empty();
    return new BlockDevice(name, number, kind, detail, rotational,
        SysBlock.readLong(queue.resolve("logical_block_size")), SysBlock.readLong(queue.resolve("physical_block_size")),
        SysBlock.readLong(queue.resolve("discard_max_bytes")), below, belowNote, size, holders, partitions,
        sys.btrfsFilesystem(name));
  }

  private static List<String> names(List<Path> entries) {
    return entries.stream().map(p -> p.getFileName().toString()).toList();
  }
}
