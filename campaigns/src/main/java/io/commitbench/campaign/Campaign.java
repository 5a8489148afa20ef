package io.commitbench.campaign;

import io.commitbench.storage.exec.CommandRunner;
import io.commitbench.storage.plan.RefusedException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a campaign: every cell of its matrix in order, keeping the cells a previous run of the same
 * campaign finished, recording cells this host cannot run as unsupported (with the reason), and
 * rewriting the tables and charts after each cell. Cells that fail are recorded and the campaign
 * goes on; a failure to tear a cell down stops it, since later cells would be built on leftovers.
 *
 * <pre>
 * Campaign campaign = new Campaign(CampaignFile.read(file), new ProcessCommandRunner(), workloadRunner, System.out);
 * boolean allMeasuredOrUnsupported = campaign.run();
 * </pre>
 */
public final class Campaign {

  private final CampaignSpec spec;
  private final CommandRunner runner;
  private final WorkloadRunner workload;
  private final PrintStream progress;
  private final CellProcedure procedure;
  private volatile String stopReason;

  public Campaign(CampaignSpec spec, CommandRunner runner, WorkloadRunner workload, PrintStream progress) {
    this.spec = spec;
    this.runner = runner;
    this.workload = workload;
    this.progress = progress;
    this.procedure = new CellProcedure(spec, runner, workload, progress);
  }

  /** One line per cell: what a run would do with it now (run it, keep its outcome, or record it unsupported). */
  public List<String> plan() throws IOException, RefusedException {
    List<String> lines = new ArrayList<>();
    lines.add("Campaign " + spec.name() + ": " + CampaignMatrix.cells(spec).size() + " cells; results in " + spec.output()
        + "; scratch in " + spec.work());
    Optional<CampaignStore> store = CampaignStore.existing(spec);
    int index = 0;
    List<Cell> cells = CampaignMatrix.cells(spec);
    for (Cell cell : cells) {
      index++;
      Optional<CellOutcome> kept = store.isPresent() ? store.get().outcome(cell).filter(CellOutcome::isFinal)
          : Optional.empty();
      Optional<String> unsupported = unsupportedReason(cell);
      String what = kept.map(o -> "kept: " + describe(o))
          .or(() -> unsupported)
          .orElse("to run");
      lines.add(String.format(Locale.ROOT, "  [%d/%d] %s: %s", index, cells.size(), cell.describe(), what));
    }
    return lines;
  }

  /**
   * Runs every cell not already finished.
   *
   * @return true when every cell was measured or is unsupported; false when any failed or the campaign was stopped
   * @throws RefusedException when the output folder holds another workload's campaign, or the disks are refused
   */
  public boolean run() throws IOException, RefusedException {
    checkParameterFiles();
    CampaignStore store = CampaignStore.open(spec);
    List<Cell> cells = CampaignMatrix.cells(spec);
    progress.println("Campaign " + spec.name() + ": " + cells.size() + " cells; results in " + store.output());
    // A campaign killed half-way leaves its cell's instance and layout recorded in the work folder.
    procedure.tearDown();
    CampaignDisks disks = null;
    boolean allGood = true;
    try {
      int index = 0;
      for (Cell cell : cells) {
        index++;
        String head = String.format(Locale.ROOT, "[%d/%d] %s", index, cells.size(), cell.describe());
        if (stopReason != null) {
          progress.println(head + ": not run (" + stopReason + ")");
          allGood = false;
          continue;
        }
        Optional<CellOutcome> before = store.outcome(cell);
        if (before.isPresent() && before.get().isFinal()) {
          progress.println(head + ": kept from an earlier run (" + describe(before.get()) + ")");
          continue;
        }
        before.ifPresent(failed -> setAside(store.cellDir(cell)));
        Optional<String> unsupported = unsupportedReason(cell);
        CellOutcome outcome;
        if (unsupported.isPresent()) {
          outcome = CellOutcome.unsupported(cell, unsupported.get());
        } else {
          progress.println(head);
          if (disks == null) {
            disks = CampaignDisks.provide(spec, runner, progress);
          }
          outcome = procedure.run(cell, disks, store.cellDir(cell), store.output());
        }
        store.record(outcome);
        CampaignReport.write(spec, store);
        progress.println(head + ": " + describe(outcome));
        allGood &= outcome.status() != CellOutcome.Status.FAILED;
      }
    } finally {
      if (disks != null) {
        disks.release(runner, progress);
      }
      CampaignReport.write(spec, store);
    }
    progress.println("tables: " + store.output().resolve(CampaignReport.MARKDOWN) + ", "
        + store.output().resolve(CampaignReport.CSV));
    return allGood && stopReason == null;
  }

  /** Asked before the disks exist: the probes look at the host, not at the devices. */
  private Optional<String> unsupportedReason(Cell cell) {
    return CellSupport.unsupportedReason(cell, procedure.layoutFor(cell, CellSupport.placeholderDisks(cell.disks())));
  }

  /** Refuses a load or workload file with problems of its own before anything is built. */
  private void checkParameterFiles() throws IOException, RefusedException {
    Map<Path, Map<String, String>> files = new LinkedHashMap<>();
    files.put(spec.load(), procedure.loadOverrides());
    files.put(spec.workload(), procedure.measuredOverrides());
    for (Map.Entry<Path, Map<String, String>> file : files.entrySet()) {
      try {
        workload.check(file.getKey(), file.getValue());
      } catch (IllegalArgumentException e) {
        throw new RefusedException(e.getMessage());
      }
    }
  }

  /** Stops after the cell in progress, whose measured run is asked to stop and whose tear-down still runs. */
  public void requestStop(String reason) {
    stopReason = reason;
    workload.requestStop(reason);
  }

  /** A failed cell's folder is kept beside the new attempt's, not overwritten. */
  private void setAside(Path cellDir) {
    if (Files.isDirectory(cellDir)) {
      Path aside = cellDir.resolveSibling(cellDir.getFileName() + ".failed-" + Instant.now().toEpochMilli());
      try {
        Files.move(cellDir, aside);
        progress.println("  the earlier failed attempt is kept in " + aside);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException("cannot set the failed attempt " + cellDir + " aside", e);
      }
    }
  }

  private static String describe(CellOutcome o) {
    return switch (o.status()) {
      case MEASURED -> CampaignTables.tps(o.transactionsPerSecond().orElseThrow()) + " TX/s in "
          + String.format(Locale.ROOT, "%.0f s", o.seconds());
      case UNSUPPORTED -> o.reason();
      case FAILED -> "failed: " + o.reason();
    };
  }
}
