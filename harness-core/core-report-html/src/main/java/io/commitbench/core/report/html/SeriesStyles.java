package io.commitbench.core.report.html;

import io.commitbench.core.measure.OperationKind;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYDataset;

/**
 * The look of every series of a page's charts, chosen by the series' name: a colour of {@link
 * ChartColours} and a dash pattern, so lines stay apart in colour and without it (printed in grey,
 * or for a reader who tells two of the colours apart badly). A name keeps its style in every chart
 * of the page: "insert" is the same line in the statement latency over time and in the statement
 * latency distribution. Within one chart no two series share a colour or a dash pattern.
 *
 * <p>The statement kinds and the series the time charts name themselves (transactions/s, errors,
 * ...) have fixed styles, the same on every page, a comparison's included; any other name takes
 * the first style no other series of its first chart has.
 *
 * <pre>
 * SeriesStyles styles = new SeriesStyles(); // one per page
 * styles.apply(chart); // after the chart's datasets and renderers are set
 * </pre>
 *
 * <p>Not thread-safe: one page is built on one thread.
 */
public final class SeriesStyles {

  /** Line width in chart units (a chart is drawn at twice its size, see {@link ChartImages}). */
  static final float WIDTH = 2f;

  /** Dash patterns, in the order series take them with their colours; null is a solid line. */
  private static final List<float[]> DASHES = java.util.Arrays.asList(
      null,
      new float[] {9, 4},
      new float[] {2, 3},
      new float[] {9, 3, 2, 3},
      new float[] {16, 4},
      new float[] {9, 3, 2, 3, 2, 3},
      new float[] {4, 4},
      new float[] {16, 3, 5, 3},
      new float[] {16, 3, 2, 3},
      new float[] {2, 7});

  private static final Map<String, Integer> FIXED = fixed();

  /** The slot (colour and dash) each name took on this page. */
  private final Map<String, Integer> slots = new HashMap<>();

  private static Map<String, Integer> fixed() {
    Map<String, Integer> fixed = new HashMap<>();
    for (OperationKind kind : OperationKind.values()) {
      fixed.put(kind.label(), kind.ordinal());
    }
    fixed.put(TimeCharts.TRANSACTIONS, 0);
    fixed.put(TimeCharts.STATEMENTS, 2);
    fixed.put(TimeCharts.ERRORS, 1);
    fixed.put(TimeCharts.RETRIES, 5);
    fixed.put(TimeCharts.SHED, 6);
    return Map.copyOf(fixed);
  }

  /** The number of styles before colours repeat (then with another dash). */
  static int distinct() {
    return ChartColours.SERIES.size();
  }

  /**
   * Gives every series of the chart (of each of its plots, a combined plot's subplots included)
   * its colour and dash, and lines long enough in the legend to show the dash.
   */
  public void apply(JFreeChart chart) {
    List<XYPlot> plots = plots(chart.getPlot());
    Set<String> names = new LinkedHashSet<>();
    for (XYPlot plot : plots) {
      for (int d = 0; d < plot.getDatasetCount(); d++) {
        XYDataset dataset = plot.getDataset(d);
        for (int s = 0; dataset != null && s < dataset.getSeriesCount(); s++) {
          names.add(String.valueOf(dataset.getSeriesKey(s)));
        }
      }
    }
    Map<String, Integer> inChart = slotsFor(names);
    for (XYPlot plot : plots) {
      for (int d = 0; d < plot.getDatasetCount(); d++) {
        XYDataset dataset = plot.getDataset(d);
        XYItemRenderer renderer = dataset == null ? null : plot.getRendererForDataset(dataset);
        if (renderer == null) {
          continue;
        }
        if (renderer instanceof XYLineAndShapeRenderer lines) {
          lines.setDrawSeriesLineAsPath(true); // a dash pattern runs on along the line, not restarting per point
          lines.setLegendLine(new Line2D.Double(-16, 0, 16, 0));
        }
        for (int s = 0; s < dataset.getSeriesCount(); s++) {
          int slot = inChart.get(String.valueOf(dataset.getSeriesKey(s)));
          renderer.setSeriesPaint(s, colour(slot));
          renderer.setSeriesStroke(s, stroke(slot));
        }
      }
    }
  }

  /**
   * The slots of one chart's names: a name keeps the slot it has (on this page, or fixed) unless
   * another series of this chart took it first; a name without one takes the first slot free in
   * this chart and keeps it for the page.
   */
  private Map<String, Integer> slotsFor(Set<String> names) {
    Map<String, Integer> inChart = new HashMap<>();
    Set<Integer> taken = new HashSet<>();
    List<String> without = new ArrayList<>();
    for (String name : names) {
      Integer slot = slots.containsKey(name) ? slots.get(name) : FIXED.get(name);
      if (slot != null && taken.add(slot)) {
        inChart.put(name, slot);
        slots.putIfAbsent(name, slot);
      } else {
        without.add(name);
      }
    }
    for (String name : without) {
      int slot = 0;
      while (taken.contains(slot)) {
        slot++;
      }
      taken.add(slot);
      inChart.put(name, slot);
      slots.putIfAbsent(name, slot);
    }
    return inChart;
  }

  static Color colour(int slot) {
    return ChartColours.SERIES.get(slot % ChartColours.SERIES.size());
  }

  static BasicStroke stroke(int slot) {
    float[] dash = DASHES.get((slot + slot / ChartColours.SERIES.size()) % DASHES.size());
    return dash == null ? new BasicStroke(WIDTH, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
        : new BasicStroke(WIDTH, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
  }

  private static List<XYPlot> plots(Plot plot) {
    List<XYPlot> plots = new ArrayList<>();
    if (plot instanceof CombinedDomainXYPlot combined) {
      plots.addAll(combined.getSubplots());
    } else if (plot instanceof XYPlot xy) {
      plots.add(xy);
    }
    return plots;
  }
}
