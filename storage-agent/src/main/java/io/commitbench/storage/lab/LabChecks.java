package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What must hold before {@code lab up} or {@code lab down} changes anything. Every failed check is
 * collected, and all of them are reported in one refusal, so the operator fixes everything at once.
 */
final class LabChecks {

  private LabChecks() {}

  /**
   * Checks for {@code up}; returns the blkio mount the throttle cgroup goes under (where it would be,
   * when no device is throttled and the lab makes no cgroup).
   */
  static Path beforeUp(LabSpec spec, LabState planned, LabHost host) throws RefusedException, IOException {
    List<String> problems = new ArrayList<>();
    if (!host.isRoot()) {
      problems.add("not running as root: loop devices, mount and cgroups need root");
    }
    Path root = spec.root();
    if (Files.exists(root) && !Files.isDirectory(root)) {
      problems.add("--root " + root + " exists and is not a directory; give a directory (it is created if absent)");
    }
    Optional<LabState> existing = LabState.read(root);
    if (existing.isPresent() || Files.exists(StepContext.stateFile(root))) {
      problems.add("a lab is already up at " + root + " (" + StepContext.stateFile(root)
          + existing.map(s -> ", id " + s.id()).orElse("") + "); take it down first: "
          + "commitbench storage lab down --root " + root + " --apply");
    }
    // With a lab up at the root its images and mounts are there too: saying so again is noise.
    for (LabDevice d : existing.isPresent() ? List.<LabDevice>of() : planned.devices()) {
      if (Files.exists(d.image())) {
        problems.add(d.image() + " exists already; up makes a new image there (remove it, or give another --root/--id)");
      }
      if (d.server().isPresent() && Files.exists(d.server().get().dir())) {
        problems.add(d.server().get().dir() + " exists already; up makes the " + d.name()
            + "'s nbdkit and FUSE files there (remove it, or give another --root)");
      }
      if (d.mountPoint().isEmpty()) {
        continue; // a raw disk: nothing is mounted for it
      }
      Path point = d.mountPoint().get();
      if (Files.exists(point) && (!Files.isDirectory(point) || !isEmpty(point))) {
        problems.add("mount point " + point + " exists and is not an empty directory");
      }
      if (host.mounts().stream().anyMatch(m -> m.mountPoint().equals(point))) {
        problems.add("something is mounted at " + point + " already");
      }
    }
    List<String> tools = new ArrayList<>(List.of("truncate", "losetup", "mount", "umount", "chmod", "mkdir", "rmdir",
        "rm", spec.filesystem().program()));
    boolean served = planned.devices().stream().anyMatch(d -> d.profile().served());
    if (served) {
      tools.addAll(SERVED_TOOLS);
    }
    List<String> missing = tools.stream().filter(t -> !host.hasTool(t)).toList();
    if (!missing.isEmpty()) {
      problems.add("missing programs: " + String.join(", ", missing) + (missing.contains(spec.filesystem().program())
          ? " (" + spec.filesystem().program() + " comes with the " + spec.filesystem().label() + " tools package)" : "")
          + (missing.stream().anyMatch(SERVED_TOOLS::contains)
              ? " (profiles hdd, ssd and the model profiles need Debian's nbdkit, libnbd-bin for nbdfuse, fuse3 for"
              + " fusermount3)" : ""));
    }
    boolean modelled = planned.devices().stream().anyMatch(d -> d.profile().model().isPresent());
    if (spec.ssdAging().ages() && !host.hasTool("fio")) {
      problems.add("missing program: fio (aging the ssd writes and overwrites its file with fio)");
    }
    if (modelled && !host.hasTool("cc")) {
      problems.add("missing program: cc (the disk and flash model profiles compile their nbdkit plugin; Debian's"
          + " gcc)");
    }
    if (modelled && !host.hasNbdkitPluginHeader()) {
      problems.add("missing nbdkit-plugin.h (the disk and flash model profiles compile their nbdkit plugin against"
          + " it; Debian's nbdkit-plugin-dev)");
    }
    if (served && !host.hasFuse()) {
      problems.add("no /dev/fuse: profiles hdd, ssd and the model profiles expose their disk through FUSE (nbdfuse)");
    }
    boolean throttles = planned.devices().stream().anyMatch(LabLayout::isThrottled);
    Optional<Path> blkio = host.blkioMount();
    if (!throttles) {
      // No device of profile throttle: no cgroup is made, and the blkio controller is not needed.
      blkio = Optional.of(blkio.orElse(Path.of("/sys/fs/cgroup/blkio")));
    } else if (blkio.isEmpty() || !Files.exists(blkio.get().resolve("blkio.throttle.write_iops_device"))) {
      problems.add("the cgroup v1 blkio controller is not mounted (no cgroup mount with option blkio in "
          + "/proc/self/mounts, or it lacks blkio.throttle.*): devices of profile throttle need it");
    } else if (Files.exists(blkio.get().resolve(spec.cgroupName()))) {
      problems.add("cgroup " + blkio.get().resolve(spec.cgroupName()) + " exists already; give another --id");
    }
    long inMemory = planned.devices().stream().filter(d -> d.profile().inMemory())
        .mapToLong(LabDevice::sizeBytes).reduce(0, LabChecks::saturatedAdd);
    long shmFree = host.usableSpace(host.shmDir());
    if (shmFree < inMemory) {
      problems.add(host.shmDir() + " has " + shmFree + " bytes free; " + needs(planned.devices().stream()
          .filter(d -> d.profile().inMemory()).toList(), inMemory));
    }
    // The images are sparse, but a benchmark may fill them: the root's disk must hold all of them.
    long diskFree = host.usableSpace(root);
    List<LabDevice> onRoot = planned.devices().stream().filter(d -> !d.profile().inMemory()).toList();
    long onDisk = onRoot.stream().mapToLong(LabDevice::sizeBytes).reduce(0, LabChecks::saturatedAdd);
    if (diskFree < onDisk) {
      problems.add("the disk under " + root + " has " + diskFree + " bytes free; " + needs(onRoot, onDisk));
    }
    refuseIf(problems, "cannot bring a lab up at " + root);
    return blkio.orElseThrow();
  }

