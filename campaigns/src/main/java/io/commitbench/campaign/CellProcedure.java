package io.commitbench.campaign;

import io.commitbench.storage.exec.Command;
import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.instance.InstanceDescriptor;
import io.commitbench.storage.instance.ManagedInstance;
import io.commitbench.storage.layout.Layout;
import io.commitbench.storage.layout.LayoutSpec;
import io.commitbench.storage.layout.LayoutState;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One cell, start to end: build the layout on the first N disks, create a managed instance whose
 * data directory is on it, and its log too unless the layout puts the log on a lab device, load data (or prepare the workload's data set), checkpoint,
 * write the log through (campaign.write-log-through), take the snapshots, run the measured
 * workload (N times with runs=N), and tear everything down again — the instance, the snapshots,
 * the layout — whatever happened. The layout and the instance record what they made (layout.json,
 * instance.json) in the campaign's work folder, so a campaign that was killed half-way removes
 * the leftovers before its next cell.
 */
final class CellProcedure {

  /** The load run's table prefix: apart from the measured run's tables, and kept until tear-down. */
  static final String LOAD_PREFIX = "cb_load_";

  private final CampaignSpec spec;
  private final CommandRunner runner;
  private final WorkloadRunner workload;
  private final PrintStream progress;

  CellProcedure(CampaignSpec spec, CommandRunner runner, WorkloadRunner workload, PrintStream progress) {
    this.spec = spec;
    this.runner = runner;
    this.workload = workload;
    this.progress = progress;
  }

  Path layoutRoot() {
    return spec.work().resolve("layout");
  }

  Path instanceDir() {
    return spec.work().resolve("instance");
  }

  /** The layout a cell builds on these disks. */
  LayoutSpec layoutFor(Cell cell, List<Path> disks) {
    return LayoutSpec.of(layoutRoot(), cell.layout().manager(), cell.layout().filesystem(),
        disks.subList(0, cell.disks()));
  }

  /**
   * Runs the cell; its run results go to {@code cellDir}. A failure of the cell itself is its
   * outcome; a failure to tear down is thrown, since the next cell cannot be built on leftovers.
   */
  CellOutcome run(Cell cell, CampaignDisks disks, Path cellDir, Path output) throws IOException {
    long began = System.nanoTime();
    Optional<String> runDir = Optional.empty();
    CellOutcome outcome;
    try {
      step("build the layout");
      LayoutState layout = Layout.apply(layoutFor(cell, disks.devices()), overwrite(), runner, progress);
      Path data = layout.dataDir();
      Optional<Path> logMount = cell.layout().logDevice().map(disks::logMount);
      step("create a managed " + cell.dbms() + " instance on it"
          + cell.layout().logDevice().map(d -> ", its log on the lab's " + d).orElse(""));
      ManagedInstance instance = ManagedInstance.create(cell.dbms(), instanceDir(), data.resolve("db"),
          logMount.orElse(data).resolve("log"), 0, disks.cgroup(), runner);
      load(cellDir);
      // Every cell's snapshots and measured run start from the loaded data on disk, not from a
      // server still flushing it in the background (which would tax cells without snapshots most).
      step("checkpoint: the loaded data to the data files");
      instance.settle();
      if (spec.writeLogThrough()) {
        // The log as a server that has run a while has it, with no space preallocated and never
        // written: on btrfs that costs a commit extra I/Os until it is written once, but not after a
        // snapshot (LogRewrite), so cells without snapshots would measure the log's first pass.
        step("write the log through: stop the server, rewrite its log in place, start it again");
        long bytes = instance.writeLogThrough(line -> {});
        progress.printf("      %,d bytes of log rewritten%n", bytes);
      }
      // And the filesystem's own pending work (btrfs commits its transaction; a snapshot would force that too).
      runner.run(Command.of("sync", "-f", layout.mountPoint().toString()));
      if (logMount.isPresent()) {
        runner.run(Command.of("sync", "-f", logMount.get().toString()));
      }
      if (cell.snapshots() > 0) {
        step("take " + cell.snapshots() + (cell.snapshots() == 1 ? " snapshot" : " snapshots"));
        Layout.takeSnapshots(layoutRoot(), cell.snapshots(), runner, progress);
      }
      step("measure: " + spec.workload().getFileName()
          + spec.runs().stream().mapToObj(n -> ", " + n + (n == 1 ? " run" : " runs")).findFirst().orElse(""));
      WorkloadRunner.WorkloadOutcome measured = workload.run(spec.workload(), measuredOverrides(cellDir));
      runDir = Optional.of(output.relativize(measured.resultDir()).toString());
      outcome = measured.completed()
          ? CellOutcome.measured(cell, CellFigures.read(measured.runDirs()), runDir.get(), seconds(began))
          : CellOutcome.failed(cell, "the measured run did not complete: " + measured.failure(), runDir, seconds(began));
    } catch (CellFailure | RefusedException | IOException | RuntimeException e) {
      outcome = CellOutcome.failed(cell, e.getMessage() == null ? e.toString() : e.getMessage(), runDir,
          seconds(began));
    }
    step("tear down");
    tearDown();
    return outcome.withSeconds(seconds(began));
  }

  /** Removes what a cell made, as its state files record it: the instance, then the layout with its snapshots. */
  void tearDown() throws IOException {
    Path instance = instanceDir();
    if (Files.isRegularFile(instance.resolve(InstanceDescriptor.FILE))) {
      ManagedInstance managed = ManagedInstance.open(instance, runner);
      managed.stop();
      managed.destroy();
    }
    if (LayoutState.read(layoutRoot()).isPresent()) {
      try {
        Layout.destroy(layoutRoot(), runner, progress);
      } catch (RefusedException e) {
        throw new IOException("cannot tear down the layout at " + layoutRoot() + ": " + e.getMessage(), e);
      }
    }
  }

  /** Given devices may be overwritten when the campaign file says so; lab disks are blank anyway. */
  private boolean overwrite() {
    return spec.disks() instanceof DiskSource.GivenDevices given && given.overwrite();
  }

  /**
   * Puts the data on the volume before the snapshots: the load file run once, its rows kept under
   * names the measured run does not use; or the workload's own data set, prepared under the names
   * the measured runs then reuse.
   */
  private void load(Path cellDir) throws IOException, CellFailure {
    Map<String, String> o = overrides(cellDir, "load");
    o.putAll(loadOverrides());
    if (spec.prepareLoad()) {
      step("prepare the data set of " + spec.workload().getFileName());
      workload.prepare(spec.workload(), o);
      return;
    }
    step("load: " + spec.load().getFileName());
    WorkloadRunner.WorkloadOutcome load = workload.run(spec.load(), o);
    if (!load.completed()) {
      throw new CellFailure("the load run did not complete: " + load.failure());
    }
  }

  /** The keys every load sets, whatever the cell: its names, and that a loaded table stays. */
  Map<String, String> loadOverrides() {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("table.prefix", LOAD_PREFIX);
    if (!spec.prepareLoad()) {
      // The loaded rows stay on the volume for the snapshots to share, under names the measured run does not use.
      o.put("cleanup", "false");
    }
    return o;
  }

  /** The keys every measured run sets, whatever the cell: how often it runs, and where a prepared data set is. */
  Map<String, String> measuredOverrides() {
    Map<String, String> o = new LinkedHashMap<>();
    spec.runs().ifPresent(n -> o.put("runs", Integer.toString(n)));
    if (spec.prepareLoad()) {
      // The prepared data set is found by its names; the workload file's load=reuse uses it.
      o.put("table.prefix", LOAD_PREFIX);
    }
    return o;
  }

  private Map<String, String> measuredOverrides(Path cellDir) {
    Map<String, String> o = overrides(cellDir, "run");
    o.putAll(measuredOverrides());
    return o;
  }

  private Map<String, String> overrides(Path cellDir, String runId) {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("db.instance", instanceDir().toString());
    o.put("results.dir", cellDir.toString());
    o.put("run.id", runId);
    return o;
  }

  private void step(String what) {
    progress.println("    - " + what);
  }

  private static double seconds(long began) {
    return (System.nanoTime() - began) / 1e9;
  }

  /** A cell that could not be measured, for a reason of its own. */
  private static final class CellFailure extends Exception {
    CellFailure(String message) {
      super(message);
    }
  }
}
