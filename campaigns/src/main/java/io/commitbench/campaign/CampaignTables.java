package io.commitbench.campaign;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The snapshot study's tables from a campaign's outcomes: one table per layout, a row per disk
 * count and database kind, a column per snapshot count, TX/s in each cell linked to its run's
 * results. Cells that are unsupported or failed show so, with their reasons as numbered notes:
 * nothing is dropped silently. Also the same data as CSV, one line per cell.
 */
public final class CampaignTables {

  private CampaignTables() {}

  /** The Markdown document: a heading, then per layout its table, its chart and its notes. */
  public static String markdown(CampaignSpec spec, List<Cell> cells, List<CellOutcome> outcomes,
      Map<LayoutChoice, String> chartFiles) {
    Map<Cell, CellOutcome> byCell = new LinkedHashMap<>();
    outcomes.forEach(o -> byCell.put(o.cell(), o));
    StringBuilder md = new StringBuilder();
    md.append("# Campaign ").append(spec.name()).append(": transactions per second (TX/s)\n\n");
    md.append("Workload `").append(spec.workload().getFileName()).append("`, load `")
        .append(spec.load().getFileName()).append("`; disks: ").append(spec.disks().describe()).append(".  \n");
    md.append(summary(cells, byCell)).append("\n\n");
    for (LayoutChoice layout : spec.layouts()) {
      md.append(table(spec, layout, byCell, Optional.ofNullable(chartFiles.get(layout))));
    }
    return md.toString();
  }

  private static String table(CampaignSpec spec, LayoutChoice layout, Map<Cell, CellOutcome> byCell,
      Optional<String> chart) {
    StringBuilder md = new StringBuilder();
    md.append("## ").append(layout.label()).append("\n\n");
    md.append("| snapshots: | ");
    spec.snapshotCounts().forEach(n -> md.append(n).append(" | "));
    md.append("DBMS |\n|---|");
    spec.snapshotCounts().forEach(n -> md.append("---:|"));
    md.append("---|\n");
    List<String> notes = new ArrayList<>();
    for (int disks : layout.diskCounts()) {
      boolean first = true;
      for (String dbms : spec.dbms()) {
        md.append("| ").append(first ? layout.label() + " (" + disks + (disks == 1 ? " disk)" : " disks)") : "")
            .append(" | ");
        for (int snapshots : spec.snapshotCounts()) {
          md.append(entry(byCell.get(new Cell(layout, disks, dbms, snapshots)), notes)).append(" | ");
        }
        md.append(dbms).append(" |\n");
        first = false;
      }
    }
    md.append('\n');
    chart.ifPresent(file -> md.append("![TX/s against snapshot count, ").append(layout.label()).append("](")
        .append(file).append(")\n\n"));
    for (int i = 0; i < notes.size(); i++) {
      md.append(i + 1).append(". ").append(notes.get(i)).append("  \n");
    }
    if (!notes.isEmpty()) {
      md.append('\n');
    }
    return md.toString();
  }

  /** A table entry: the TX/s linked to the run, or what kept it from being measured, as a numbered note. */
  private static String entry(CellOutcome outcome, List<String> notes) {
    if (outcome == null) {
      return "not run";
    }
    return switch (outcome.status()) {
      case MEASURED -> "[" + tps(outcome.transactionsPerSecond().orElseThrow()) + "](" + outcome.runDir().orElse("")
          + "/report.txt)";
      case UNSUPPORTED, FAILED -> {
        String note = outcome.status() == CellOutcome.Status.UNSUPPORTED ? outcome.reason()
            : outcome.status().label() + ": " + outcome.reason();
        int index = notes.indexOf(note);
        if (index < 0) {
          notes.add(note);
          index = notes.size() - 1;
        }
        yield outcome.status().label() + " (" + (index + 1) + ")";
      }
    };
  }

  /** The data as CSV: one line per cell with an outcome, reasons quoted. */
  public static String csv(List<CellOutcome> outcomes) {
    StringBuilder csv = new StringBuilder(
        "layout,manager,filesystem,disks,dbms,snapshots,status,transactions_per_second,seconds,run_dir,reason\n");
    for (CellOutcome o : outcomes) {
      Cell c = o.cell();
      csv.append(String.join(",", c.layout().label(), c.layout().manager().label(), c.layout().filesystem().label(),
          Integer.toString(c.disks()), c.dbms(), Integer.toString(c.snapshots()), o.status().label(),
          o.transactionsPerSecond().isPresent() ? tps(o.transactionsPerSecond().getAsDouble()) : "",
          String.format(Locale.ROOT, "%.1f", o.seconds()), o.runDir().orElse(""), quote(o.reason())))
          .append('\n');
    }
    return csv.toString();
  }

  private static String summary(List<Cell> cells, Map<Cell, CellOutcome> byCell) {
    Map<CellOutcome.Status, Integer> counts = new LinkedHashMap<>();
    double seconds = 0;
    for (Cell cell : cells) {
      CellOutcome o = byCell.get(cell);
      if (o != null) {
        counts.merge(o.status(), 1, Integer::sum);
        seconds += o.seconds();
      }
    }
    int notRun = cells.size() - counts.values().stream().mapToInt(Integer::intValue).sum();
    StringBuilder s = new StringBuilder(cells.size() + " cells: ");
    for (CellOutcome.Status status : CellOutcome.Status.values()) {
      s.append(counts.getOrDefault(status, 0)).append(' ').append(status.label()).append(", ");
    }
    s.append(notRun).append(" not run yet; ").append(String.format(Locale.ROOT, "%.0f", seconds))
        .append(" s of cell time.");
    return s.toString();
  }


  static String tps(double value) {
    return String.format(Locale.ROOT, value >= 100 ? "%.0f" : "%.2f", value);
  }

  private static String quote(String text) {
    if (text.indexOf(',') < 0 && text.indexOf('"') < 0 && text.indexOf('\n') < 0) {
      return text;
    }
    return '"' + text.replace("\"", "\"\"") + '"';
  }
}
