package io.commitbench.storage.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code lab status}: what lab.json records, next to what the host shows now (is it mounted, with
 * which filesystem, what the rotational flag reads, which throttle lines the cgroup holds for the
 * hdd's device numbers, and which processes are in the cgroup).
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
      Optional<LabHost.MountEntry> m = mounts.stream().filter(e -> e.mountPoint().equals(d.mountPoint()))
          .reduce((a, b) -> b);
      String mounted = m.map(e -> "mounted (" + e.source() + ", " + e.type() + ")").orElse("NOT mounted");
      lines.add(String.format("  %s: %s on %s, %s, image %s (%d bytes)", d.name(), d.mountPoint(),
          d.loop().orElse("no loop device"), mounted, d.image(), d.sizeBytes()));
      if (d.kernelName().isPresent()) {
        Path rot = host.sysBlock().resolve(d.kernelName().get()).resolve("queue/rotational");
        lines.add("       " + d.majMin().orElse("?") + ", rotational reads " + read(rot).orElse("(gone)"));
      }
    }
    s.cgroup().ifPresentOrElse(c -> {
      lines.add("  throttle cgroup " + c.dir() + (Files.isDirectory(c.dir()) ? "" : " (GONE)"));
      String majMin = s.device(LabLayout.HDD).majMin().orElse("?");
      for (String file : Throttle.ALL_FILES) {
        read(c.dir().resolve(file)).ifPresent(content -> content.lines().filter(l -> l.startsWith(majMin + " "))
            .forEach(l -> lines.add("       " + file + ": " + l)));
      }
      try {
        List<String> members = DownSteps.members(c.dir());
        lines.add("       members: " + (members.isEmpty() ? "none" : String.join(", ", members)));
      } catch (IOException e) {
        lines.add("       members: unreadable (" + e.getMessage() + ")");
      }
    }, () -> lines.add("  no throttle cgroup"));
    return lines;
  }

  private static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file).strip());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
