package io.commitbench.storage.lab;

import io.commitbench.core.host.lab.LabState;
import io.commitbench.core.host.lab.LabDevice;
import io.commitbench.core.host.lab.Calibration;
import io.commitbench.core.host.lab.DeviceProfile;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.core.host.RealPaths;
import io.commitbench.storage.plan.Applier;
import io.commitbench.storage.plan.Plan;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Brings a lab up and down: an "ssd" (by default of profile ram: loop device over a sparse image in
 * /dev/shm, rotational 0) and an "hdd" (by default of profile throttle: loop device over an image on
 * the root's disk, rotational 1, and a cgroup v1 blkio throttle on it; or of the profiles hdd and
 * ssd of {@link DeviceProfile}, served by nbdkit through nbdfuse and slow for every process), each
 * with a filesystem mounted at {@code ROOT/ssd} and {@code ROOT/hdd}, measured after it is made
 * ({@link Calibration}); and,
 * when asked, raw "disks" disk1..diskN (loop devices over images {@code ROOT/diskK.img},
 * rotational 1, throttled like the hdd, with no filesystem and no mount) for a layout tool.
 * Everything made is recorded in {@code ROOT/lab.json} after each step, and in a journal under
 * {@code ROOT/journal}; {@code down} removes exactly that, in reverse.
 *
 * <pre>
 * LabState lab = Lab.up(LabSpec.defaults(root).withSizes(128L &lt;&lt; 20, 128L &lt;&lt; 20), runner, System.out);
 * Command server = serverCommand.inCgroup(lab.cgroupFor(lab.mount("hdd")).orElseThrow());
 * ...
 * Lab.down(root, runner, System.out);
 *
 * LabState striped = Lab.up(LabSpec.defaults(root).withDisks(3, 512L &lt;&lt; 20), runner, System.out);
 * List&lt;Path&gt; disks = striped.disks();   // /dev/loopN of disk1..disk3: mkfs.btrfs -d raid0 ... on them
 * Command throttled = serverCommand.inCgroup(striped.throttleCgroup().orElseThrow());
 * </pre>
 */
public final class Lab {

  private Lab() {}

  /** What {@link #up} would do, with placeholders (SSD_LOOP, HDD_MAJ:MIN, DISK1_LOOP) for what losetup decides. */
  public static Plan planUp(LabSpec spec) {
    return planUp(spec, new SystemLabHost());
  }

  static Plan planUp(LabSpec spec, LabHost host) {
    LabSpec real = withRealRoot(spec);
    LabState initial = LabLayout.initial(real, host.shmDir(), Instant.now());
    Path blkio = blkioOrDefault(host);
    int disks = real.diskCount();
    String diskLoops = disks == 1 ? "DISK1_LOOP" : "DISK1_LOOP..DISK" + disks + "_LOOP";
    String diskNumbers = disks == 1 ? "DISK1_MAJ:MIN" : "DISK1_MAJ:MIN..DISK" + disks + "_MAJ:MIN";
    List<String> notes = new ArrayList<>();
    notes.add(disks == 0
        ? "SSD_LOOP and HDD_LOOP stand for the loop devices 'losetup -f --show' prints; HDD_MAJ:MIN for the "
            + "hdd's device numbers"
        : "SSD_LOOP, HDD_LOOP and " + diskLoops + " stand for the loop devices 'losetup -f --show' prints; "
            + "HDD_MAJ:MIN and " + diskNumbers + " for their device numbers");
    String diskImages = disks == 0 ? "" : disks + " disk" + (disks == 1 ? "" : "s") + " of " + real.diskBytes()
        + " bytes each";
    boolean hddInMemory = real.hddProfile().inMemory();
    notes.add("images are sparse: ssd " + real.ssdBytes() + " bytes " + where(real, LabDevice.SSD, host) + ", hdd "
        + real.hddBytes() + " bytes" + (hddInMemory ? " " + where(real, LabDevice.HDD, host)
            + (disks == 0 ? "" : ", " + diskImages + " under " + real.root())
            : (disks == 0 ? "" : " and " + diskImages) + " under " + real.root()));
    if (disks > 0) {
      notes.add("the disks get no filesystem and no mount: they are raw devices for a layout tool (RAID0 and so on); "
          + "LabState.disks() lists them");
    }
    profileNotes(real, notes);
    notes.add("what is made is recorded in " + real.root().resolve(LabState.FILE) + "; 'storage lab down' removes it");
    return LabRun.plan("bring up lab '" + real.id() + "' at " + real.root() + " (" + real.filesystem().label()
        + (disks == 0 ? "" : ", " + disks + " raw disk" + (disks == 1 ? "" : "s")) + ")", UpSteps.all(real, blkio,
        host),
        initial, notes);
  }

  /**
   * The figures the data sheets behind a model profile give (keys such as {@code seq_read_mbs},
   * {@code random_read_ms}, {@code fdatasync_ms}), for the calibration to stand beside; empty for
   * the other profiles.
   */
  public static java.util.Map<String, Double> datasheet(DeviceProfile profile) {
    return ModelSources.datasheet(profile);
  }

