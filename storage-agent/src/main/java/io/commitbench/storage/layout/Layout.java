package io.commitbench.storage.layout;

import io.commitbench.core.host.BlockDevice;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.core.host.RealPaths;
import io.commitbench.storage.journal.Journal;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import io.commitbench.storage.plan.StateRecorder;
import io.commitbench.storage.snapshot.SnapshotBackend;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Storage layouts of the snapshot study: a filesystem (ext4, xfs, btrfs, jfs, vfat) on a volume
 * made by a manager (plain, LVM RAID0, LVM thin RAID0, btrfs RAID0) over 1 to 5 block devices,
 * mounted at {@code ROOT/mnt} with the database's data directory at {@code ROOT/mnt/data}; and
 * snapshots of that data, taken after it is loaded. What is made is recorded in
 * {@code ROOT/layout.json} (each part before it is made) and in journals under {@code ROOT/journal};
 * destroy removes exactly that, snapshots first, and leaves the devices blank.
 *
 * <pre>
 * LayoutSpec spec = new LayoutSpec(root, "t1", VolumeManager.BTRFS_RAID0, LayoutFilesystem.BTRFS, devices);
 * Optional&lt;String&gt; why = Layout.unsupportedReason(spec);    // "unsupported on this host: …", or empty
 * LayoutState layout = Layout.apply(spec, runner, System.out);
 * … initdb -D layout.dataDir().resolve("pg") …, load the data …
 * Layout.takeSnapshots(root, 2, runner, System.out);
 * … measure …
 * Layout.destroy(root, runner, System.out);
 * </pre>
 *
 * <p>Before anything is changed the host is probed ({@link UnsupportedOnHostException} when it
 * lacks device-mapper, the filesystem or a program) and the devices are checked: each must be a
 * block device that nothing mounts, holds or swaps on, and that carries no signature unless
 * overwriting is allowed. All problems are reported in one {@link RefusedException}.
 */
public final class Layout {

  /** Why a plain layout takes no snapshots. */
  public static final String PLAIN_HAS_NO_SNAPSHOTS = "unsupported: a plain layout has no snapshot mechanism";
  /** The most snapshots one call takes. */
  public static final int MAX_SNAPSHOTS = 32;

  private Layout() {}

  /** Why this host cannot make the layout ({@code unsupported on this host: …}), or empty when it can. */
  public static Optional<String> unsupportedReason(LayoutSpec spec) {
    return HostSupport.layoutReason(spec, HostProbe.system());
  }

  /** {@link #unsupportedReason(LayoutSpec)} against another probe (a recorded host, a test). */
  public static Optional<String> unsupportedReason(LayoutSpec spec, HostProbe probe) {
    return HostSupport.layoutReason(spec, probe);
  }

  /**
   * Why {@code count} snapshots of such a layout cannot be taken here: {@link #PLAIN_HAS_NO_SNAPSHOTS}
   * for plain, {@code unsupported on this host: …} when the mechanism is missing; empty when they
   * can, and always for a count of 0.
   */
  public static Optional<String> unsupportedSnapshotReason(LayoutSpec spec, int count) {
    return unsupportedSnapshotReason(spec, count, HostProbe.system());
  }

  /** {@link #unsupportedSnapshotReason(LayoutSpec, int)} for a made layout. */
  public static Optional<String> unsupportedSnapshotReason(LayoutState state, int count) {
    return unsupportedSnapshotReason(state.spec(), count);
  }

  /** {@link #unsupportedSnapshotReason(LayoutSpec, int)} against another probe. */
  public static Optional<String> unsupportedSnapshotReason(LayoutSpec spec, int count, HostProbe probe) {
    if (count == 0) {
      return Optional.empty();
    }
    return spec.manager().snapshots()
        .map(b -> HostSupport.snapshotReason(b, spec.filesystem(), probe))
        .orElse(Optional.of(PLAIN_HAS_NO_SNAPSHOTS));
  }

  /** What {@link #apply} would do, without overwriting. */
  public static Plan plan(LayoutSpec spec) {
    return plan(spec, false);
  }

  /** What {@link #apply} would do: the exact commands, with the devices' sizes and signatures read. */
  public static Plan plan(LayoutSpec spec, boolean overwrite) {
    return plan(spec, overwrite, new SystemLayoutHost());
  }

  static Plan plan(LayoutSpec spec, boolean overwrite, LayoutHost host) {
    LayoutSpec real = resolved(spec, host);
    List<Path> toWipe = overwrite ? withSignatures(real.devices(), host) : List.of();
    return LayoutRun.plan("make layout '" + real.id() + "' at " + real.root() + ": " + real.summary(),
        applySteps(real, toWipe), applyNotes(real, overwrite, toWipe, host));
  }

