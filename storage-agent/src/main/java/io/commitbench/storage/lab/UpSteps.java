package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabCgroup;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The steps of {@code lab up}, in order: for the ssd and then the hdd, a sparse image, for a
 * served profile (hdd, ssd) nbdkit serving it and nbdfuse exposing it as a file, a loop device
 * over the image or that file (rotational flag set to the profile's), a filesystem, a mount; for
 * each raw disk only the image and the loop device (rotational 1), left for a layout tool; then
 * the blkio throttle cgroup with one line per throttled device (profile throttle: by default the
 * hdd, and every disk) in each throttle file, when there is one; when the spec asks, the ssd's
 * aging ({@link AgeStep}); last, when the spec asks, a short measurement of each mounted device. {@link LabChecks} has verified beforehand that none
 * of these exists yet, so every step records what it makes before or right after making it.
 */
final class UpSteps {

  /** How long nbdkit and nbdfuse get to show they serve (pidfile, FUSE mount). */
  static final Duration START_TIMEOUT = Duration.ofSeconds(15);

  private UpSteps() {}

  static List<LabStep> all(LabSpec spec, Path blkioMount, LabHost host) {
    List<LabStep> steps = new ArrayList<>();
    for (String name : List.of(LabDevice.SSD, LabDevice.HDD)) {
      DeviceProfile profile = spec.profile(name);
      steps.add(new Image(name));
      if (profile.served()) {
        steps.add(new ServeSteps.Serve(name, profile));
        steps.add(new ServeSteps.Fuse(name, profile, host.toolPath("nbdfuse")));
      }
      steps.add(new Loop(name, profile));
      steps.add(new Mkfs(name));
      steps.add(new Mount(name));
    }
    for (String disk : LabLayout.diskNames(spec.diskCount())) {
      steps.add(new Image(disk));
      steps.add(new Loop(disk, spec.profile(disk)));
    }
    Path cgroup = blkioMount.resolve(spec.cgroupName());
    boolean throttles = spec.diskCount() > 0 || spec.ssdProfile().throttled() || spec.hddProfile().throttled();
    if (throttles) {
      steps.add(new Throttling(cgroup, spec.hddThrottle(), spec.diskCount()));
    }
    if (spec.ssdAging().ages()) {
      steps.add(new AgeStep(LabDevice.SSD, spec.ssdAging()));
    }
    if (spec.calibrate()) {
      boolean fio = host.hasTool("fio");
      for (String name : List.of(LabDevice.SSD, LabDevice.HDD)) {
        boolean inCgroup = spec.profile(name).throttled();
        steps.add(new CalibrateStep(name, spec.profile(name), inCgroup ? Optional.of(cgroup) : Optional.empty(), fio));
      }
    }
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
  record Image(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "create the " + name + " image (sparse)";
    }

    @Override
    public Command command(LabState state) {
      LabDevice d = state.device(name);
      return Command.of("truncate", "-s", Long.toString(d.sizeBytes()), d.image().toString());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      // Recorded first: the checks saw no such file, so whatever is there after a failure is ours.
      c.record(c.state().withDevice(d.withImageCreated(true)), "image " + name, Map.of("file", d.image().toString()));
      c.run(command(c.state()));
    }
  }

  /** The loop device over the image, with its rotational flag made to read as the device's kind. */
  record Loop(String name, DeviceProfile profile) implements LabStep {
    @Override
    public String description() {
      return "attach a loop device to the " + name + (profile.served() ? " FUSE file" : " image") + "; rotational "
          + profile.rotational();
    }

    @Override
    public List<String> actions(LabState state) {
      LabDevice d = state.device(name);
      return List.of(attach(d).display(), rotationalLine(rotationalFile(Path.of("/sys/block"), d))
          + "   (only if it reads otherwise)");
    }

    /**
     * losetup; over a device model's FUSE file with direct I/O, so that the host's page cache
     * holds none of the device's blocks and every read and write reaches the model as it is issued.
     */
    private Command attach(LabDevice d) {
      return profile.model().isPresent()
          ? Command.of("losetup", "-f", "--show", "--direct-io=on", d.loopBacking().toString())
          : Command.of("losetup", "-f", "--show", d.loopBacking().toString());
    }

    private String rotationalLine(Path file) {
      return "echo " + profile.rotational() + " > " + file;
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      String loop = c.run(attach(d)).stdout().strip();
      if (!loop.startsWith("/dev/loop")) {
        throw new IOException("losetup printed '" + loop + "' instead of a loop device for " + d.loopBacking());
      }
      Path sys = c.host().sysBlock().resolve(Path.of(loop).getFileName());
      Optional<String> majMin = Optional.of(Files.readString(sys.resolve("dev")).strip());
      c.record(c.state().withDevice(d.withLoop(Optional.of(loop), majMin, Optional.empty())), "attached " + name,
          Map.of("loop", loop, "maj_min", majMin.get(), "image", d.loopBacking().toString()));
      String rotational = setRotational(c, sys.resolve("queue/rotational"));
      d = c.state().device(name);
      c.record(c.state().withDevice(d.withLoop(d.loop(), d.majMin(), Optional.of(rotational))),
          "rotational " + name, Map.of("reads", rotational));
    }

    /** Writes the flag when it reads otherwise; returns what it reads afterwards, written or not. */
    private String setRotational(StepContext c, Path file) throws IOException {
      String wanted = profile.rotational();
      String now = Files.readString(file).strip();
      if (!now.equals(wanted)) {
        try {
          c.local(rotationalLine(file), () -> Files.writeString(file, wanted + "\n"));
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
  record Mkfs(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "make the filesystem on the " + name + " device";
    }

    /** Before up the device is a placeholder (SSD_LOOP); once attached, the loop device itself. */
    @Override
    public Command command(LabState state) {
      return Command.of(state.filesystem().mkfs(loopOf(state.device(name))));
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      d.loop().orElseThrow();
      c.run(command(c.state()));
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
      return commands(state).stream().map(Command::display).toList();
    }

    /** mkdir, mount, chmod: the same list shown and run (mkdir only runs where the point is absent). */
    private List<Command> commands(LabState state) {
      String point = state.mount(name).toString();
      return List.of(Command.of("mkdir", "-p", point), Command.of("mount", loopOf(state.device(name)), point),
          Command.of("chmod", "755", point));
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      Path point = c.state().mount(name);
      List<Command> commands = commands(c.state());
      if (!Files.isDirectory(point)) {
        c.record(c.state().withDevice(d.withMountPointCreated(true)), "mount point " + name,
            Map.of("dir", point.toString()));
        c.run(commands.get(0));
      }
      c.run(commands.get(1));
      d = c.state().device(name);
      c.record(c.state().withDevice(d.withMounted(true)), "mounted " + name,
          Map.of("device", d.loop().orElseThrow(), "mount_point", point.toString()));
      c.run(commands.get(2));
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
      return "make the throttle cgroup for the devices of profile throttle" + (diskCount == 0 ? "" : " (with the "
          + diskCount + " raw disk" + (diskCount == 1 ? "" : "s") + ")") + " (processes started in it are throttled)";
    }

    @Override
    public List<String> actions(LabState state) {
      List<String> lines = new ArrayList<>(List.of("mkdir " + dir));
      throttle.files().forEach((file, value) -> throttledDevices(state).forEach(
          d -> lines.add(echo(line(d, value), dir.resolve(file)))));
      return lines;
    }

    /** A throttle line; before up, with the placeholder HDD_MAJ:MIN for the device numbers. */
    private static String line(LabDevice d, long value) {
      return majMinOf(d) + " " + value;
    }

    private static String echo(String line, Path file) {
      return "echo '" + line + "' >> " + file;
    }

    @Override
    public void apply(StepContext c) throws IOException {
      List<LabDevice> devices = throttledDevices(c.state());
      c.local("mkdir " + dir, () -> Files.createDirectory(dir));
      c.record(c.state().withCgroup(Optional.of(new LabCgroup(dir, Map.of()))), "cgroup",
          Map.of("dir", dir.toString()));
      for (Map.Entry<String, Long> limit : throttle.files().entrySet()) {
        Path file = dir.resolve(limit.getKey());
        for (LabDevice d : devices) {
          d.majMin().orElseThrow();
          String line = line(d, limit.getValue());
          c.local(echo(line, file), () -> Files.writeString(file, line + "\n", StandardOpenOption.CREATE,
              StandardOpenOption.WRITE, StandardOpenOption.APPEND));
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

    /** The devices of profile throttle (the hdd by default, then disk1..diskN), in the state's order. */
    private static List<LabDevice> throttledDevices(LabState state) {
      return state.devices().stream().filter(LabLayout::isThrottled).toList();
    }
  }
}
