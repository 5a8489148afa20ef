package io.commitbench.storage.lab;

import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The steps of {@code lab up}, in order: for the ssd and then the hdd, a sparse image, a loop
 * device over it (rotational flag set to 0 or 1), a filesystem, a mount; for each raw disk only
 * the image and the loop device (rotational 1), left for a layout tool; then the blkio throttle
 * cgroup with one line per throttled device (hdd and disks) in each throttle file. {@link LabChecks}
 * has verified beforehand that none of these exists yet, so every step records what it makes
 * before or right after making it.
 */
final class UpSteps {

  private UpSteps() {}

  static List<LabStep> all(LabSpec spec, Path blkioMount) {
    List<LabStep> steps = new ArrayList<>();
    for (String name : List.of(LabLayout.SSD, LabLayout.HDD)) {
      steps.add(new Image(name));
      steps.add(new Loop(name));
      steps.add(new Mkfs(name));
      steps.add(new Mount(name));
    }
    for (String disk : LabLayout.diskNames(spec.diskCount())) {
      steps.add(new Image(disk));
      steps.add(new Loop(disk));
    }
    steps.add(new Throttling(blkioMount.resolve(spec.cgroupName()), spec.hddThrottle(), spec.diskCount()));
    return steps;
  }

  /** The loop device's path, or a placeholder such as {@code SSD_LOOP} before it is known. */
  static String loopOf(LabDevice d) {
    return d.loop().orElse(d.name().toUpperCase(Locale.ROOT) + "_LOOP");
  }

  static String majMinOf(LabDevice d) {
    return d.majMin().orElse(d.name().toUpperCase(Locale.ROOT) + "_MAJ:MIN");
  }

  static Path rotationalFile(Path sysBlock, LabDevice d) {
    return sysBlock.resolve(d.kernelName().orElse(loopOf(d))).resolve("queue/rotational");
  }

  /** The sparse image file. */
  record Image(String name) implements LabStep {
    @Override
    public String description() {
      return "create the " + name + " image (sparse)";
    }

    @Override
    public List<String> actions(LabState state) {
      LabDevice d = state.device(name);
      return List.of(command(d).display());
    }

    private static Command command(LabDevice d) {
      return Command.of("truncate", "-s", Long.toString(d.sizeBytes()), d.image().toString());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      // Recorded first: the checks saw no such file, so whatever is there after a failure is ours.
      c.record(c.state().withDevice(d.withImageCreated(true)), "image " + name, Map.of("file", d.image().toString()));
      c.run(command(d));
    }
  }

  /** The loop device over the image, with its rotational flag made to read as the device's kind. */
  record Loop(String name) implements LabStep {
    @Override
    public String description() {
      return "attach a loop device to the " + name + " image; rotational " + LabLayout.wantedRotational(name);
    }

    @Override
    public List<String> actions(LabState state) {
      LabDevice d = state.device(name);
      return List.of(Command.of("losetup", "-f", "--show", d.image().toString()).display(),
          "echo " + LabLayout.wantedRotational(name) + " > " + rotationalFile(Path.of("/sys/block"), d)
              + "   (only if it reads otherwise)");
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      String loop = c.run(Command.of("losetup", "-f", "--show", d.image().toString())).stdout().strip();
      if (!loop.startsWith("/dev/loop")) {
        throw new IOException("losetup printed '" + loop + "' instead of a loop device for " + d.image());
      }
      Path sys = c.host().sysBlock().resolve(Path.of(loop).getFileName());
      Optional<String> majMin = Optional.of(Files.readString(sys.resolve("dev")).strip());
      c.record(c.state().withDevice(d.withLoop(Optional.of(loop), majMin, Optional.empty())), "attached " + name,
          Map.of("loop", loop, "maj_min", majMin.get(), "image", d.image().toString()));
      String rotational = setRotational(c, sys.resolve("queue/rotational"), LabLayout.wantedRotational(name));
      d = c.state().device(name);
      c.record(c.state().withDevice(d.withLoop(d.loop(), d.majMin(), Optional.of(rotational))),
          "rotational " + name, Map.of("reads", rotational));
    }

    /** Writes the flag when it reads otherwise; returns what it reads afterwards, written or not. */
    private static String setRotational(StepContext c, Path file, String wanted) throws IOException {
      String now = Files.readString(file).strip();
      if (!now.equals(wanted)) {
        c.show("echo " + wanted + " > " + file);
        try {
          Files.writeString(file, wanted + "\n");
        } catch (IOException e) {
          c.tell("the kernel did not let rotational be set to " + wanted + ": " + e.getMessage());
        }
        now = Files.readString(file).strip();
      }
      c.tell(file + " reads " + now);
      return now;
    }
  }

