package io.commitbench.storage.layout;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandResult;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.PlannedStep;
import io.commitbench.storage.plan.StateRecorder;
import io.commitbench.storage.snapshot.SnapshotBackend;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Runs layout steps in order, numbered on the progress stream, keeping {@code layout.json} and the
 * journal up to date through a {@link StateRecorder}: a part or snapshot is recorded before its
 * commands run (its name is known in advance), so whatever a failure leaves is listed. A removal
 * runs its commands only for what is still there and the layout's own, and says what it leaves
 * alone; this is what lets destroy finish after a half-failed apply. Also renders steps as a plan.
 */
final class LayoutRun {

  private final StateRecorder<LayoutState> recorder;
  private final LayoutHost host;
  private final PrintStream progress;

  LayoutRun(StateRecorder<LayoutState> recorder, LayoutHost host, PrintStream progress) {
    this.recorder = recorder;
    this.host = host;
    this.progress = progress;
  }

  static Plan plan(String title, List<LayoutStep> steps, List<String> notes) {
    Plan.Builder plan = new Plan.Builder(title);
    steps.forEach(s -> plan.step(new PlannedStep(s.description(), s.commands().stream().map(Command::display)
        .toList())));
    notes.forEach(plan::note);
    return plan.build();
  }

  LayoutState state() {
    return recorder.state();
  }

  /** Runs the steps; on a failure the recorder's state holds what exists, and the failure is thrown. */
  void run(List<LayoutStep> steps) throws IOException {
    for (int i = 0; i < steps.size(); i++) {
      LayoutStep step = steps.get(i);
      progress.printf("  %2d. %s%n", i + 1, step.description());
      switch (step.effect()) {
        case MAKE -> make(step);
        case SNAPSHOT -> snapshot(step);
        case WIPE -> wipe(step);
        case REMOVE -> remove(step);
        case REMOVE_SNAPSHOT -> removeSnapshot(step);
      }
      recorder.applier().endOfStep();
    }
  }

  private void make(LayoutStep step) throws IOException {
    LayoutPart part = step.part().orElseThrow();
    recorder.record(state().with(part), "recorded before making: " + part.description(), detail(step.commands()));
    runAll(step.commands());
    recorder.applier().record("made " + part.description(), detail(step.commands()));
  }

  private void snapshot(LayoutStep step) throws IOException {
    LayoutSpec spec = state().spec();
    int n = step.snapshot();
    LayoutSnapshot snapshot = new LayoutSnapshot(n, LayoutSpec.snapshotName(n), backend().kind(),
        spec.snapshotLocation(n), Instant.now());
    recorder.record(state().withSnapshot(snapshot), "recorded before taking snapshot " + snapshot.name(),
        detail(step.commands()));
    runAll(step.commands());
    recorder.applier().record("took snapshot " + snapshot.name(), Map.of("location", snapshot.location()));
  }

  private void wipe(LayoutStep step) throws IOException {
    runAll(step.commands());
    recorder.applier().record("erased the signatures the caller allowed to be overwritten", detail(step.commands()));
  }

  private void remove(LayoutStep step) throws IOException {
    LayoutPart part = step.part().orElseThrow();
    runAll(stillToRun(part, step.commands()));
    recorder.record(state().without(part), "removed " + part.description(), detail(step.commands()));
  }

  private void removeSnapshot(LayoutStep step) throws IOException {
    int n = step.snapshot();
    String location = state().spec().snapshotLocation(n);
    if (probe(backend().presence(location)).succeeded()) {
      runAll(step.commands());
    } else {
      recorder.tell(location + " is not there (any more); nothing to remove");
    }
    recorder.record(state().withoutSnapshot(n), "removed snapshot " + LayoutSpec.snapshotName(n),
        detail(step.commands()));
  }

  /**
   * The commands of a removal that still have something of ours to remove: a mount that is the
   * layout's own, an empty mount point, LVM objects that {@code lvs}/{@code vgs}/{@code pvs} still
   * show, signatures on devices that are still block devices.
   */
  private List<Command> stillToRun(LayoutPart part, List<Command> commands) throws IOException {
    LayoutSpec spec = state().spec();
    Path mnt = spec.mountPoint();
    String vg = spec.volumeGroup();
    switch (part) {
      case MOUNTED -> {
        if (LayoutChecks.ourMount(spec, host).isPresent()) {
          return commands;
        }
        boolean other = host.mounts().stream().anyMatch(m -> m.mountPoint().equals(mnt));
        recorder.tell(mnt + (other ? " has something else mounted; left alone" : " is not mounted any more"));
        return List.of();
      }
      case MOUNT_POINT -> {
        boolean mounted = host.mounts().stream().anyMatch(m -> m.mountPoint().equals(mnt));
        if (!Files.isDirectory(mnt)) {
          recorder.tell(mnt + " is gone already");
        } else if (mounted || !isEmpty(mnt)) {
          recorder.tell(mnt + (mounted ? " has something mounted" : " is not empty") + "; left alone");
        } else {
          return commands;
        }
        return List.of();
      }
      case FILESYSTEM -> {
        List<Command> still = new ArrayList<>();
        for (Command c : commands) {
          Path device = Path.of(c.argv().get(c.argv().size() - 1));
          if (host.blockDevice(device).isPresent()) {
            still.add(c);
          } else {
            recorder.tell(device + " is no block device any more; nothing to erase on it");
          }
        }
        return still;
      }
      case DATA_VOLUME, THIN_POOL -> {
        String lv = vg + "/" + (part == LayoutPart.THIN_POOL ? "pool" : "data");
        return exists(Command.of("lvs", lv), lv, commands);
      }
      case VOLUME_GROUP -> {
        return exists(Command.of("vgs", vg), vg, commands);
      }
      case PHYSICAL_VOLUMES -> {
        List<String> pvs = new ArrayList<>();
        for (Path d : spec.devices()) {
          if (probe(Command.of("pvs", d.toString())).succeeded()) {
            pvs.add(d.toString());
          } else {
            recorder.tell(d + " is not an LVM physical volume (any more)");
          }
        }
        if (pvs.isEmpty()) {
          return List.of();
        }
        List<String> argv = new ArrayList<>(List.of("pvremove", "-y"));
        argv.addAll(pvs);
        return List.of(Command.of(argv));
      }
      default -> {
        return commands;
      }
    }
  }

  private List<Command> exists(Command probe, String what, List<Command> commands) throws IOException {
    if (probe(probe).succeeded()) {
      return commands;
    }
    recorder.tell(what + " is not there (any more)");
    return List.of();
  }

  /**
   * Runs a read-only probe (is the volume, snapshot or physical volume still there?) past the
   * journal: it changes nothing, and the removal it decides on is journaled with what it ran.
   */
  private CommandResult probe(Command probe) throws IOException {
    return recorder.applier().runner().attempt(probe);
  }

  private void runAll(List<Command> commands) throws IOException {
    for (Command c : commands) {
      recorder.run(c);
    }
  }

  private SnapshotBackend backend() {
    return state().spec().manager().snapshots().orElseThrow(
        () -> new IllegalStateException(Layout.PLAIN_HAS_NO_SNAPSHOTS));
  }

  private static Map<String, String> detail(List<Command> commands) {
    return Map.of("commands", String.join("\n", commands.stream().map(Command::display).toList()));
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.findAny().isEmpty();
    }
  }
}
