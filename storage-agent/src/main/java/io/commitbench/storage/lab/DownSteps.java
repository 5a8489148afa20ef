package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabServer;
import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The steps that remove what a lab state records, in the reverse order of {@code up}: first the
 * old logs relocations kept on the mounts (with {@code --delete-kept-logs}), then the throttle
 * cgroup, then per device (the raw disks from the last to disk1, the hdd, the ssd) the mount, the
 * mount point, the loop device, for a served device the FUSE mount, nbdkit and their directory
 * ({@link ServeSteps}), and the image (a raw disk has only the loop device and the image). Only
 * what the state records is touched, and each thing is checked to still be what was made (the
 * mount's source is our loop device, the loop device's backing file is our image); anything else
 * is left alone and said so.
 */
final class DownSteps {

  private DownSteps() {}

  /**
   * The steps for what {@code state} records, nothing for what it does not; first, while the
   * mounts are there, the deletion of the old logs relocations kept on them ({@code kept}, none
   * for a lab without such).
   */
  static List<LabStep> forState(LabState state, List<LabKeptLogs.Kept> kept) {
    List<LabStep> steps = new ArrayList<>();
    if (!kept.isEmpty()) {
      steps.add(new DeleteKept(kept));
    }
    state.cgroup().ifPresent(c -> steps.add(new RemoveCgroup()));
    List<LabDevice> reversed = new ArrayList<>(state.devices());
    java.util.Collections.reverse(reversed);
    for (LabDevice d : reversed) {
      if (d.mounted()) {
        steps.add(new Unmount(d.name()));
      }
      if (d.mountPointCreated()) {
        steps.add(new RemoveMountPoint(d.name()));
      }
      if (d.loop().isPresent()) {
        steps.add(new Detach(d.name()));
      }
      if (d.server().isPresent()) {
        LabServer s = d.server().get();
        if (s.fuseStarted()) {
          steps.add(new ServeSteps.StopFuse(d.name()));
        }
        if (s.nbdkitPid().isPresent()) {
          steps.add(new ServeSteps.StopServer(d.name()));
        }
        if (s.dirCreated()) {
          steps.add(new ServeSteps.RemoveServerDir(d.name()));
        }
      }
      if (d.imageCreated()) {
        steps.add(new DeleteImage(d.name()));
      }
    }
    return steps;
  }

  /** The pids in a cgroup, each with its command name; empty when the cgroup is gone. */
  static List<String> members(Path cgroupDir) throws IOException {
    Path procs = cgroupDir.resolve("cgroup.procs");
    if (!Files.exists(procs)) {
      return List.of();
    }
    List<String> members = new ArrayList<>();
    for (String pid : Files.readAllLines(procs)) {
      if (!pid.isBlank()) {
        Path comm = Path.of("/proc", pid.strip(), "comm");
        String name = Files.isReadable(comm) ? Files.readString(comm).strip() : "?";
        members.add("pid " + pid.strip() + " (" + name + ")");
      }
    }
    return members;
  }

  /** What the device's loop device backs onto now, as sysfs reads; empty when it is not attached. */
  static Optional<String> backingFile(LabHost host, LabDevice d) throws IOException {
    Path backing = host.sysBlock().resolve(d.kernelName().orElseThrow()).resolve("loop/backing_file");
    return Files.isReadable(backing) ? Optional.of(Files.readString(backing).strip()) : Optional.empty();
  }

  /**
   * Whether a backing file sysfs reads is what up attached the device's loop device to: its image, or
   * a served device's FUSE file (" (deleted)" appended when it was removed).
   */
  static boolean backsOntoImage(String backingFile, LabDevice d) {
    return Path.of(backingFile.replace(" (deleted)", "")).equals(d.loopBacking());
  }

  /**
   * Deletes the old logs relocations kept on the lab's mounts, each by its path; down is refused
   * without {@code --delete-kept-logs} while there are any ({@link LabChecks#beforeDown}).
   */
  record DeleteKept(List<LabKeptLogs.Kept> kept) implements LabStep {

    DeleteKept {
      kept = List.copyOf(kept);
    }

    @Override
    public String description() {
      return "delete the " + (kept.size() == 1 ? "old log" : kept.size() + " old logs") + " that relocations kept on"
          + " the lab (only with --delete-kept-logs; without it down refuses while they are there): "
          + String.join(", ", kept.stream().map(k -> k.path().toString()).toList());
    }

    @Override
    public List<String> actions(LabState state) {
      return kept.stream().map(k -> command(k).display()).toList();
    }

