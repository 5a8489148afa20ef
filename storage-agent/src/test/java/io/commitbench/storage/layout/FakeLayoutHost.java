package io.commitbench.storage.layout;

import io.commitbench.core.host.BlockDevice;
import io.commitbench.core.host.MountInfo;
import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandFailedException;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A host for layout unit tests: block devices given by the test (name, size, signatures, holders),
 * a probe over fake {@code /proc} files and a directory of fake programs, and a runner that records
 * every command and plays the ones layouts use on an in-memory model (signatures on devices, LVM
 * physical volumes, volume group and logical volumes, the mount table, btrfs subvolumes as
 * directories under the temporary root, out of sight after umount). Commands run are in
 * {@link #commands}; read-only presence probes ({@code lvs}, {@code pvs},
 * {@code btrfs subvolume show}) in {@link #probes}. A command can be made to fail.
 */
final class FakeLayoutHost implements LayoutHost, CommandRunner {

  final Path proc;
  final Path modules;
  final Path bin;
  final List<String> commands = new ArrayList<>();
  final List<String> probes = new ArrayList<>();
  final Map<Path, BlockDevice> devices = new LinkedHashMap<>();
  final Map<Path, List<String>> signatures = new LinkedHashMap<>();
  final List<MountInfo> mounts = new ArrayList<>();
  final List<String> users = new ArrayList<>();
  final List<Path> swaps = new ArrayList<>();
  final Set<String> pvs = new HashSet<>();
  final Set<String> vgs = new HashSet<>();
  final Set<String> lvs = new HashSet<>();
  boolean root = true;
  String failOn;
  private int nextMinor = 10;

  FakeLayoutHost(Path dir) throws IOException {
    proc = Files.createDirectories(dir.resolve("proc"));
    modules = Files.createDirectories(dir.resolve("modules"));
    bin = Files.createDirectories(dir.resolve("bin"));
    Files.createDirectories(proc.resolve("sys/kernel"));
    Files.writeString(proc.resolve("sys/kernel/osrelease"), "6.1.0-test\n");
    Files.writeString(proc.resolve("misc"), "237 loop-control\n236 device-mapper\n");
    Files.writeString(proc.resolve("filesystems"), "nodev\tsysfs\n\text4\n\txfs\n\tbtrfs\n\tjfs\n\tvfat\n");
    for (String program : List.of("mount", "umount", "wipefs", "mkdir", "rmdir", "chmod", "pvcreate", "vgcreate",
        "lvcreate", "lvremove", "vgremove", "pvremove", "lvs", "vgs", "pvs", "thin_check", "btrfs", "mkfs.ext4",
        "mkfs.xfs", "mkfs.btrfs", "mkfs.jfs", "mkfs.vfat")) {
      program(program);
    }
  }

  /** Installs a fake program. */
  void program(String name) throws IOException {
    Path p = bin.resolve(name);
    Files.writeString(p, "#!/bin/sh\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** A blank block device {@code /dev/NAME} of {@code mib} MiB. */
  Path device(String name, long mib) {
    Path path = Path.of("/dev", name);
    devices.put(path, blank(name, "7:" + nextMinor++, mib << 20, List.of()));
    signatures.put(path, new ArrayList<>());
    return path;
  }

  /** Replaces a device's facts. */
  void device(Path path, BlockDevice d) {
    devices.put(path, d);
  }

  /** A loop device {@code name} with nothing on it but {@code holders}. */
  static BlockDevice blank(String name, String majorMinor, long bytes, List<String> holders) {
    return new BlockDevice(name, majorMinor, BlockDevice.Kind.LOOP, "", Optional.of(true), OptionalLong.of(512),
        OptionalLong.of(512), OptionalLong.of(0), List.of(), "", OptionalLong.of(bytes), holders, Map.of(),
        Optional.empty());
  }

  @Override
  public CommandResult run(Command command) throws CommandFailedException {
    String line = command.display();
    commands.add(line);
    if (failOn != null && line.startsWith(failOn)) {
      throw new CommandFailedException(new CommandResult(command, 1, "", "failing as the test asked"));
    }
    CommandResult result = play(command);
    if (!result.succeeded()) {
      throw new CommandFailedException(result);
    }
    return result;
  }

  @Override
  public CommandResult attempt(Command command) {
    probes.add(command.display());
    return play(command);
  }

  private CommandResult play(Command command) {
    List<String> a = command.argv();
    String last = a.get(a.size() - 1);
    boolean ok = true;
    try {
      switch (a.get(0)) {
        case "wipefs" -> signatures.get(Path.of(last)).clear();
        case "pvcreate" -> a.subList(1, a.size()).forEach(pvs::add);
        case "pvremove" -> a.subList(2, a.size()).forEach(pvs::remove);
        case "pvs" -> ok = pvs.contains(last);
        case "vgcreate" -> vgs.add(a.get(3));
        case "vgremove" -> ok = vgs.remove(last);
        case "vgs" -> ok = vgs.contains(last);
        case "lvcreate" -> lvs.add(lvName(a));
        case "lvremove" -> ok = lvs.remove(last);
        case "lvs" -> ok = lvs.contains(last);
        case "mkfs.btrfs" -> a.stream().filter(s -> s.startsWith("/dev/")).forEach(d -> signatures.get(Path.of(d))
            .add("btrfs at 0x10040"));
        case "mkfs.ext4", "mkfs.xfs", "mkfs.jfs", "mkfs.vfat" -> {
          if (signatures.containsKey(Path.of(last))) {
            signatures.get(Path.of(last)).add(a.get(0).substring(5) + " at 0x0");
          }
        }
        case "mkdir" -> Files.createDirectories(Path.of(last));
        case "rmdir" -> Files.delete(Path.of(last));
        case "mount" -> mounts.add(new MountInfo(Path.of(last), "0:99", "/", a.get(2), a.get(a.size() - 2), "rw",
            "rw"));
        case "umount" -> {
          ok = mounts.removeIf(m -> m.mountPoint().equals(Path.of(last)));
          hideContents(Path.of(last));
        }
        case "btrfs" -> {
          switch (a.get(2)) {
            case "create", "snapshot" -> Files.createDirectory(Path.of(last));
            case "delete" -> Files.delete(Path.of(last));
            case "show" -> ok = Files.isDirectory(Path.of(last));
            default -> throw new IllegalArgumentException(command.display());
          }
        }
        default -> { }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new CommandResult(command, ok ? 0 : 5, "", ok ? "" : "not found");
  }

  /** What was made on a filesystem is out of sight once it is unmounted: the mount point reads empty. */
  private static void hideContents(Path mountPoint) throws IOException {
    if (!Files.isDirectory(mountPoint)) {
      return;
    }
    try (var tree = Files.walk(mountPoint)) {
      for (Path p : tree.sorted(java.util.Comparator.reverseOrder()).toList()) {
        if (!p.equals(mountPoint)) {
          Files.delete(p);
        }
      }
    }
  }

  /** {@code VG/NAME} of what an lvcreate makes: {@code -n NAME} with the VG last or {@code -T VG/pool}. */
  private static String lvName(List<String> a) {
    int n = a.indexOf("-n");
    String last = a.get(a.size() - 1);
    if (n < 0) {
      return last;
    }
    if (a.contains("-V")) {
      return a.get(a.indexOf("-T") + 1).split("/")[0] + "/" + a.get(n + 1);
    }
    String vg = last.contains("/") ? last.split("/")[0] : last;
    return vg + "/" + a.get(n + 1);
  }

  @Override
  public boolean isRoot() {
    return root;
  }

  @Override
  public HostProbe probe() {
    return new HostProbe(proc, modules, List.of(bin));
  }

  @Override
  public List<MountInfo> mounts() {
    return List.copyOf(mounts);
  }

  @Override
  public List<String> usersOf(Path mountPoint) {
    return List.copyOf(users);
  }

  @Override
  public Optional<BlockDevice> blockDevice(Path path) {
    return Optional.ofNullable(devices.get(path));
  }

  @Override
  public List<Path> swaps() {
    return List.copyOf(swaps);
  }

  @Override
  public List<String> signatures(Path device) {
    return List.copyOf(signatures.getOrDefault(device, List.of()));
  }

  @Override
  public boolean sameDevice(String mountSource, Path device) {
    return mountSource.equals(device.toString());
  }
}
