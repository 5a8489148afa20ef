package io.commitbench.core.report.html;

import io.commitbench.core.results.IntervalTable;
import java.awt.Color;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Charts over the run's time from {@code intervals.csv}: one point per interval at its end, the
 * warm-up shaded and labelled. An interval without a value (no statement of that kind) leaves a
 * gap in its line instead of a made-up point, and the rates leave out a partial interval shorter
 * than half the others (cut at the end of the warm-up or the run): a rate over a millisecond is
 * noise, and a quick start's last interval of 1 ms would draw a spike many times the line's height.
 */
public final class TimeCharts {

  private static final Color WARMUP = new Color(255, 200, 120, 90);

  private TimeCharts() {}

  /** Transactions/s and statements/s on the left axis, errors per interval on the right. */
  public static JFreeChart throughput(IntervalTable t) {
    boolean[] tooShort = tooShortForARate(t);
    XYSeriesCollection rates = new XYSeriesCollection();
    rates.addSeries(series("transactions/s", t, "transactions_per_s", tooShort));
    rates.addSeries(series("statements/s", t, "ops_per_s", tooShort));
    XYSeriesCollection errors = new XYSeriesCollection();
    errors.addSeries(series("errors", t, "errors"));
    XYPlot plot = new XYPlot(rates, new NumberAxis("time (s)"), new NumberAxis("per second"),
        new XYLineAndShapeRenderer(true, false));
    plot.setDataset(1, errors);
    NumberAxis errorAxis = new NumberAxis("errors per interval");
    errorAxis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    // From zero, and at least 0..1: auto-ranged, a run without errors would draw its zero line mid-height.
    double most = 0;
    for (double e : t.numbers("errors")) {
      most = Double.isNaN(e) ? most : Math.max(most, e);
    }
    errorAxis.setRange(0, Math.max(1, most * 1.1));
    plot.setRangeAxis(1, errorAxis);
    plot.mapDatasetToRangeAxis(1, 1);
    XYLineAndShapeRenderer errorRenderer = new XYLineAndShapeRenderer(true, true);
    errorRenderer.setSeriesPaint(0, Color.RED);
    plot.setRenderer(1, errorRenderer);
    return finish("Throughput and errors over time", plot, t);
  }

  /**
   * p50 and p99 per name over time, from the columns {@code prefix + name + suffix + _p50_ms}
   * and {@code _p99_ms}; a name whose columns hold no value at all is left out.
   */
  public static JFreeChart latency(String title, IntervalTable t, Map<String, String> columnsByLabel) {
    XYSeriesCollection dataset = new XYSeriesCollection();
    Map<String, String> present = new LinkedHashMap<>();
    columnsByLabel.forEach((label, column) -> {
      if (hasValue(t.numbers(column + "_p50_ms"))) {
        present.put(label, column);
      }
    });
    present.forEach((label, column) -> {
      dataset.addSeries(series(label + " p50", t, column + "_p50_ms"));
      dataset.addSeries(series(label + " p99", t, column + "_p99_ms"));
    });
    NumberAxis latency = new NumberAxis("latency (ms)");
    XYPlot plot = new XYPlot(dataset, new NumberAxis("time (s)"), latency, new XYLineAndShapeRenderer(true, false));
    return finish(title, plot, t);
  }

  private static JFreeChart finish(String title, XYPlot plot, IntervalTable t) {
    markWarmup(plot, t);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    Charts.style(chart);
    return chart;
  }

  /** Shades the warm-up, from the first interval's start to the end of its last warm-up interval. */
  private static void markWarmup(XYPlot plot, IntervalTable t) {
    double[] ends = t.numbers("end_s");
    double end = Double.NaN;
    for (int i = 0; i < t.size(); i++) {
      if (t.warmup(i)) {
        end = ends[i];
      }
    }
    if (!Double.isNaN(end)) {
      IntervalMarker marker = new IntervalMarker(0, end, WARMUP);
      marker.setLabel("warm-up (excluded)");
      marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
      marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      plot.addDomainMarker(marker);
    }
  }

  private static XYSeries series(String label, IntervalTable t, String column) {
    return series(label, t, column, new boolean[t.size()]);
  }

  private static XYSeries series(String label, IntervalTable t, String column, boolean[] leftOut) {
    XYSeries series = new XYSeries(label, false);
    double[] x = t.numbers("end_s");
    double[] y = t.numbers(column);
    for (int i = 0; i < t.size(); i++) {
      if (!leftOut[i]) {
        series.add(x[i], y[i]);
      }
    }
    return series;
  }

  /**
   * The partial intervals shorter than half the longest interval. None when every interval is
   * partial (a run shorter than one interval): its rates are all there is.
   */
  private static boolean[] tooShortForARate(IntervalTable t) {
    double[] starts = t.numbers("start_s");
    double[] ends = t.numbers("end_s");
    double[] partial = t.numbers("partial");
    double longest = 0;
    for (int i = 0; i < t.size(); i++) {
      if (partial[i] != 1) {
        longest = Math.max(longest, ends[i] - starts[i]);
      }
    }
    boolean[] tooShort = new boolean[t.size()];
    for (int i = 0; i < t.size(); i++) {
      tooShort[i] = partial[i] == 1 && ends[i] - starts[i] < longest / 2;
    }
    return tooShort;
  }

  static boolean hasValue(double[] values) {
    for (double v : values) {
      if (!Double.isNaN(v)) {
        return true;
      }
    }
    return false;
  }
}
