package io.commitbench.storage.lab;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.exec.CommandRunner;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A host in a temporary directory: a fake /sys/block whose loop devices appear as losetup attaches
 * them (loop7, loop8, ...; numbers 7:N, rotational 0), a fake /sys/fs/btrfs, a fake blkio hierarchy
 * (throttle lines accumulate in plain files, as the kernel keeps one rule per device), a fake
 * /dev/shm; and a runner that records every command and plays the few the lab uses on that fake
 * (losetup attaches and detaches, mount and umount change the mount table, truncate/mkdir/rmdir/rm
 * act on the temporary files). A command can be made to fail.
 */
final class FakeHost implements LabHost, CommandRunner {

  final Path sysBlock;
  final Path btrfs;
  final Path blkio;
  final Path shm;
  final List<String> commands = new ArrayList<>();
  final List<MountEntry> mounts = new ArrayList<>();
  final List<String> users = new ArrayList<>();
  boolean root = true;
  long free = Long.MAX_VALUE;
  String failOn;
  /** What the fake fio prints: a minimal JSON output of the four calibration jobs. */
  String fioOutput = FIO_OUTPUT;
  /** What the fake fio prints when run read-only: the two read jobs on the raw loop device. */
  String fioReadOutput = FIO_READ_OUTPUT;
  boolean fuse = true;
  /** Programs the host lacks; every other one is there. */
  final java.util.Set<String> absentTools = new java.util.HashSet<>();
  boolean pluginHeader = true;
  /** Running fake processes: pid to command line (nbdkit, nbdfuse). */
  final java.util.Map<Long, String> processes = new java.util.TreeMap<>();
  private int nextLoop = 7;
  private long nextPid = 4000;

  static final String FIO_OUTPUT = """
      {"fio version": "fio-3.33", "jobs": [
        {"jobname": "fdatasync", "write": {"total_ios": 140, "iops": 70.0},
         "sync": {"total_ios": 0, "lat_ns": {"N": 140, "percentile": {"50.000000": 13500000, "99.000000": 41000000}}}},
        {"jobname": "fdatasync-paced", "write": {"total_ios": 125, "iops": 41.5},
         "sync": {"total_ios": 0, "lat_ns": {"N": 125, "percentile": {"50.000000": 14200000, "99.000000": 30500000}}}},
        {"jobname": "seqwrite", "write": {"total_ios": 9, "iops": 9.5}},
        {"jobname": "randwrite", "write": {"total_ios": 70, "iops": 70.25,
         "clat_ns": {"N": 70, "percentile": {"50.000000": 13900000, "99.000000": 15200000}}}}]}
      """;

  static final String FIO_READ_OUTPUT = """
      {"fio version": "fio-3.33", "jobs": [
        {"jobname": "randread", "read": {"total_ios": 160, "iops": 80.0, "bw_bytes": 655360,
         "clat_ns": {"N": 160, "percentile": {"50.000000": 12300000, "99.000000": 16700000}}}},
        {"jobname": "seqread", "read": {"total_ios": 128, "iops": 4.2, "bw_bytes": 4404019}}]}
      """;

  FakeHost(Path dir) throws IOException {
    sysBlock = Files.createDirectories(dir.resolve("sys/block"));
    btrfs = Files.createDirectories(dir.resolve("sys/fs/btrfs"));
    Files.createDirectories(btrfs.resolve("features")); // as on a host with btrfs loaded: not a filesystem
    blkio = Files.createDirectories(dir.resolve("cgroup/blkio"));
    Files.writeString(blkio.resolve("blkio.throttle.write_iops_device"), "");
    shm = Files.createDirectories(dir.resolve("shm"));
  }

  /** /sys/block/loopN with its numbers and a rotational flag reading 0, as a fresh loop device has. */
  private void appear(String name) throws IOException {
    Path queue = Files.createDirectories(sysBlock.resolve(name + "/queue"));
    Files.createDirectories(sysBlock.resolve(name + "/holders"));
    Files.writeString(queue.getParent().resolve("dev"), "7:" + name.substring("loop".length()) + "\n");
    Files.writeString(queue.resolve("rotational"), "0\n");
  }