  /** The checks {@link #apply} makes, on their own: a dry run says whether apply would be refused. */
  public static void check(LayoutSpec spec, boolean overwrite) throws RefusedException, IOException {
    SystemLayoutHost host = new SystemLayoutHost();
    LayoutChecks.beforeApply(resolved(spec, host), overwrite, host);
  }

  /** {@link #apply(LayoutSpec, boolean, CommandRunner, PrintStream)} without overwriting anything. */
  public static LayoutState apply(LayoutSpec spec, CommandRunner runner, PrintStream progress)
      throws RefusedException, IOException {
    return apply(spec, false, runner, progress);
  }

  /**
   * Probes, checks, then makes the layout; on a failure half-way removes what it made and throws.
   *
   * @param overwrite erase signatures found on the devices ({@code wipefs -a}) instead of refusing them
   * @throws UnsupportedOnHostException when the host cannot make it (nothing changed)
   * @throws RefusedException when a check fails (nothing changed)
   */
  public static LayoutState apply(LayoutSpec spec, boolean overwrite, CommandRunner runner, PrintStream progress)
      throws RefusedException, IOException {
    return apply(spec, overwrite, runner, progress, new SystemLayoutHost());
  }

  static LayoutState apply(LayoutSpec spec, boolean overwrite, CommandRunner runner, PrintStream progress,
      LayoutHost host) throws RefusedException, IOException {
    LayoutSpec real = resolved(spec, host);
    List<Path> toWipe = LayoutChecks.beforeApply(real, overwrite, host);
    List<LayoutStep> steps = applySteps(real, toWipe);
    Files.createDirectories(real.root());
    LayoutState initial = LayoutState.initial(real, Instant.now());
    try (Applier journal = Applier.begin(journalFile(real.root(), "apply"), "layout-apply",
        parameters(real, overwrite), runner, progress)) {
      LayoutRun run = new LayoutRun(recorder(journal, initial), host, progress);
      StateRecorder.save(stateFile(real.root()), LayoutStateJson::write, initial);
      try {
        run.run(steps);
        LayoutState done = run.state().withComplete(true);
        StateRecorder.save(stateFile(real.root()), LayoutStateJson::write, done);
        journal.record("layout made", Map.of("data_dir", real.dataDir().toString()));
        journal.completed();
        return done;
      } catch (IOException | RuntimeException e) {
        progress.println("failed: " + e.getMessage());
        progress.println("removing what was made so far");
        journal.note("failed: " + e.getMessage() + "; removing what was made");
        try {
          tearDown(new LayoutRun(recorder(journal, run.state()), host, progress));
          journal.end("failed: " + e.getMessage() + "; removed what was made");
        } catch (IOException | RuntimeException teardown) {
          e.addSuppressed(teardown);
          journal.end("failed: " + e.getMessage() + "; removing failed too: " + teardown.getMessage() + "; "
              + stateFile(real.root()) + " records what is left");
        }
        throw e;
      }
    }
  }

  /** What {@link #takeSnapshots} would do for the layout at {@code root}. */
  public static Plan planSnapshots(Path root, int count) throws RefusedException, IOException {
    LayoutState state = existing(root, "take snapshots of");
    SnapshotBackend backend = state.spec().manager().snapshots().orElseThrow(
        () -> new RefusedException(PLAIN_HAS_NO_SNAPSHOTS + " (layout at " + state.root() + ")"));
    if (count < 0 || count > MAX_SNAPSHOTS) {
      throw new RefusedException("snapshot count " + count + " is not allowed; give 0 to " + MAX_SNAPSHOTS);
    }
    Optional<String> noMore = LayoutChecks.noMoreSnapshots(state, backend, count);
    if (noMore.isPresent()) {
      throw new RefusedException(noMore.get() + " (layout at " + state.root() + ")");
    }
    List<String> notes = new ArrayList<>(backend.notes(state.spec().snapshotSource()));
    notes.add(state.snapshots().size() + " snapshot(s) exist already; these are recorded in "
        + stateFile(state.root()) + " and removed first by destroy");
    return LayoutRun.plan("take " + count + " " + backend.kind() + " snapshot(s) of " + state.dataDir(),
        LayoutScript.snapshotSteps(state.spec(), state.nextSnapshotNumber(), count), notes);
  }

  /** The checks {@link #takeSnapshots} makes, on their own: a dry run says whether it would be refused. */
  public static void checkSnapshots(Path root, int count) throws RefusedException, IOException {
    LayoutChecks.beforeSnapshots(existing(root, "take snapshots of"), count, new SystemLayoutHost());
  }

