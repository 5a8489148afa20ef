package io.commitbench.core.host.lab;

import io.commitbench.core.host.RealPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a lab's {@code lab.json} records: the devices {@code up} made (image, loop device, mount),
 * the throttle cgroup of the hdd and the raw disks, and whether {@code up} finished. Other code
 * asks it where the lab's mounts are, which cgroup throttles a path, and which loop devices are
 * the raw disks:
 *
 * <pre>
 * Optional&lt;LabState&gt; lab = LabState.containing(walDir);
 * Optional&lt;Path&gt; cgroup = lab.flatMap(l -&gt; l.cgroupFor(walDir)); // start the server inside it
 *
 * List&lt;Path&gt; disks = lab.disks();                      // /dev/loopN of disk1..diskN, to stripe over
 * Path throttled = lab.throttleCgroup().orElseThrow();  // a server started in it is throttled on each disk
 * </pre>
 *
 * <p>Immutable; {@code up} and {@code down} write a new one after every step.
 *
 * @param id the lab's id (the cgroup is {@code commitbench-ID})
 * @param root the lab's root directory
 * @param filesystem the filesystem on the ssd and the hdd (the raw disks have none)
 * @param created when {@code up} began
 * @param complete {@code up} finished every step
 * @param devices ssd first, then hdd, then the raw disks disk1..diskN
 * @param cgroup the throttle cgroup, once made
 */
public record LabState(String id, Path root, LabFilesystem filesystem, Instant created, boolean complete,
    List<LabDevice> devices, Optional<LabCgroup> cgroup) {

  /** The state file's name in the root. */
  public static final String FILE = "lab.json";

  public LabState {
    devices = List.copyOf(devices);
  }

  /** The lab at {@code root}, or empty when there is no {@code lab.json}. */
  public static Optional<LabState> read(Path root) throws IOException {
    Path file = root.toAbsolutePath().normalize().resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    return Optional.of(LabStateJson.parse(Files.readAllBytes(file), file));
  }

  /**
   * The lab whose ssd or hdd mount holds {@code anyPath} (which need not exist yet): found by
   * walking up the path to a directory whose parent has a {@code lab.json} listing it as a mount
   * point; tried on the path as written and, when it exists, on its real path (symlinks resolved).
   */
  public static Optional<LabState> containing(Path anyPath) throws IOException {
    for (Path candidate : asWrittenAndReal(anyPath)) {
      for (Path dir = candidate; dir != null && dir.getParent() != null; dir = dir.getParent()) {
        Optional<LabState> lab = read(dir.getParent());
        if (lab.isPresent() && lab.get().mountPoints().containsValue(dir)) {
          return lab;
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The name of the mounted device ({@code ssd}, {@code hdd}) whose mount holds {@code anyPath}
   * (which need not exist yet), as written or with symlinks resolved; empty when none does.
   */
  public Optional<String> deviceHolding(Path anyPath) {
    for (Path candidate : asWrittenAndReal(anyPath)) {
      for (Map.Entry<String, Path> mount : mountPoints().entrySet()) {
        if (candidate.startsWith(mount.getValue())) {
          return Optional.of(mount.getKey());
        }
      }
    }
    return Optional.empty();
  }

  private static List<Path> asWrittenAndReal(Path anyPath) {
    List<Path> candidates = new ArrayList<>();
    candidates.add(anyPath.toAbsolutePath().normalize());
    RealPaths.ofDeepestExisting(anyPath.toAbsolutePath().normalize()).ifPresent(candidates::add);
    return candidates;
  }

  /** The mount point of device {@code name} ({@code ssd} or {@code hdd}); a raw disk has none. */
  public Path mount(String name) {
    return device(name).mountPoint().orElseThrow(() -> new IllegalArgumentException("lab device '" + name
        + "' is a raw disk and has no mount point; the mounted devices are " + mountPoints().keySet()));
  }

  /** The mount points by device name, ssd first; the raw disks, having none, are not in it. */
  public Map<String, Path> mountPoints() {
    Map<String, Path> points = new LinkedHashMap<>();
    devices.forEach(d -> d.mountPoint().ifPresent(m -> points.put(d.name(), m)));
    return points;
  }

  /** The device named {@code name}; an unknown name is a programming error. */
  public LabDevice device(String name) {
    return devices.stream().filter(d -> d.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no lab device '" + name + "'; there are "
            + devices.stream().map(LabDevice::name).toList()));
  }

  /**
   * The raw disks' loop devices ({@code /dev/loopN}), disk1 first; only those attached, so a lab
   * whose {@code up} failed half-way lists fewer. No filesystem is on them and nothing mounts them:
   * they are for a layout tool (RAID0 over 1..5 devices, say).
   */
  public List<Path> disks() {
    return devices.stream().filter(d -> LabDevice.isDisk(d.name())).flatMap(d -> d.loop().stream())
        .map(Path::of).toList();
  }

  /**
   * The throttle cgroup's directory, once made: a process started in it is throttled on the hdd
   * and on every raw disk, with the same limits.
   */
  public Optional<Path> throttleCgroup() {
    return cgroup.map(LabCgroup::dir);
  }

  /**
   * The throttle cgroup when {@code path} lies on the mount of a device of profile throttle (the hdd
   * by default); a server writing there is started in it. Empty on any other device: a device of
   * profile hdd or ssd is slow for every process, and the ssd of profile ram is not throttled.
   */
  public Optional<Path> cgroupFor(Path path) {
    return deviceHolding(path).filter(name -> device(name).profile().throttled())
        .flatMap(name -> cgroup.map(LabCgroup::dir));
  }

  public LabState withDevice(LabDevice changed) {
    List<LabDevice> list = new ArrayList<>(devices);
    list.replaceAll(d -> d.name().equals(changed.name()) ? changed : d);
    return new LabState(id, root, filesystem, created, complete, list, cgroup);
  }

  public LabState withCgroup(Optional<LabCgroup> newCgroup) {
    return new LabState(id, root, filesystem, created, complete, devices, newCgroup);
  }

  public LabState withComplete(boolean done) {
    return new LabState(id, root, filesystem, created, done, devices, cgroup);
  }
}