  /** The programs a served device (profiles hdd and ssd) needs besides those of every lab. */
  static final List<String> SERVED_TOOLS = List.of("nbdkit", "nbdfuse", "start-stop-daemon", "fusermount3", "kill");

  /**
   * Checks for {@code down}: root, nothing still uses a mount, a raw disk or the cgroup, no
   * tenant (a managed instance, running or not) keeps its data or log on the lab, and, unless
   * {@code deleteKept}, no relocation kept an old log on its mounts.
   */
  static void beforeDown(LabState state, LabHost host, boolean deleteKept) throws RefusedException, IOException {
    List<String> problems = new ArrayList<>();
    if (!host.isRoot()) {
      problems.add("not running as root: umount, losetup -d and cgroups need root");
    }
    List<String> diskProblems = new ArrayList<>();
    for (LabDevice d : state.devices()) {
      boolean ours = d.mounted() && host.mounts().stream().anyMatch(m -> d.mountPoint().map(m.mountPoint()::equals)
          .orElse(false) && d.loop().map(m.source()::equals).orElse(false));
      if (ours) {
        List<String> users = host.usersOf(d.mountPoint().orElseThrow());
        if (!users.isEmpty()) {
          problems.add(d.mountPoint().orElseThrow() + " is in use by: " + String.join("; ", users));
        }
      }
      List<String> uses = LabDevice.isDisk(d.name()) ? DiskUsers.of(d, host) : List.of();
      if (!uses.isEmpty()) {
        diskProblems.add(d.name() + " (" + d.loop().orElseThrow() + ") is in use: " + String.join("; ", uses)
            + "; take the layout on the disks down first (losetup -d on a busy loop device only detaches it "
            + "once it is free, so down would delete the image under it)");
      }
    }
    if (state.cgroup().isPresent()) {
      List<String> members = DownSteps.members(state.cgroup().get().dir());
      if (!members.isEmpty()) {
        problems.add("cgroup " + state.cgroup().get().dir() + " has processes: " + String.join(", ", members));
      }
    }
    if (!problems.isEmpty()) {
      problems.add("stop those processes first (the lab's managed database instances too); down kills nothing");
    }
    problems.addAll(diskProblems); // after the line about processes: their remedy is their own
    // A stopped server holds nothing open, yet down would delete the images its files are on.
    List<LabTenants.Tenant> tenants = LabTenants.present(state.root());
    tenants.forEach(t -> problems.add(t.describe()));
    if (!tenants.isEmpty()) {
      problems.add("down deletes the images those are stored in, and what keeps them there could never start again");
    }
    List<LabKeptLogs.Kept> kept = deleteKept ? List.of() : LabKeptLogs.present(state.root());
    for (LabKeptLogs.Kept k : kept) {
      problems.add("kept on the lab: " + k.describe());
    }
    if (!kept.isEmpty()) {
      problems.add("down deletes the images those old logs are stored in: move them off the lab to keep them, or give"
          + " --delete-kept-logs to delete them with the lab");
    }
    refuseIf(problems, "cannot take the lab at " + state.root() + " down");
  }

  /** E.g. {@code the hdd image and 2 disk images need 671088640 (--hdd-size + 2 x --disk-size)}. */
  private static String needs(List<LabDevice> devices, long bytes) {
    List<String> what = new ArrayList<>();
    List<String> options = new ArrayList<>();
    for (String name : List.of(LabDevice.SSD, LabDevice.HDD)) {
      if (devices.stream().anyMatch(d -> d.name().equals(name))) {
        what.add("the " + name + " image");
        options.add("--" + name + "-size");
      }
    }
    long disks = devices.stream().filter(d -> LabDevice.isDisk(d.name())).count();
    if (disks > 0) {
      what.add(disks + " disk image" + (disks == 1 ? "" : "s"));
      options.add(disks + " x --disk-size");
    }
    return String.join(" and ", what) + (devices.size() == 1 ? " needs " : " need ") + bytes + " ("
        + String.join(" + ", options) + ")";
  }

  /** {@code a + b}, or {@link Long#MAX_VALUE} where that would overflow. */
  private static long saturatedAdd(long a, long b) {
    try {
      return Math.addExact(a, b);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  private static void refuseIf(List<String> problems, String headline) throws RefusedException {
    if (!problems.isEmpty()) {
      throw new RefusedException(headline + "; nothing was changed:\n  - " + String.join("\n  - ", problems));
    }
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }
}
