package io.commitbench.campaign;

import io.commitbench.core.group.Spread;
import io.commitbench.core.io.AtomicFiles;
import io.commitbench.core.report.html.Charts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * One PNG per layout: TX/s against the number of snapshots, one line per database kind and disk
 * count, the way the study's findings are read ("one snapshot halves TX/s"). A cell measured
 * several times is drawn at its median with an error bar from the slowest to the fastest run.
 * Only measured cells are drawn; the table beside it says why any other is missing.
 */
public final class CampaignChart {

  private static final int WIDTH = 800;
  private static final int HEIGHT = 500;

  static {
    // Charts are drawn off-screen; a CI host has no display.
    System.setProperty("java.awt.headless", "true");
  }

  private CampaignChart() {}

  /** Writes the layout's chart to {@code file}; returns false (writing nothing) when no cell of it was measured. */
  public static boolean write(LayoutChoice layout, List<Integer> snapshotCounts, List<CellOutcome> outcomes, Path file)
      throws IOException {
    YIntervalSeriesCollection data = new YIntervalSeriesCollection();
    boolean repeated = false;
    for (CellOutcome o : outcomes) {
      Cell c = o.cell();
      if (!c.layout().equals(layout) || o.figures().isEmpty()) {
        continue;
      }
      String name = c.dbms() + ", " + c.disks() + (c.disks() == 1 ? " disk" : " disks");
      YIntervalSeries series = null;
      for (int i = 0; i < data.getSeriesCount(); i++) {
        if (data.getSeriesKey(i).equals(name)) {
          series = data.getSeries(i);
        }
      }
      if (series == null) {
        series = new YIntervalSeries(name);
        data.addSeries(series);
      }
      Spread spread = o.figures().get().spread();
      series.add(c.snapshots(), spread.median(), spread.min(), spread.max());
      repeated |= o.figures().get().runs() > 1;
    }
    if (data.getSeriesCount() == 0) {
      return false;
    }
    JFreeChart chart = ChartFactory.createXYLineChart(layout.label() + ": TX/s against snapshot count",
        "snapshots", "transactions per second (TX/s)", data, PlotOrientation.VERTICAL, true, false, false);
    if (repeated) {
      chart.addSubtitle(new TextTitle("cells measured several times: the median, with a bar from the slowest to the"
          + " fastest run"));
    }
    XYPlot plot = chart.getXYPlot();
    NumberAxis x = (NumberAxis) plot.getDomainAxis();
    x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    x.setRange(-0.2, snapshotCounts.get(snapshotCounts.size() - 1) + 0.2);
    ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
    XYErrorRenderer renderer = new XYErrorRenderer();
    renderer.setDefaultLinesVisible(true);
    renderer.setDrawXError(false);
    renderer.setCapLength(8);
    plot.setRenderer(renderer);
    Charts.style(chart);
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    ChartUtils.writeChartAsPNG(png, chart, WIDTH, HEIGHT);
    Files.createDirectories(file.getParent());
    AtomicFiles.write(file, png.toByteArray());
    return true;
  }
}
