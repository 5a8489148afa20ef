package io.commitbench.core.report.html;

import java.awt.Color;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;

/**
 * The look every chart of the HTML pages shares: white ground, light grid, lines two pixels wide,
 * each series in its {@link SeriesStyles} colour and dash; the campaign's chart too, so a
 * campaign's figures look like a run's.
 */
public final class Charts {

  private Charts() {}

  /** Styles an XY chart whose renderers are set, with series styles of its own: call it last. */
  public static void style(JFreeChart chart) {
    style(chart, new SeriesStyles());
  }

  /** Styles an XY chart whose renderers are set, its series as the page's {@code styles} say: call it last. */
  public static void style(JFreeChart chart, SeriesStyles styles) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.setAntiAlias(true);
    XYPlot plot = chart.getXYPlot();
    List<XYPlot> plots = plot instanceof CombinedDomainXYPlot combined ? combined.getSubplots() : List.of(plot);
    for (XYPlot p : plots) {
      p.setBackgroundPaint(Color.WHITE);
      p.setDomainGridlinePaint(new Color(0xdddddd));
      p.setRangeGridlinePaint(new Color(0xdddddd));
      p.setDrawingSupplier(ChartColours.drawingSupplier());
    }
    styles.apply(chart);
  }
}