  /**
   * A device's calibration beside its model profile's data sheet figures: a heading line, then one
   * line per figure; empty when the device has no calibration or its profile no data sheet.
   */
  public static List<String> besideDatasheet(LabDevice d) {
    List<String> lines = new ArrayList<>();
    d.calibration().ifPresent(c -> {
      String beside = c.besideDatasheet(datasheet(d.profile()));
      if (!beside.isEmpty()) {
        lines.add(d.name() + " against " + d.profile().modelProfileFile() + "'s data sheet figures:");
        lines.addAll(beside.lines().toList());
      }
    });
    return lines;
  }

  /** Notes on the devices' profiles: which are slow for every process, and what the calibration records. */
  private static void profileNotes(LabSpec spec, List<String> notes) {
    for (String name : List.of(LabDevice.SSD, LabDevice.HDD)) {
      DeviceProfile p = spec.profile(name);
      notes.add(name + ": profile " + p.label() + p.model().map(m -> ", the " + m.label() + " model with the figures of "
          + p.modelProfileFile()).orElse("") + (p.served() ? ", served by nbdkit through nbdfuse: slow for every "
          + "process; HDD_NBDKIT_PID-style names stand for the pids the pidfiles give"
          : p.throttled() ? ", throttled only for processes started in the lab's cgroup" : ", memory"));
    }
    if (spec.calibrate()) {
      notes.add("each mounted device is measured for a few seconds after it is made; the figures go into "
          + LabState.FILE);
    }
  }

  private static String where(LabSpec spec, String name, LabHost host) {
    return spec.profile(name).inMemory() ? "in " + host.shmDir() + " (memory)" : "under " + spec.root();
  }

  /** The checks {@link #up} makes before acting, on their own: a dry run says whether up would be refused. */
  public static void checkUp(LabSpec spec) throws RefusedException, IOException {
    SystemLabHost host = new SystemLabHost();
    LabSpec real = withRealRoot(spec);
    LabChecks.beforeUp(real, LabLayout.initial(real, host.shmDir(), Instant.now()), host);
  }

  /** Checks, then builds the lab; on a failure half-way removes what it made and throws. */
  public static LabState up(LabSpec spec, CommandRunner runner, PrintStream progress)
      throws RefusedException, IOException {
    return up(spec, runner, progress, new SystemLabHost());
  }

  static LabState up(LabSpec spec, CommandRunner runner, PrintStream progress, LabHost host)
      throws RefusedException, IOException {
    LabSpec real = withRealRoot(spec);
    LabState initial = LabLayout.initial(real, host.shmDir(), Instant.now());
    Path blkio = LabChecks.beforeUp(real, initial, host);
    List<LabStep> steps = UpSteps.all(real, blkio, host);
    Files.createDirectories(real.root());
    try (Applier journal = Applier.begin(LabRun.journalFile(real.root(), "up"), "lab-up", parameters(real), runner,
        progress)) {
      StepContext context = new StepContext(journal, host, initial);
      StepContext.save(initial);
      try {
        LabRun.apply(steps, context, progress);
        context.record(context.state().withComplete(true), "lab up", Map.of("root", real.root().toString()));
        journal.completed();
        return context.state();
      } catch (IOException | RuntimeException e) {
        progress.println("failed: " + e.getMessage());
        progress.println("tearing down what was made so far");
        journal.note("failed: " + e.getMessage() + "; tearing down");
        try {
          tearDown(context, List.of(), progress);
          journal.end("failed: " + e.getMessage() + "; torn down");
        } catch (IOException | RuntimeException teardown) {
          e.addSuppressed(teardown);
          journal.end("failed: " + e.getMessage() + "; tear-down failed too: " + teardown.getMessage()
              + "; " + StepContext.stateFile(real.root()) + " records what is left");
        }
        throw e;
      }
    }
  }

  /**
   * What {@link #down} would do for the lab at {@code root}: the old logs relocations kept on its
   * mounts are named first, as down deletes them only with {@code deleteKept}.
   */
  public static Plan planDown(Path root, boolean deleteKept) throws RefusedException, IOException {
    LabState state = existing(root);
    List<LabKeptLogs.Kept> kept = LabKeptLogs.present(state.root());
    List<String> notes = new ArrayList<>();
    for (LabKeptLogs.Kept k : kept) {
      notes.add("kept on the lab: " + k.describe());
    }
    if (!kept.isEmpty()) {
      notes.add(deleteKept ? "--delete-kept-logs: the kept old logs above are deleted with the lab"
          : "down refuses while those are there: move them off the lab to keep them, or give --delete-kept-logs to"
              + " delete them with the lab");
    }
    notes.add("only what " + state.root().resolve(LabState.FILE) + " records is removed; no process is killed but "
        + "the lab's own nbdkit, and only while its command line names the lab's socket");
    notes.add("refused while a managed instance, running or stopped, keeps its data or log on the lab (recorded in "
        + state.root().resolve(LabTenants.DIR) + ")");
    return LabRun.plan("take down lab '" + state.id() + "' at " + state.root(), DownSteps.forState(state, kept), state,
        notes);
  }