  /**
   * Takes {@code count} more snapshots of the layout at {@code root} (numbered after those it has),
   * each recorded before it is made. A failure leaves the ones made recorded (destroy removes them).
   *
   * @throws RefusedException for a plain layout, an incomplete or unmounted one, a bad count, more
   *     classic LVM snapshots after some were taken
   * @throws UnsupportedOnHostException when the host lacks the snapshot mechanism
   */
  public static LayoutState takeSnapshots(Path root, int count, CommandRunner runner, PrintStream progress)
      throws RefusedException, IOException {
    return takeSnapshots(root, count, runner, progress, new SystemLayoutHost());
  }

  static LayoutState takeSnapshots(Path root, int count, CommandRunner runner, PrintStream progress, LayoutHost host)
      throws RefusedException, IOException {
    LayoutState state = existing(root, "take snapshots of");
    LayoutChecks.beforeSnapshots(state, count, host);
    if (count == 0) {
      return state;
    }
    List<LayoutStep> steps = LayoutScript.snapshotSteps(state.spec(), state.nextSnapshotNumber(), count);
    try {
      return Applier.journaled(journalFile(state.root(), "snapshot"), "layout-snapshot",
          Map.of("root", state.root().toString(), "count", Integer.toString(count)), runner, progress::println,
          journal -> {
            LayoutRun run = new LayoutRun(recorder(journal, state), host, progress);
            run.run(steps);
            return run.state();
          }, e -> "failed: " + e.getMessage() + "; " + stateFile(state.root()) + " records the snapshots made");
    } catch (IOException | RuntimeException e) {
      throw new IOException("taking snapshots stopped: " + e.getMessage() + "; " + stateFile(state.root())
          + " records those made (destroy removes them)", e);
    }
  }

  /** What {@link #destroy} would do for the layout at {@code root}. */
  public static Plan planDestroy(Path root) throws RefusedException, IOException {
    LayoutState state = existing(root, "destroy");
    return LayoutRun.plan("destroy layout '" + state.spec().id() + "' at " + state.root() + " ("
        + state.spec().summary() + ")", destroySteps(state), List.of(
            "only what " + stateFile(state.root()) + " records is removed, and only while it is still there and the "
                + "layout's own; the devices are left attached and blank (they are the caller's)",
            "no process is killed: destroy refuses while anything uses " + state.mountPoint()));
  }

  /** Removes what the layout at {@code root} recorded, snapshots first; refuses while its mount is in use. */
  public static void destroy(Path root, CommandRunner runner, PrintStream progress)
      throws RefusedException, IOException {
    destroy(root, runner, progress, new SystemLayoutHost());
  }

  static void destroy(Path root, CommandRunner runner, PrintStream progress, LayoutHost host)
      throws RefusedException, IOException {
    LayoutState state = existing(root, "destroy");
    LayoutChecks.beforeDestroy(state, host);
    try {
      Applier.journaled(journalFile(state.root(), "destroy"), "layout-destroy", parameters(state.spec(), false),
          runner, progress::println, journal -> {
            tearDown(new LayoutRun(recorder(journal, state.withComplete(false)), host, progress));
            return null;
          }, e -> "failed: " + e.getMessage() + "; " + stateFile(state.root()) + " records what is left");
    } catch (IOException | RuntimeException e) {
      throw new IOException("layout destroy stopped: " + e.getMessage() + "; " + stateFile(state.root())
          + " records what is left; fix the cause and run destroy again", e);
    }
  }

  private static void tearDown(LayoutRun run) throws IOException {
    run.run(destroySteps(run.state()));
    Files.deleteIfExists(stateFile(run.state().root()));
  }

  private static List<LayoutStep> destroySteps(LayoutState state) {
    return LayoutScript.destroySteps(state.spec(), state.made(),
        state.snapshots().stream().map(LayoutSnapshot::number).toList());
  }

  private static List<LayoutStep> applySteps(LayoutSpec spec, List<Path> toWipe) {
    List<LayoutStep> steps = new ArrayList<>();
    if (!toWipe.isEmpty()) {
      steps.add(LayoutStep.wipe("erase the signatures found on " + toWipe + " (--overwrite)",
          LayoutScript.wipe(toWipe)));
    }
    steps.addAll(LayoutScript.applySteps(spec));
    return steps;
  }