  /** The filesystem on the loop device. */
  record Mkfs(String name) implements LabStep {
    @Override
    public String description() {
      return "make the filesystem on the " + name + " device";
    }

    @Override
    public List<String> actions(LabState state) {
      return List.of(Command.of(state.filesystem().mkfs(loopOf(state.device(name)))).display());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      c.run(Command.of(c.state().filesystem().mkfs(d.loop().orElseThrow())));
      c.record(c.state().withDevice(d.withFormatted(true)), "mkfs " + name,
          Map.of("filesystem", c.state().filesystem().label(), "device", d.loop().orElseThrow()));
    }
  }

  /** The mount point (created when absent), the mount, and mode 755 on the filesystem's root. */
  record Mount(String name) implements LabStep {
    @Override
    public String description() {
      return "mount the " + name + " filesystem; mode 755 so other OS users can enter it";
    }

    @Override
    public List<String> actions(LabState state) {
      LabDevice d = state.device(name);
      String point = state.mount(name).toString();
      return List.of(Command.of("mkdir", "-p", point).display(), Command.of("mount", loopOf(d), point).display(),
          Command.of("chmod", "755", point).display());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      Path point = c.state().mount(name);
      if (!Files.isDirectory(point)) {
        c.record(c.state().withDevice(d.withMountPointCreated(true)), "mount point " + name,
            Map.of("dir", point.toString()));
        c.run(Command.of("mkdir", "-p", point.toString()));
      }
      c.run(Command.of("mount", d.loop().orElseThrow(), point.toString()));
      d = c.state().device(name);
      c.record(c.state().withDevice(d.withMounted(true)), "mounted " + name,
          Map.of("device", d.loop().orElseThrow(), "mount_point", point.toString()));
      c.run(Command.of("chmod", "755", point.toString()));
    }
  }

  /**
   * The blkio cgroup with the throttle lines of the hdd and every raw disk, each read back to
   * confirm the kernel took it. Lines are appended ({@code >>}): on cgroupfs each write sets the
   * rule of one device and keeps the others', so one write per device and file is what it takes.
   */
  record Throttling(Path dir, Throttle throttle, int diskCount) implements LabStep {
    @Override
    public String description() {
      return "make the throttle cgroup for the hdd device" + (diskCount == 0 ? "" : " and the " + diskCount
          + " raw disk" + (diskCount == 1 ? "" : "s")) + " (processes started in it are throttled)";
    }

    @Override
    public List<String> actions(LabState state) {
      List<String> lines = new ArrayList<>(List.of("mkdir " + dir));
      throttle.files().forEach((file, value) -> throttledDevices(state).forEach(
          d -> lines.add("echo '" + majMinOf(d) + " " + value + "' >> " + dir.resolve(file))));
      return lines;
    }

    @Override
    public void apply(StepContext c) throws IOException {
      List<LabDevice> devices = throttledDevices(c.state());
      c.show("mkdir " + dir);
      Files.createDirectory(dir);
      c.record(c.state().withCgroup(Optional.of(new LabCgroup(dir, Map.of()))), "cgroup",
          Map.of("dir", dir.toString()));
      for (Map.Entry<String, Long> limit : throttle.files().entrySet()) {
        Path file = dir.resolve(limit.getKey());
        for (LabDevice d : devices) {
          String line = d.majMin().orElseThrow() + " " + limit.getValue();
          c.show("echo '" + line + "' >> " + file);
          Files.writeString(file, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.WRITE,
              StandardOpenOption.APPEND);
          if (!Files.readAllLines(file).contains(line)) {
            throw new IOException(file + " does not read '" + line + "' after it was written; it reads: "
                + Files.readString(file).strip());
          }
          LabCgroup made = c.state().cgroup().orElseThrow().withLine(limit.getKey(), line);
          c.record(c.state().withCgroup(Optional.of(made)), "throttle " + d.name(),
              Map.of("file", file.toString(), "line", line));
        }
      }
    }

    /** The hdd, then disk1..diskN, in the state's order. */
    private static List<LabDevice> throttledDevices(LabState state) {
      return state.devices().stream().filter(d -> LabLayout.isThrottled(d.name())).toList();
    }
  }
}
