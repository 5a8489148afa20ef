package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.LabServer;
import io.commitbench.core.host.lab.DeviceModel;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.storage.exec.Command;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The steps of a served device's chain (profiles hdd, ssd and the model profiles): up starts
 * nbdkit (its {@code file} plugin over the image, behind the profile's filters, or the device
 * model's plugin, compiled first into {@code ROOT/NAME.nbd/model}; on a Unix socket, forking into
 * the background itself) and then nbdfuse (which stays in the foreground, so {@code start-stop-daemon
 * --background} detaches it) mounting the served disk as {@code ROOT/NAME.nbd/fuse/disk}; down,
 * after the loop device is detached, unmounts the FUSE file (nbdfuse then exits), stops nbdkit by
 * the pid its pidfile gave, and removes the chain's directory. Each process is checked to still be
 * ours (its command line names our socket) before it is signalled; what is gone already is said
 * and passed over.
 */
final class ServeSteps {

  /** How long nbdfuse and nbdkit get to exit once told to. */
  static final Duration STOP_TIMEOUT = Duration.ofSeconds(15);

  private ServeSteps() {}

  static LabServer server(LabState state, String name) {
    return state.device(name).server().orElseThrow(() -> new IllegalStateException("lab device '" + name
        + "' has no nbdkit chain"));
  }

  /** {@code HDD_NBDKIT_PID}-style placeholder, or the pid once known. */
  private static String pidOf(Optional<Long> pid, String name, String program) {
    return pid.map(String::valueOf).orElse(name.toUpperCase(Locale.ROOT) + "_" + program + "_PID");
  }

