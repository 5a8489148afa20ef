package io.commitbench.storage.lab;

import io.commitbench.storage.host.RealPaths;
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
 * the hdd's throttle cgroup, and whether {@code up} finished. Other code asks it where the lab's
 * mounts are and which cgroup throttles a path:
 *
 * <pre>
 * Optional&lt;LabState&gt; lab = LabState.containing(walDir);
 * Optional&lt;Path&gt; cgroup = lab.flatMap(l -&gt; l.cgroupFor(walDir)); // start the server inside it
 * </pre>
 *
 * <p>Immutable; {@code up} and {@code down} write a new one after every step.
 *
 * @param id the lab's id (the cgroup is {@code commitbench-ID})
 * @param root the lab's root directory
 * @param filesystem the filesystem on both devices
 * @param created when {@code up} began
 * @param complete {@code up} finished every step
 * @param devices ssd first, then hdd
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
    List<Path> candidates = new ArrayList<>();
    candidates.add(anyPath.toAbsolutePath().normalize());
    RealPaths.ofDeepestExisting(anyPath.toAbsolutePath().normalize()).ifPresent(candidates::add);
    for (Path candidate : candidates) {
      for (Path dir = candidate; dir != null && dir.getParent() != null; dir = dir.getParent()) {
        Optional<LabState> lab = read(dir.getParent());
        if (lab.isPresent() && lab.get().mountPoints().containsValue(dir)) {
          return lab;
        }
      }
    }
    return Optional.empty();
  }

  /** The mount point of device {@code name} ({@code ssd} or {@code hdd}). */
  public Path mount(String name) {
    return device(name).mountPoint();
  }

  /** The mount points by device name, ssd first. */
  public Map<String, Path> mountPoints() {
    Map<String, Path> points = new LinkedHashMap<>();
    devices.forEach(d -> points.put(d.name(), d.mountPoint()));
    return points;
  }

  /** The device named {@code name}; an unknown name is a programming error. */
  public LabDevice device(String name) {
    return devices.stream().filter(d -> d.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no lab device '" + name + "'; there are " + mountPoints()
            .keySet()));
  }

  /** The throttle cgroup when {@code path} lies on the hdd mount; a server writing there is started in it. */
  public Optional<Path> cgroupFor(Path path) {
    Path p = path.toAbsolutePath().normalize();
    Optional<Path> real = RealPaths.ofDeepestExisting(p);
    Path hdd = mount(LabLayout.HDD);
    if (p.startsWith(hdd) || real.map(r -> r.startsWith(hdd)).orElse(false)) {
      return cgroup.map(LabCgroup::dir);
    }
    return Optional.empty();
  }

  LabState withDevice(LabDevice changed) {
    List<LabDevice> list = new ArrayList<>(devices);
    list.replaceAll(d -> d.name().equals(changed.name()) ? changed : d);
    return new LabState(id, root, filesystem, created, complete, list, cgroup);
  }

  LabState withCgroup(Optional<LabCgroup> newCgroup) {
    return new LabState(id, root, filesystem, created, complete, devices, newCgroup);
  }

  LabState withComplete(boolean done) {
    return new LabState(id, root, filesystem, created, done, devices, cgroup);
  }
}
