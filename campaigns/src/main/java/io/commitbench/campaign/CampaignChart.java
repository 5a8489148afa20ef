package io.commitbench.campaign;

import io.commitbench.core.io.AtomicFiles;
import java.awt.BasicStroke;
import java.awt.Color;
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
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * One PNG per layout: TX/s against the number of snapshots, one line per database kind and disk
 * count, the way the study's findings are read ("one snapshot halves TX/s"). Only measured cells
 * are drawn; the table beside it says why any other is missing.
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
    XYSeriesCollection data = new XYSeriesCollection();
    for (CellOutcome o : outcomes) {
      Cell c = o.cell();
      if (!c.layout().equals(layout) || o.transactionsPerSecond().isEmpty()) {
        continue;
      }
      String name = c.dbms() + ", " + c.disks() + (c.disks() == 1 ? " disk" : " disks");
      XYSeries series;
      int index = data.getSeriesIndex(name);
      if (index < 0) {
        series = new XYSeries(name);
        data.addSeries(series);
      } else {
        series = data.getSeries(index);
      }
      series.add(c.snapshots(), o.transactionsPerSecond().getAsDouble());
    }
    if (data.getSeriesCount() == 0) {
      return false;
    }
    JFreeChart chart = ChartFactory.createXYLineChart(layout.label() + ": TX/s against snapshot count",
        "snapshots", "transactions per second (TX/s)", data, PlotOrientation.VERTICAL, true, false, false);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
    plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
    NumberAxis x = (NumberAxis) plot.getDomainAxis();
    x.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    x.setRange(-0.2, snapshotCounts.get(snapshotCounts.size() - 1) + 0.2);
    ((NumberAxis) plot.getRangeAxis()).setAutoRangeIncludesZero(true);
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
    for (int i = 0; i < data.getSeriesCount(); i++) {
      renderer.setSeriesStroke(i, new BasicStroke(2f));
    }
    plot.setRenderer(renderer);
    ByteArrayOutputStream png = new ByteArrayOutputStream();
    ChartUtils.writeChartAsPNG(png, chart, WIDTH, HEIGHT);
    Files.createDirectories(file.getParent());
    AtomicFiles.write(file, png.toByteArray());
    return true;
  }
}
