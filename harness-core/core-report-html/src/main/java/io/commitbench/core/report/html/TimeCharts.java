package io.commitbench.core.report.html;

import io.commitbench.core.results.IntervalTable;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Charts over the run's time from {@code intervals.csv}: one point per interval at its end, the
 * warm-up shaded and labelled. The warm-up is drawn but never sets a value axis: each axis spans
 * the measured intervals' values only (from zero), so a warm-up that was many times slower than
 * the measured time leaves the measured lines their full height; where a warm-up value lies
 * above its axis, the chart's subtitle says so and how high it went. Each unit and scale has an
 * axis of its own: transactions/s and statements/s, p99 and p50, counts. The time axis is the
 * same in every chart of a run. An interval without a value (no statement of that kind) leaves a
 * gap instead of a made-up point; which partial intervals are left out is {@link
 * ChartedIntervals}'s.
 */
public final class TimeCharts {

  static final String TRANSACTIONS = "transactions/s";
  static final String STATEMENTS = "statements/s";
  static final String ERRORS = "errors";
  static final String RETRIES = "retries";
  static final String SHED = "shed arrivals";

  private static final Color WARMUP = new Color(255, 200, 120, 90);
  private static final Font SUBTITLE_FONT = new Font("SansSerif", Font.PLAIN, 12);
  /** Marks a subtitle part that says what of the warm-up lies above an axis. */
  private static final String CUT = "\u0000cut:";
  /** Room above the highest measured value, so its line stays clear of the plot's edge. */
  private static final double HEADROOM = 1.08;
  /**
   * Statements per transaction that vary less than this share draw the same line on an axis of
   * their own (the axes scale by the same factor): the chart then gives the ratio instead.
   */
  private static final double RATIO_TOLERANCE = 0.02;

  private TimeCharts() {}

