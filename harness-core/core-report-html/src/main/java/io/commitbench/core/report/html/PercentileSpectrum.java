package io.commitbench.core.report.html;

import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The latency distribution as a percentile spectrum: latency (ms) over the percentile, on a
 * "nines" axis ({@link NinesFormat}), one line per histogram, as HdrHistogram's plotter draws it.
 */
public final class PercentileSpectrum {

  /** Points per halving of the distance to 100%, as HdrHistogram's percentile output uses. */
  private static final int TICKS_PER_HALF_DISTANCE = 5;
  /** The axis ends at 99.9999%: beyond it a run rarely has values. */
  private static final double LAST_POSITION = NinesFormat.position(99.9999);

  private PercentileSpectrum() {}

  /**
   * @param histograms line label to histogram of nanoseconds; empty histograms are left out
   * @param styles the page's series styles: a label has the colour it has in the page's other charts
   */
  public static JFreeChart chart(String title, Map<String, Histogram> histograms, SeriesStyles styles) {
    XYSeriesCollection dataset = new XYSeriesCollection();
    histograms.forEach((label, h) -> {
      if (h.getTotalCount() > 0) {
        dataset.addSeries(series(label, h));
      }
    });
    LogAxis percentile = new LogAxis("percentile");
    percentile.setBase(10);
    percentile.setNumberFormatOverride(new NinesFormat());
    percentile.setRange(1.0, LAST_POSITION);
    percentile.setTickUnit(new org.jfree.chart.axis.NumberTickUnit(1.0));
    NumberAxis latency = new NumberAxis("latency (ms)");
    XYPlot plot = new XYPlot(dataset, percentile, latency, new XYLineAndShapeRenderer(true, false));
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    Charts.style(chart, styles);
    return chart;
  }

  private static XYSeries series(String label, Histogram h) {
    XYSeries series = new XYSeries(label, false);
    for (HistogramIterationValue v : h.percentiles(TICKS_PER_HALF_DISTANCE)) {
      double p = v.getPercentileLevelIteratedTo();
      double x = p >= 100.0 ? LAST_POSITION : Math.min(NinesFormat.position(p), LAST_POSITION);
      series.add(x, h.highestEquivalentValue(v.getValueIteratedTo()) / 1e6);
    }
    return series;
  }
}
