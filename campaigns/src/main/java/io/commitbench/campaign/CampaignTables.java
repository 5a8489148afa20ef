package io.commitbench.campaign;

import io.commitbench.core.group.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The snapshot study's tables from a campaign's outcomes: one table per layout, a row per disk
 * count and database kind, a column per snapshot count, TX/s in each cell linked to its run's
 * results (the median and the range when a cell was measured several times), then the server's
 * own view of each measured cell. Cells that are unsupported or failed show so, with their reasons as numbered notes:
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
    md.append("Workload `").append(spec.workload().getFileName()).append(spec.prepareLoad()
            ? "` on its own data set, prepared in each cell before the snapshots (campaign.load=prepare)"
            : "`, load `" + spec.load().getFileName() + "`")
        .append(spec.runs().isPresent() ? ", measured " + spec.runs().getAsInt() + " times per cell" : "")
        .append("; disks: ").append(spec.disks().describe())
        .append(spec.logDevices().map(d -> "; logs on the lab's " + d).orElse("")).append(".  \n");
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
    md.append(serverView(spec, layout, byCell));
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
      case MEASURED -> measured(outcome);
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

  /**
   * A measured entry: the TX/s linked to the run's report; for several runs the median, linked to
   * the group's summary, and the range of the runs.
   */
  private static String measured(CellOutcome outcome) {
    CellFigures figures = outcome.figures().orElseThrow();
    String dir = outcome.runDir().orElse("");
    if (figures.runs() == 1) {
      return "[" + tps(figures.spread().median()) + "](" + dir + "/report.txt)";
    }
    Spread spread = figures.spread();
    return "[" + tps(spread.median()) + "](" + dir + "/group.txt) (" + tps(spread.min()) + "–" + tps(spread.max())
        + ", " + figures.runs() + " runs)";
  }

  /**
   * The server's own view of each measured cell of a layout: its derived log figures (log bytes,
   * syncs and sync time per commit, ...), the median over the cell's runs; nothing when no cell
   * had any. A figure a cell lacks shows as a dash.
   */
  private static String serverView(CampaignSpec spec, LayoutChoice layout, Map<Cell, CellOutcome> byCell) {
    List<CellOutcome> measured = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int disks : layout.diskCounts()) {
      for (String dbms : spec.dbms()) {
        for (int snapshots : spec.snapshotCounts()) {
          CellOutcome o = byCell.get(new Cell(layout, disks, dbms, snapshots));
          if (o != null && o.figures().isPresent()) {
            measured.add(o);
            o.figures().get().server().keySet().stream().filter(n -> !names.contains(n)).forEach(names::add);
          }
        }
      }
    }
    if (names.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("The server's view (its own log counters over the measured run; median of the"
        + " runs):\n\n| disks | DBMS | snapshots | ");
    names.forEach(n -> md.append(n).append(" | "));
    md.append("\n|---:|---|---:|");
    names.forEach(n -> md.append("---:|"));
    md.append('\n');
    for (CellOutcome o : measured) {
      Map<String, CellFigures.ServerValue> server = o.figures().get().server();
      md.append("| ").append(o.cell().disks()).append(" | ").append(o.cell().dbms()).append(" | ")
          .append(o.cell().snapshots()).append(" | ");
      names.forEach(n -> md.append(server.containsKey(n) ? figure(server.get(n).value()) : "–").append(" | "));
      md.append('\n');
    }
    return md.append('\n').toString();
  }

  private static String figure(double value) {
    return String.format(Locale.ROOT, Math.abs(value) >= 100 ? "%.0f" : Math.abs(value) >= 1 ? "%.2f" : "%.4f", value);
  }

  /** The data as CSV: one line per cell with an outcome, reasons quoted. */
  public static String csv(List<CellOutcome> outcomes) {
    StringBuilder csv = new StringBuilder(
        "layout,manager,filesystem,disks,dbms,snapshots,status,transactions_per_second,seconds,run_dir,reason,runs,"
            + "transactions_per_second_min,transactions_per_second_max\n");
    for (CellOutcome o : outcomes) {
      Cell c = o.cell();
      csv.append(String.join(",", c.layout().label(), c.layout().manager().label(), c.layout().filesystem().label(),
          Integer.toString(c.disks()), c.dbms(), Integer.toString(c.snapshots()), o.status().label(),
          o.transactionsPerSecond().isPresent() ? tps(o.transactionsPerSecond().getAsDouble()) : "",
          String.format(Locale.ROOT, "%.1f", o.seconds()), o.runDir().orElse(""), quote(o.reason()),
          o.figures().map(f -> Integer.toString(f.runs())).orElse(""),
          o.figures().map(f -> tps(f.spread().min())).orElse(""),
          o.figures().map(f -> tps(f.spread().max())).orElse("")))
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