  /**
   * Transactions/s on the left axis and, where the statements per transaction vary, statements/s
   * on the right one, each axis in its line's colour (where they do not vary, the subtitle gives
   * the ratio); the target rate as a dashed line when one was set.
   *
   * @param targetRate transactions per second, NaN when none was set
   */
  public static JFreeChart throughput(IntervalTable table, double targetRate, SeriesStyles styles) {
    ChartedIntervals t = new ChartedIntervals(table);
    List<String> subtitles = new ArrayList<>();
    XYSeriesCollection transactions = collection(series(TRANSACTIONS, t, "transactions_per_s", true));
    NumberAxis transactionAxis = new NumberAxis(TRANSACTIONS);
    clip(transactionAxis, t, List.of("transactions_per_s"), true, targetRate, "transactions", "/s", subtitles);
    XYPlot plot = new XYPlot(transactions, timeAxis(t), transactionAxis, lines());
    double perTransaction = constantRatio(t, "ops_per_s", "transactions_per_s");
    if (Double.isNaN(perTransaction)) {
      NumberAxis statementAxis = new NumberAxis(STATEMENTS);
      clip(statementAxis, t, List.of("ops_per_s"), true, Double.NaN, "statements", "/s", subtitles);
      plot.setDataset(1, collection(series(STATEMENTS, t, "ops_per_s", true)));
      plot.setRangeAxis(1, statementAxis);
      plot.mapDatasetToRangeAxis(1, 1);
      plot.setRenderer(1, lines());
    } else if (Math.abs(perTransaction - 1) < RATIO_TOLERANCE) {
      subtitles.add("statements/s equal transactions/s in every interval (one statement per transaction)");
    } else {
      // On an axis of its own the line would lie on the transactions' line: the ratio says it all.
      subtitles.add(String.format(Locale.ROOT, "%.1f statements per transaction in every interval: statements/s are"
          + " %.1f times transactions/s", perTransaction, perTransaction));
    }
    if (!Double.isNaN(targetRate)) {
      ValueMarker target = new ValueMarker(targetRate, Color.DARK_GRAY, new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
          BasicStroke.JOIN_ROUND, 10f, new float[] {6, 4}, 0f));
      target.setLabel(String.format(Locale.ROOT, "target %s/s", number(targetRate)));
      target.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
      target.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
      plot.addRangeMarker(target);
    }
    JFreeChart chart = finish("Throughput over time", plot, t, subtitles, styles);
    for (int d = 0; d < plot.getDatasetCount(); d++) {
      Paint paint = plot.getRenderer(d).getSeriesPaint(0);
      plot.getRangeAxis(d).setLabelPaint(paint);
      plot.getRangeAxis(d).setTickLabelPaint(paint);
    }
    return chart;
  }

  /**
   * Errors, retries and shed arrivals per interval, those the run had; empty when it had none,
   * in the warm-up either.
   */
  public static Optional<JFreeChart> problems(IntervalTable table, SeriesStyles styles) {
    ChartedIntervals t = new ChartedIntervals(table);
    Map<String, String> columns = new LinkedHashMap<>();
    columns.put(ERRORS, "errors");
    columns.put(RETRIES, "retries");
    columns.put(SHED, "shed");
    XYSeriesCollection counts = new XYSeriesCollection();
    List<String> present = new ArrayList<>();
    columns.forEach((label, column) -> {
      if (anyAbove0(table.numbers(column))) {
        counts.addSeries(series(label, t, column, false));
        present.add(column);
      }
    });
    if (present.isEmpty()) {
      return Optional.empty();
    }
    List<String> subtitles = new ArrayList<>();
    NumberAxis axis = new NumberAxis("per interval");
    axis.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
    clip(axis, t, present, false, Double.NaN, "", " per interval", subtitles);
    XYPlot plot = new XYPlot(counts, timeAxis(t), axis, new XYLineAndShapeRenderer(true, true));
    List<String> labels = columns.keySet().stream().filter(l -> present.contains(columns.get(l))).toList();
    String title = labels.size() == 1 ? labels.get(0)
        : String.join(", ", labels.subList(0, labels.size() - 1)) + " and " + labels.get(labels.size() - 1);
    return Optional.of(finish(title.substring(0, 1).toUpperCase(Locale.ROOT) + title.substring(1) + " per interval",
        plot, t, subtitles, styles));
  }

  /**
   * p99 (above) and p50 (below) per name over time, each on its own axis, from the columns
   * {@code column + _p99_ms} and {@code _p50_ms}; a name whose columns hold no value is left out.
   */
  public static JFreeChart latency(String title, IntervalTable table, Map<String, String> columnsByLabel,
      SeriesStyles styles) {
    ChartedIntervals t = new ChartedIntervals(table);
    Map<String, String> present = new LinkedHashMap<>();
    columnsByLabel.forEach((label, column) -> {
      if (hasValue(table.numbers(column + "_p50_ms")) || hasValue(table.numbers(column + "_p99_ms"))) {
        present.put(label, column);
      }
    });
    CombinedDomainXYPlot combined = new CombinedDomainXYPlot(timeAxis(t));
    combined.setGap(12);
    List<String> subtitles = new ArrayList<>();
    for (String percentile : List.of("p99", "p50")) {
      XYSeriesCollection data = new XYSeriesCollection();
      present.forEach((label, column) -> data.addSeries(series(label, t, column + "_" + percentile + "_ms", true)));
      NumberAxis axis = new NumberAxis(percentile + " (ms)");
      clip(axis, t, present.values().stream().map(c -> c + "_" + percentile + "_ms").toList(), true, Double.NaN,
          percentile, " ms", subtitles);
      XYPlot plot = new XYPlot(data, null, axis, lines());
      markWarmup(plot, t, percentile.equals("p99"));
      combined.add(plot, 1);
    }
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, combined, true);
    subtitles(chart, subtitles);
    Charts.style(chart, styles);
    combined.setFixedLegendItems(legendOnce(combined));
    return chart;
  }

  private static JFreeChart finish(String title, XYPlot plot, ChartedIntervals t, List<String> subtitles,
      SeriesStyles styles) {
    markWarmup(plot, t, true);
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    subtitles(chart, subtitles);
    Charts.style(chart, styles);
    return chart;
  }

  /** One line under the title: the notes, then what of the warm-up lies above its axis. */
  private static void subtitles(JFreeChart chart, List<String> subtitles) {
    List<String> notes = subtitles.stream().filter(n -> !n.startsWith(CUT)).toList();
    List<String> cut = subtitles.stream().filter(n -> n.startsWith(CUT)).map(n -> n.substring(CUT.length())).toList();
    List<String> parts = new ArrayList<>(notes);
    if (!cut.isEmpty()) {
      parts.add("warm-up cut off above the axis: " + String.join(", ", cut));
    }
    if (!parts.isEmpty()) {
      chart.addSubtitle(new TextTitle(String.join("; ", parts), SUBTITLE_FONT));
    }
  }

  /**
   * Sets the axis from zero to just above the highest measured value of the columns (and {@code
   * also}, when not NaN: the target rate); notes in {@code subtitles} when a warm-up value lies
   * above it. Without any measured value (a run that ended in its warm-up) the warm-up's values
   * set it, as they are all there is.
   */
  private static void clip(NumberAxis axis, ChartedIntervals t, List<String> columns, boolean onlyDrawn, double also,
      String what, String unit, List<String> subtitles) {
    double measured = Double.NaN;
    double warmup = Double.NaN;
    for (String column : columns) {
      double[] values = t.table.numbers(column);
      for (int i = 0; i < t.size(); i++) {
        if ((t.drawn(i) || !onlyDrawn) && !Double.isNaN(values[i])) {
          if (t.warmup(i)) {
            warmup = Double.isNaN(warmup) ? values[i] : Math.max(warmup, values[i]);
          } else {
            measured = Double.isNaN(measured) ? values[i] : Math.max(measured, values[i]);
          }
        }
      }
    }
    double highest = Double.isNaN(measured) ? warmup : measured;
    highest = Double.isNaN(also) ? highest : Double.isNaN(highest) ? also : Math.max(highest, also);
    double upper = Double.isNaN(highest) || highest <= 0 ? 1 : highest * HEADROOM;
    axis.setRange(0, upper);
    if (!Double.isNaN(measured) && warmup > upper) {
      subtitles.add(CUT + (what.isEmpty() ? "" : what + " ") + "up to " + number(warmup) + unit);
    }
  }

  private static NumberAxis timeAxis(ChartedIntervals t) {
    NumberAxis time = new NumberAxis("time (s)");
    if (t.runEnd() > 0) {
      time.setRange(0, t.runEnd());
    }
    return time;
  }

  /** Shades the warm-up, from the first interval's start to the end of its last warm-up interval. */
  private static void markWarmup(XYPlot plot, ChartedIntervals t, boolean labelled) {
    double end = t.warmupEnd();
    if (!Double.isNaN(end)) {
      IntervalMarker marker = new IntervalMarker(0, end, WARMUP);
      if (labelled) {
        marker.setLabel("warm-up (excluded)");
        marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
      }
      plot.addDomainMarker(marker);
    }
  }

  /** The subplots' legend items, each name once (every subplot has the same names). */
  private static LegendItemCollection legendOnce(CombinedDomainXYPlot combined) {
    LegendItemCollection once = new LegendItemCollection();
    Set<String> seen = new HashSet<>();
    for (XYPlot plot : combined.getSubplots()) {
      LegendItemCollection items = plot.getLegendItems();
      for (int i = 0; i < items.getItemCount(); i++) {
        LegendItem item = items.get(i);
        if (seen.add(item.getLabel())) {
          once.add(item);
        }
      }
    }
    return once;
  }

  private static XYLineAndShapeRenderer lines() {
    return new XYLineAndShapeRenderer(true, false);
  }

  private static XYSeriesCollection collection(XYSeries series) {
    XYSeriesCollection c = new XYSeriesCollection();
    c.addSeries(series);
    return c;
  }

  /** A rate or latency ({@code onlyDrawn}) leaves out what {@link ChartedIntervals} leaves out; a count keeps all. */
  private static XYSeries series(String label, ChartedIntervals t, String column, boolean onlyDrawn) {
    XYSeries series = new XYSeries(label, false);
    double[] y = t.table.numbers(column);
    for (int i = 0; i < t.size(); i++) {
      if (!onlyDrawn || t.drawn(i)) {
        series.add(t.end(i), y[i]);
      }
    }
    return series;
  }

  /**
   * The ratio of column {@code a} to {@code b}, where it is the same (within {@link
   * #RATIO_TOLERANCE}) in every drawn interval with a value of {@code b}; NaN where it varies.
   */
  static double constantRatio(ChartedIntervals t, String a, String b) {
    double[] x = t.table.numbers(a);
    double[] y = t.table.numbers(b);
    double least = Double.POSITIVE_INFINITY;
    double most = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < t.size(); i++) {
      if (t.drawn(i) && y[i] > 0 && !Double.isNaN(x[i])) {
        least = Math.min(least, x[i] / y[i]);
        most = Math.max(most, x[i] / y[i]);
      }
    }
    if (least == Double.POSITIVE_INFINITY) {
      return Double.NaN;
    }
    return most - least <= RATIO_TOLERANCE * least ? (least + most) / 2 : Double.NaN;
  }

  private static boolean anyAbove0(double[] values) {
    for (double v : values) {
      if (v > 0) {
        return true;
      }
    }
    return false;
  }

  static boolean hasValue(double[] values) {
    for (double v : values) {
      if (!Double.isNaN(v)) {
        return true;
      }
    }
    return false;
  }

  private static String number(double v) {
    return v >= 100 ? String.format(Locale.ROOT, "%.0f", v) : v >= 1 ? String.format(Locale.ROOT, "%.1f", v)
        : String.format(Locale.ROOT, "%.3f", v);
  }
}