  @Override
  public CommandResult attempt(Command command) {
    String line = command.display();
    commands.add(line);
    if (failOn != null && line.startsWith(failOn)) {
      return new CommandResult(command, 1, "", "failing as the test asked");
    }
    try {
      return new CommandResult(command, 0, play(command.argv()), "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private String play(List<String> a) throws IOException {
    switch (a.get(0)) {
      case "losetup":
        if (a.get(1).equals("-f")) {
          String name = "loop" + nextLoop++;
          appear(name);
          Files.createDirectories(sysBlock.resolve(name + "/loop"));
          Files.writeString(sysBlock.resolve(name + "/loop/backing_file"), a.get(a.size() - 1) + "\n");
          return "/dev/" + name + "\n";
        }
        Files.delete(sysBlock.resolve(Path.of(a.get(2)).getFileName() + "/loop/backing_file"));
        return "";
      case "mount":
        mounts.add(new MountEntry(a.get(1), Path.of(a.get(2)), "ext4", "rw"));
        return "";
      case "umount":
        mounts.removeIf(m -> m.mountPoint().equals(Path.of(a.get(1))));
        return "";
      case "truncate":
        Files.createFile(Path.of(a.get(3)));
        return "";
      case "mkdir":
        Files.createDirectories(Path.of(a.get(2)));
        return "";
      case "rmdir":
        Files.delete(Path.of(a.get(1)));
        return "";
      case "rm":
        for (String f : a.subList(2, a.size())) {
          if (a.get(1).equals("-rf") && Files.isDirectory(Path.of(f))) {
            try (java.util.stream.Stream<Path> tree = Files.walk(Path.of(f))) {
              for (Path p : tree.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
              }
            }
          } else {
            Files.deleteIfExists(Path.of(f));
          }
        }
        return "";
      case "nbdkit": {
        long pid = nextPid++;
        processes.put(pid, String.join(" ", a));
        Files.writeString(Path.of(a.get(a.indexOf("--pidfile") + 1)), pid + "\n");
        Files.createFile(Path.of(a.get(a.indexOf("--unix") + 1)));
        return "";
      }
      case "start-stop-daemon": {
        List<String> argv = a.subList(a.indexOf("--") + 1, a.size());
        long pid = nextPid++;
        processes.put(pid, "nbdfuse " + String.join(" ", argv));
        int p = argv.indexOf("-P");
        Files.writeString(Path.of(argv.get(p + 1)), pid + "\n");
        Files.createFile(Path.of(a.get(a.indexOf("--output") + 1)));
        mounts.add(new MountEntry("/dev/fuse", Path.of(argv.get(p + 2)).getParent(), "fuse", "rw"));
        return "";
      }
      case "fusermount3":
        mounts.removeIf(m -> m.mountPoint().equals(Path.of(a.get(2))));
        processes.values().removeIf(line -> line.startsWith("nbdfuse ") && line.contains(a.get(2) + "/"));
        return "";
      case "kill":
        processes.remove(Long.parseLong(a.get(1)));
        return "";
      case "fio":
        return a.contains("--readonly") ? fioReadOutput : fioOutput;
      default:
        return "";
    }
  }

  @Override
  public boolean isRoot() {
    return root;
  }

  @Override
  public long usableSpace(Path dir) {
    return free;
  }

  @Override
  public boolean hasTool(String program) {
    return !absentTools.contains(program);
  }

  @Override
  public boolean hasNbdkitPluginHeader() {
    return pluginHeader;
  }

  @Override
  public Path toolPath(String program) {
    return Path.of("/usr/bin", program);
  }

  @Override
  public boolean hasFuse() {
    return fuse;
  }

  @Override
  public Optional<String> processCommandLine(long pid) {
    return Optional.ofNullable(processes.get(pid));
  }

  @Override
  public Path shmDir() {
    return shm;
  }

  @Override
  public Path sysBlock() {
    return sysBlock;
  }

  @Override
  public Path btrfsSysfs() {
    return btrfs;
  }

  @Override
  public Optional<Path> blkioMount() {
    return Optional.of(blkio);
  }

  @Override
  public void removeCgroup(Path dir) throws IOException {
    try (var files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(dir);
  }

  @Override
  public List<MountEntry> mounts() {
    return List.copyOf(mounts);
  }

  @Override
  public List<String> usersOf(Path mountPoint) {
    return List.copyOf(users);
  }
}