  /** Waits until {@code done} holds or the timeout passes; returns whether it held. */
  static boolean await(Duration timeout, Check done) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (done.holds()) {
        return true;
      }
      if (System.nanoTime() - deadline > 0) {
        return false;
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting", e);
      }
    }
  }

  /** A condition polled by {@link #await}. */
  interface Check {
    boolean holds() throws IOException;
  }

  static Optional<Long> readPid(Path pidFile) throws IOException {
    if (!Files.isRegularFile(pidFile)) {
      return Optional.empty();
    }
    String text = Files.readString(pidFile).strip();
    return text.matches("[0-9]{1,10}") ? Optional.of(Long.parseLong(text)) : Optional.empty();
  }

  /** Whether {@code pid} runs and is ours: its command line names the chain's socket. */
  static boolean isOurs(LabHost host, long pid, LabServer server) throws IOException {
    return host.processCommandLine(pid).map(line -> line.contains(server.socket().toString())).orElse(false);
  }

  static boolean fuseMounted(LabHost host, LabServer server) throws IOException {
    return host.mounts().stream().anyMatch(m -> m.mountPoint().equals(server.fuseDir()));
  }

  /** nbdkit serving the image through the profile's filters, on the chain's socket. */
  record Serve(String name, DeviceProfile profile) implements LabStep {
    @Override
    public String description() {
      return "serve the " + name + " image with nbdkit (profile " + profile.label() + ": "
          + profile.model().map(m -> "the " + m.label() + " model's plugin, compiled from the sources the agent"
              + " carries, with " + profile.modelProfileFile())
              .orElse(String.join(" ", profile.filterParameters())) + ")";
    }

    @Override
    public List<String> actions(LabState state) {
      List<String> actions = new ArrayList<>(commands(state).stream().map(Command::display).toList());
      if (profile.model().isPresent()) {
        actions.add(2, "(in this process) write the " + profile.model().get().label() + " model's sources and "
            + profile.modelProfileFile() + " to " + server(state, name).modelDir());
      }
      return actions;
    }

    /**
     * mkdir of the chain's directory with its FUSE mount point; for a model, its directory and the
     * plugin's compilation; then nbdkit (which forks when it serves).
     */
    private List<Command> commands(LabState state) {
      LabDevice d = state.device(name);
      LabServer s = server(state, name);
      List<String> nbdkit = new ArrayList<>(List.of("nbdkit", "--unix", s.socket().toString(), "--pidfile",
          s.nbdkitPidFile().toString()));
      nbdkit.addAll(profile.nbdkitOptions());
      List<Command> commands = new ArrayList<>(List.of(Command.of("mkdir", "-p", s.fuseDir().toString())));
      if (profile.model().isPresent()) {
        DeviceModel model = profile.model().get();
        commands.add(Command.of("mkdir", "-p", s.modelDir().toString()));
        commands.add(Command.of(model.compileCommand(s.modelDir())));
        nbdkit.add(s.modelDir().resolve(model.pluginFile()).toString());
        nbdkit.add("file=" + d.image());
        nbdkit.add("profile=" + s.modelDir().resolve(profile.modelProfileFile()));
        nbdkit.add("state=" + s.modelState());
      } else {
        nbdkit.add("file");
        nbdkit.add("file=" + d.image());
        nbdkit.addAll(profile.filterParameters());
      }
      commands.add(Command.of(nbdkit));
      return commands;
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabDevice d = c.state().device(name);
      LabServer s = server(c.state(), name);
      List<Command> commands = commands(c.state());
      // Recorded first: the checks saw no such directory, so whatever is there after a failure is ours.
      c.record(c.state().withDevice(d.withServer(s.withDirCreated(true))), "nbd dir " + name,
          Map.of("dir", s.dir().toString()));
      c.run(commands.get(0));
      if (profile.model().isPresent()) {
        c.run(commands.get(1));
        ModelSources.writeTo(profile, s.modelDir());
        c.run(commands.get(2));
      }
      c.run(commands.get(commands.size() - 1));
      if (!await(UpSteps.START_TIMEOUT, () -> readPid(s.nbdkitPidFile()).isPresent())) {
        throw new IOException("nbdkit wrote no pidfile " + s.nbdkitPidFile() + " within "
            + UpSteps.START_TIMEOUT.toSeconds() + " s");
      }
      Optional<Long> pid = readPid(s.nbdkitPidFile());
      d = c.state().device(name);
      c.record(c.state().withDevice(d.withServer(d.server().orElseThrow().withNbdkitPid(pid))), "nbdkit " + name,
          Map.of("pid", String.valueOf(pid.orElseThrow()), "socket", s.socket().toString()));
    }
  }

  /** nbdfuse exposing the served disk as a file, detached by start-stop-daemon. */
  record Fuse(String name, DeviceProfile profile, Path nbdfuse) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "expose the served " + name + " disk as a file with nbdfuse (FUSE), in the background";
    }

    @Override
    public Command command(LabState state) {
      LabServer s = server(state, name);
      // --pidfile only narrows start-stop-daemon's check for a running copy to this chain's
      // pidfile (absent yet), so nbdfuse of another lab does not count as "already running".
      List<String> argv = new ArrayList<>(List.of("start-stop-daemon", "--start", "--background", "--output",
          s.nbdfuseLog().toString(), "--pidfile", s.nbdfusePidFile().toString(), "--exec", nbdfuse.toString(), "--"));
      argv.addAll(profile.nbdfuseOptions());
      argv.addAll(List.of("-P", s.nbdfusePidFile().toString(), s.file().toString(), "--unix", s.socket().toString()));
      return Command.of(argv);
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabServer s = server(c.state(), name);
      c.run(command(c.state()));
      LabDevice d = c.state().device(name);
      c.record(c.state().withDevice(d.withServer(s.withFuse(true, Optional.empty()))), "nbdfuse " + name,
          Map.of("file", s.file().toString()));
      boolean serving = await(UpSteps.START_TIMEOUT, () -> readPid(s.nbdfusePidFile()).isPresent()
          && fuseMounted(c.host(), s));
      if (!serving) {
        throw new IOException("nbdfuse did not mount " + s.fuseDir() + " within " + UpSteps.START_TIMEOUT.toSeconds()
            + " s; its output is in " + s.nbdfuseLog());
      }
      Optional<Long> pid = readPid(s.nbdfusePidFile());
      d = c.state().device(name);
      c.record(c.state().withDevice(d.withServer(d.server().orElseThrow().withFuse(true, pid))), "nbdfuse pid " + name,
          Map.of("pid", String.valueOf(pid.orElseThrow()), "fuse", s.fuseDir().toString()));
    }
  }

  /** Unmounts the FUSE file (nbdfuse exits then) and waits for nbdfuse to be gone. */
  record StopFuse(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "unmount the " + name + " FUSE file (nbdfuse exits)";
    }

    @Override
    public Command command(LabState state) {
      return Command.of("fusermount3", "-u", server(state, name).fuseDir().toString());
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabServer s = server(c.state(), name);
      if (fuseMounted(c.host(), s)) {
        c.run(command(c.state()));
      } else {
        c.tell(s.fuseDir() + " is not mounted any more");
      }
      Optional<Long> pid = s.nbdfusePid();
      if (pid.isPresent() && !await(STOP_TIMEOUT, () -> c.host().processCommandLine(pid.get()).isEmpty())) {
        throw new IOException("nbdfuse (pid " + pid.get() + ") did not exit within " + STOP_TIMEOUT.toSeconds()
            + " s of the unmount of " + s.fuseDir());
      }
      LabDevice d = c.state().device(name);
      c.record(c.state().withDevice(d.withServer(s.withFuse(false, Optional.empty()))), "nbdfuse stopped " + name,
          Map.of("fuse", s.fuseDir().toString()));
    }
  }

  /** Stops nbdkit by the pid its pidfile gave, when it is still ours, and waits for it to exit. */
  record StopServer(String name) implements LabStep.OneCommand {
    @Override
    public String description() {
      return "stop the " + name + " nbdkit (only while its command line names the lab's socket)";
    }

    @Override
    public Command command(LabState state) {
      return Command.of("kill", pidOf(server(state, name).nbdkitPid(), name, "NBDKIT"));
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabServer s = server(c.state(), name);
      long pid = s.nbdkitPid().orElseThrow();
      Optional<String> line = c.host().processCommandLine(pid);
      if (line.isEmpty()) {
        c.tell("nbdkit (pid " + pid + ") is gone already");
      } else if (!isOurs(c.host(), pid, s)) {
        c.tell("pid " + pid + " is now '" + line.get() + "', not the lab's nbdkit; left alone");
      } else {
        c.run(command(c.state()));
        if (!await(STOP_TIMEOUT, () -> c.host().processCommandLine(pid).isEmpty())) {
          throw new IOException("nbdkit (pid " + pid + ") did not exit within " + STOP_TIMEOUT.toSeconds()
              + " s of SIGTERM");
        }
      }
      LabDevice d = c.state().device(name);
      c.record(c.state().withDevice(d.withServer(s.withNbdkitPid(Optional.empty()))), "nbdkit stopped " + name,
          Map.of("pid", Long.toString(pid)));
    }
  }

  /** Removes the chain's files (socket, pidfiles, nbdfuse's log), its FUSE mount point and its directory. */
  record RemoveServerDir(String name) implements LabStep {
    @Override
    public String description() {
      return "remove the " + name + " nbd directory made by up (socket, pidfiles, log, FUSE mount point, model)";
    }

    @Override
    public List<String> actions(LabState state) {
      return commands(state).stream().map(Command::display).toList();
    }

    private List<Command> commands(LabState state) {
      LabServer s = server(state, name);
      List<String> rm = new ArrayList<>(List.of("rm", "-f"));
      s.files().forEach(f -> rm.add(f.toString()));
      return List.of(Command.of(rm), Command.of("rm", "-rf", s.modelDir().toString()),
          Command.of("rmdir", s.fuseDir().toString()), Command.of("rmdir", s.dir().toString()));
    }

    @Override
    public void apply(StepContext c) throws IOException {
      LabServer s = server(c.state(), name);
      List<Command> commands = commands(c.state());
      if (!Files.isDirectory(s.dir())) {
        c.tell(s.dir() + " is gone already");
      } else if (fuseMounted(c.host(), s)) {
        c.tell(s.fuseDir() + " has something mounted; " + s.dir() + " left alone");
      } else {
        c.run(commands.get(0));
        if (Files.isDirectory(s.modelDir())) {
          c.run(commands.get(1));
        }
        if (Files.isDirectory(s.fuseDir())) {
          c.run(commands.get(2));
        }
        c.run(commands.get(3));
      }
      LabDevice d = c.state().device(name);
      c.record(c.state().withDevice(d.withServer(s.withDirCreated(false))), "nbd dir removed " + name,
          Map.of("dir", s.dir().toString()));
    }
  }
}
