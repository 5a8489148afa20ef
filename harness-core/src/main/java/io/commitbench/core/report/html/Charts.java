package io.commitbench.core.report.html;

import java.awt.BasicStroke;
import java.awt.Color;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;

/**
 * The look every chart of the HTML pages shares: white ground, light grid, lines two pixels wide,
 * series in {@link ChartColours}; the campaign's chart too, so a campaign's figures look like a run's.
 */
public final class Charts {

  private Charts() {}

  /** Styles an XY chart whose renderers are set: call it last. */
  public static void style(JFreeChart chart) {
    chart.setBackgroundPaint(Color.WHITE);
    chart.setAntiAlias(true);
    XYPlot plot = chart.getXYPlot();
    plot.setBackgroundPaint(Color.WHITE);
    plot.setDomainGridlinePaint(new Color(0xdddddd));
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    plot.setDrawingSupplier(ChartColours.drawingSupplier());
    for (int d = 0; d < plot.getRendererCount(); d++) {
      XYItemRenderer renderer = plot.getRenderer(d);
      if (renderer instanceof AbstractRenderer r) {
        r.setAutoPopulateSeriesStroke(false);
        r.setDefaultStroke(new BasicStroke(2f));
      }
    }
  }
}
