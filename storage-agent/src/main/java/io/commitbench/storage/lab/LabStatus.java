package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.KeyValueFile;
import io.commitbench.core.host.lab.LabServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code lab status}: what lab.json records, next to what the host shows now (is it mounted, with
 * which filesystem, what the rotational flag reads, whether a raw disk is in use, which throttle
 * lines the cgroup holds for the hdd's and the disks' device numbers, and which processes are in
 * the cgroup).
 */
final class LabStatus {

  private LabStatus() {}

  static List<String> lines(Path root, LabHost host) throws IOException {
    Path abs = root.toAbsolutePath().normalize();
    Optional<LabState> read = LabState.read(abs);
    if (read.isEmpty()) {
      return List.of("no lab at " + abs + " (no " + abs.resolve(LabState.FILE) + ")");
    }
    LabState s = read.get();
    List<String> lines = new ArrayList<>();
    lines.add("lab '" + s.id() + "' at " + s.root() + ": " + s.filesystem().label() + ", up since " + s.created()
        + (s.complete() ? "" : " (INCOMPLETE: up did not finish; 'down' removes what is recorded)"));
    List<LabHost.MountEntry> mounts = host.mounts();
    for (LabDevice d : s.devices()) {
      if (d.mountPoint().isPresent()) {
        Path point = d.mountPoint().get();
        Optional<LabHost.MountEntry> m = mounts.stream().filter(e -> e.mountPoint().equals(point)).reduce((a, b) -> b);
        String mounted = m.map(e -> "mounted (" + e.source() + ", " + e.type() + ")").orElse("NOT mounted");
        lines.add(String.format("  %s: %s on %s, %s, image %s (%d bytes)", d.name(), point,
            d.loop().orElse("no loop device"), mounted, d.image(), d.sizeBytes()));
      } else {
        lines.add(String.format("  %s: raw disk %s (no filesystem made by the lab), image %s (%d bytes)", d.name(),
            d.loop().orElse("NOT attached"), d.image(), d.sizeBytes()));
      }
      lines.add("       profile " + d.profile().label() + d.server().map(v -> ", nbdkit " + v.nbdkitPid().map(pid
          -> "pid " + pid + (alive(host, pid) ? "" : " (GONE)")).orElse("not started") + ", FUSE "
          + (v.fuseStarted() ? v.file().toString() : "not started")).orElse(""));
      d.calibration().ifPresent(c -> lines.add("       calibrated: " + c.summary()));
      Lab.besideDatasheet(d).forEach(l -> lines.add("       " + l));
      if (d.profile().model().isPresent() && d.server().isPresent()) {
        lines.add("       model state: " + modelState(d.server().get()));
      }
      if (d.kernelName().isPresent()) {
        Path rot = host.sysBlock().resolve(d.kernelName().get()).resolve("queue/rotational");
        lines.add("       " + d.majMin().orElse("?") + ", rotational reads " + read(rot).orElse("(gone)"));
      }
      if (d.mountPoint().isPresent() && Files.exists(d.mountPoint().get().resolve(Aging.FILE))) {
        lines.add("       aged: " + d.mountPoint().get().resolve(Aging.FILE) + " is kept (" + size(d.mountPoint().get()
            .resolve(Aging.FILE)) + " MiB)");
      }
      if (LabDevice.isDisk(d.name())) {
        List<String> uses = DiskUsers.of(d, host);
        lines.add("       in use: " + (uses.isEmpty() ? "no" : String.join("; ", uses)));
      }
    }
    s.cgroup().ifPresentOrElse(c -> {
      lines.add("  throttle cgroup " + c.dir() + (Files.isDirectory(c.dir()) ? "" : " (GONE)"));
      // The kernel's own lines, for the lab's throttled devices only, each named after its device.
      Map<String, String> throttled = new LinkedHashMap<>();
      s.devices().stream().filter(d -> LabLayout.isThrottled(d) && d.majMin().isPresent())
          .forEach(d -> throttled.put(d.majMin().get(), d.name()));
      for (String file : Throttle.ALL_FILES) {
        read(c.dir().resolve(file)).ifPresent(content -> content.lines()
            .filter(l -> throttled.containsKey(l.split(" ")[0]))
            .forEach(l -> lines.add("       " + file + ": " + l + " (" + throttled.get(l.split(" ")[0]) + ")")));
      }
      try {
        List<String> members = DownSteps.members(c.dir());
        lines.add("       members: " + (members.isEmpty() ? "none" : String.join(", ", members)));
      } catch (IOException e) {
        lines.add("       members: unreadable (" + e.getMessage() + ")");
      }
    }, () -> lines.add("  no throttle cgroup"));
    List<LabTenants.Tenant> tenants = LabTenants.present(s.root());
    lines.add("  tenants (down refuses while any): " + (tenants.isEmpty() ? "none" : tenants.size()));
    tenants.forEach(t -> lines.add("       " + t.name() + ": " + String.join(", ", t.keeps())));
    List<LabKeptLogs.Kept> kept = LabKeptLogs.present(s.root());
    lines.add("  old logs kept by relocations (down deletes them only with --delete-kept-logs): "
        + (kept.isEmpty() ? "none" : kept.size()));
    for (LabKeptLogs.Kept k : kept) {
      lines.add("       " + k.describe());
    }
    return lines;
  }

  /** What the device model last wrote: its counters, such as free blocks and write amplification. */
  static String modelState(LabServer server) {
    return KeyValueFile.read(server.modelState())
        .map(m -> KeyValueFile.counters(m).entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
            .collect(java.util.stream.Collectors.joining(", ")))
        .orElse("not written yet (" + server.modelState() + " appears after the first request)");
  }

  private static long size(Path file) {
    try {
      return Files.size(file) >> 20;
    } catch (IOException e) {
      return 0;
    }
  }

  private static boolean alive(LabHost host, long pid) {
    try {
      return host.processCommandLine(pid).isPresent();
    } catch (IOException e) {
      return false;
    }
  }

  private static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file).strip());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