  private static List<String> applyNotes(LayoutSpec spec, boolean overwrite, List<Path> toWipe, LayoutHost host) {
    List<String> notes = new ArrayList<>();
    notes.add("a database's data directory goes in " + spec.dataDir() + (spec.manager() == VolumeManager.BTRFS_RAID0
        ? " (a subvolume: what the snapshots take)" : " (a directory on the volume)"));
    if (spec.manager().usesLvm()) {
      notes.add("volume group " + spec.volumeGroup() + ", 4 MiB extents");
    }
    if (spec.manager() == VolumeManager.LVM_THIN_RAID0) {
      notes.add(spec.thinVolumeBytes().map(b -> "thin volume of " + (b >> 20) + " MiB (by default 40% of the "
          + "devices, half the pool: the whole volume can be rewritten once after snapshots before the pool is full)")
          .orElse(LayoutScript.THIN_SIZE + " is 40% of the devices' total size, known once the devices can be read"));
    }
    if (spec.manager() == VolumeManager.BTRFS_RAID0 && spec.devices().size() == 1) {
      notes.add("RAID0 over one device: btrfs-progs accepts it (v6.2 here; 5.15 and later) and lays the data out "
          + "as on a single device; the profile is kept raid0 so the commands do not depend on the device count");
    }
    if (spec.manager() == VolumeManager.LVM_RAID0 && spec.filesystem() == LayoutFilesystem.BTRFS) {
      notes.add("a classic snapshot of a btrfs volume is a second device with the same filesystem UUID; the layout "
          + "never mounts snapshots, but do not mount one while the volume is mounted");
    }
    if (!spec.filesystem().hasUnixPermissions()) {
      notes.add("vfat keeps no owners or modes: everything on it is root's, mode 755 (the mount's defaults); a "
          + "server that checks its directory's owner (PostgreSQL) cannot use it without uid=/gid= mount options");
    }
    notes.add("everything on " + String.join(", ", spec.devices().stream().map(Path::toString).toList())
        + " is overwritten" + (overwrite ? toWipe.isEmpty() ? " (--overwrite: no signature found to erase)"
            : " (--overwrite: the signatures found are erased first)" : ""));
    unsupportedReason(spec, host.probe()).ifPresent(notes::add);
    notes.add("what is made is recorded in " + stateFile(spec.root()) + "; 'commitbench storage layout destroy --root "
        + spec.root() + " --apply' removes it");
    return notes;
  }

  /** The spec with the root's symlinks resolved and, for thin, the thin size derived when the devices can be read. */
  private static LayoutSpec resolved(LayoutSpec spec, LayoutHost host) {
    Path root = RealPaths.ofDeepestExisting(spec.root()).orElse(spec.root());
    LayoutSpec real = new LayoutSpec(root, spec.id(), spec.manager(), spec.filesystem(), spec.devices(),
        spec.thinVolumeBytes());
    if (real.manager() != VolumeManager.LVM_THIN_RAID0 || real.thinVolumeBytes().isPresent()) {
      return real;
    }
    long total = 0;
    for (Path d : real.devices()) {
      try {
        Optional<BlockDevice> device = host.blockDevice(d);
        if (device.isEmpty()) {
          return real;
        }
        total += device.get().sizeBytes().orElse(0);
      } catch (IOException e) {
        return real;
      }
    }
    return real.withThinVolumeBytes(LayoutSpec.defaultThinVolumeBytes(total));
  }

  private static List<Path> withSignatures(List<Path> devices, LayoutHost host) {
    List<Path> found = new ArrayList<>();
    for (Path d : devices) {
      try {
        if (host.blockDevice(d).isPresent() && !host.signatures(d).isEmpty()) {
          found.add(d);
        }
      } catch (IOException e) {
        // the checks report it
      }
    }
    return found;
  }

  private static LayoutState existing(Path root, String verb) throws RefusedException, IOException {
    Path abs = RealPaths.ofDeepestExisting(root).orElse(root.toAbsolutePath().normalize());
    return LayoutState.read(abs).orElseThrow(() -> new RefusedException("no layout at " + abs + " (no "
        + abs.resolve(LayoutState.FILE) + "); nothing to " + verb + ". Give the --root the layout was applied with"));
  }

  private static StateRecorder<LayoutState> recorder(Applier applier, LayoutState state) {
    return new StateRecorder<>(applier, stateFile(state.root()), LayoutStateJson::write, state);
  }

  private static Path stateFile(Path root) {
    return root.resolve(LayoutState.FILE);
  }

  private static Path journalFile(Path root, String operation) {
    return Journal.timestampedFile(root.resolve("journal"), "layout-" + operation);
  }

  private static Map<String, String> parameters(LayoutSpec spec, boolean overwrite) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("root", spec.root().toString());
    p.put("id", spec.id());
    p.put("manager", spec.manager().label());
    p.put("filesystem", spec.filesystem().label());
    p.put("devices", String.join(",", spec.devices().stream().map(Path::toString).toList()));
    spec.thinVolumeBytes().ifPresent(b -> p.put("thin_volume_bytes", Long.toString(b)));
    p.put("overwrite", Boolean.toString(overwrite));
    return p;
  }
}