    private static Command command(LabKeptLogs.Kept k) {
      return Command.of("rm", "-rf", k.path().toString());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      for (LabKeptLogs.Kept k : kept) {
        if (Files.exists(k.path(), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          c.run(command(k));
        } else {
          c.tell(k.path() + " is gone already");
        }
        LabKeptLogs.forget(c.state().root(), k.path());
        c.record(c.state(), "deleted a kept old log", Map.of("path", k.path().toString(), "what", k.what(),
            "kept_by", k.journal().toString()));
      }
    }
  }

  private static String rmdir(Path cgroup) {
    return "rmdir " + cgroup;
  }

  record RemoveCgroup() implements LabStep {
    @Override
    public String description() {
      return "remove the throttle cgroup (only when no process is in it)";
    }

    @Override
    public List<String> actions(LabState state) {
      return List.of(rmdir(state.cgroup().orElseThrow().dir()));
    }

    @Override
    public void apply(StepContext c) throws IOException {
      Path dir = c.state().cgroup().orElseThrow().dir();
      if (Files.isDirectory(dir)) {
        List<String> members = members(dir);
        if (!members.isEmpty()) {
          throw new IOException("cgroup " + dir + " still has processes: " + String.join(", ", members)
              + "; stop them first");
        }
        c.local(rmdir(dir), () -> c.host().removeCgroup(dir));
      } else {
        c.tell(dir + " is gone already");
      }
      c.record(c.state().withCgroup(Optional.empty()), "removed cgroup", Map.of("dir", dir.toString()));
    }
  }

  record Unmount(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "unmount the " + name + " filesystem";
    }

    @Override
    public Command command(LabState state) {
      return Command.of("umount", state.mount(name).toString());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      Path point = c.state().mount(name);
      Optional<LabHost.MountEntry> mount = c.host().mounts().stream()
          .filter(m -> m.mountPoint().equals(point)).reduce((a, b) -> b);
      if (mount.isEmpty()) {
        c.tell(point + " is not mounted any more");
      } else if (!d.loop().map(mount.get().source()::equals).orElse(false)) {
        c.tell(point + " has " + mount.get().source() + " mounted, not " + UpSteps.loopOf(d) + "; left alone");
      } else {
        c.run(command(c.state()));
      }
      c.record(c.state().withDevice(d.withMounted(false)), "unmounted " + name,
          Map.of("mount_point", point.toString()));
    }
  }

  record RemoveMountPoint(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "remove the " + name + " mount point made by up (only when empty)";
    }

    @Override
    public Command command(LabState state) {
      return Command.of("rmdir", state.mount(name).toString());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      Path dir = c.state().mount(name);
      boolean mountedNow = c.host().mounts().stream().anyMatch(m -> m.mountPoint().equals(dir));
      if (!Files.isDirectory(dir)) {
        c.tell(dir + " is gone already");
      } else if (mountedNow || !isEmpty(dir)) {
        c.tell(dir + (mountedNow ? " has something mounted" : " is not empty") + "; left alone");
      } else {
        c.run(command(c.state()));
      }
      c.record(c.state().withDevice(d.withMountPointCreated(false)), "mount point " + name,
          Map.of("dir", dir.toString()));
    }

    private static boolean isEmpty(Path dir) throws IOException {
      try (Stream<Path> entries = Files.list(dir)) {
        return entries.findAny().isEmpty();
      }
    }
  }

  record Detach(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "detach the " + name + " loop device (only while it still backs onto our image)";
    }

    @Override
    public Command command(LabState state) {
      return Command.of("losetup", "-d", UpSteps.loopOf(state.device(name)));
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      Optional<String> backs = backingFile(c.host(), d);
      if (backs.isEmpty()) {
        c.tell(d.loop().orElseThrow() + " is not attached any more");
      } else if (!backsOntoImage(backs.get(), d)) {
        c.tell(d.loop().orElseThrow() + " now backs onto " + backs.get() + ", not " + d.loopBacking()
            + "; left alone");
      } else {
        c.run(command(c.state()));
      }
      c.record(c.state().withDevice(d.withLoop(Optional.empty(), Optional.empty(), Optional.empty())
          .withFormatted(false)), "detached " + name, Map.of("loop", d.loop().orElseThrow()));
    }
  }

  record DeleteImage(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "delete the " + name + " image";
    }

    @Override
    public Command command(LabState state) {
      return Command.of("rm", "-f", state.device(name).image().toString());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      c.run(command(c.state()));
      c.record(c.state().withDevice(d.withImageCreated(false)), "deleted image " + name,
          Map.of("file", d.image().toString()));
    }
  }
}