  /** The checks {@link #down} makes before acting, on their own: a dry run says whether down would be refused. */
  public static void checkDown(Path root, boolean deleteKept) throws RefusedException, IOException {
    LabChecks.beforeDown(existing(root), new SystemLabHost(), deleteKept);
  }

  /**
   * Removes what the lab at {@code root} recorded, refusing while a mount or its cgroup is in use,
   * and, unless {@code deleteKept}, while relocations kept old logs on its mounts.
   */
  public static void down(Path root, CommandRunner runner, PrintStream progress, boolean deleteKept)
      throws RefusedException, IOException {
    down(root, runner, progress, new SystemLabHost(), deleteKept);
  }

  /** {@link #down(Path, CommandRunner, PrintStream, boolean)} that refuses while old logs are kept on the lab. */
  public static void down(Path root, CommandRunner runner, PrintStream progress) throws RefusedException, IOException {
    down(root, runner, progress, false);
  }

  static void down(Path root, CommandRunner runner, PrintStream progress, LabHost host)
      throws RefusedException, IOException {
    down(root, runner, progress, host, false);
  }

  static void down(Path root, CommandRunner runner, PrintStream progress, LabHost host, boolean deleteKept)
      throws RefusedException, IOException {
    LabState state = existing(root);
    LabChecks.beforeDown(state, host, deleteKept);
    List<LabKeptLogs.Kept> kept = LabKeptLogs.present(state.root());
    Path left = StepContext.stateFile(state.root());
    try {
      Applier.journaled(LabRun.journalFile(state.root(), "down"), "lab-down",
          Map.of("root", state.root().toString(), "id", state.id(), "delete_kept_logs", Boolean.toString(deleteKept)),
          runner, progress::println, journal -> {
            tearDown(new StepContext(journal, host, state.withComplete(false)), kept, progress);
            return null;
          }, e -> "failed: " + e.getMessage() + "; " + left + " records what is left");
    } catch (IOException | RuntimeException e) {
      throw new IOException("lab down stopped: " + e.getMessage() + "; " + left
          + " records what is left; fix the cause and run down again", e);
    }
  }

  /** The current state of the lab at {@code root}, as status lines. */
  public static List<String> status(Path root) throws IOException {
    return LabStatus.lines(root, new SystemLabHost());
  }

  /** Removes what the state records ({@code kept}: the kept old logs to delete first), then the lab's own records. */
  private static void tearDown(StepContext context, List<LabKeptLogs.Kept> kept, PrintStream progress)
      throws IOException {
    Path root = context.state().root();
    LabRun.apply(DownSteps.forState(context.state(), kept), context, progress);
    Applier applier = context.applier();
    int gone = applier.inProcess("remove the records of tenants that are gone from " + root.resolve(LabTenants.DIR),
        () -> LabTenants.removeGone(root));
    if (gone > 0) {
      applier.record("removed the records of " + gone + " tenant(s) that are gone", Map.of());
    }
    int keptGone = applier.inProcess("remove the records of kept old logs that are gone from "
        + root.resolve(LabKeptLogs.DIR), () -> LabKeptLogs.removeGone(root));
    if (keptGone > 0) {
      applier.record("removed the records of " + keptGone + " kept old log(s) that are gone", Map.of());
    }
    Path stateFile = StepContext.stateFile(root);
    applier.local("rm -f " + stateFile, () -> Files.deleteIfExists(stateFile));
    applier.record("removed " + LabState.FILE, Map.of());
  }

  private static LabState existing(Path root) throws RefusedException, IOException {
    Path abs = root.toAbsolutePath().normalize();
    return LabState.read(abs).orElseThrow(() -> new RefusedException("no lab at " + abs + " (no "
        + abs.resolve(LabState.FILE) + "); nothing to take down. Give the --root the lab was brought up with"));
  }

  private static Path blkioOrDefault(LabHost host) {
    try {
      return host.blkioMount().orElse(Path.of("/sys/fs/cgroup/blkio"));
    } catch (IOException e) {
      return Path.of("/sys/fs/cgroup/blkio");
    }
  }

  /** The root with symlinks resolved, so it matches what /proc/self/mounts and losetup show. */
  private static LabSpec withRealRoot(LabSpec spec) {
    return spec.withRoot(RealPaths.ofDeepestExisting(spec.root()).orElse(spec.root()));
  }

  private static Map<String, String> parameters(LabSpec spec) {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("root", spec.root().toString());
    p.put("id", spec.id());
    p.put("filesystem", spec.filesystem().label());
    p.put("ssd_bytes", Long.toString(spec.ssdBytes()));
    p.put("hdd_bytes", Long.toString(spec.hddBytes()));
    p.put("disk_count", Integer.toString(spec.diskCount()));
    p.put("disk_bytes", Long.toString(spec.diskBytes()));
    p.put("ssd_profile", spec.ssdProfile().label());
    p.put("hdd_profile", spec.hddProfile().label());
    p.put("calibrate", Boolean.toString(spec.calibrate()));
    spec.hddThrottle().files().forEach((file, value) -> p.put(file, Long.toString(value)));
    return p;
  }
}
