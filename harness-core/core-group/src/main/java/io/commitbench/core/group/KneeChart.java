package io.commitbench.core.group;

import io.commitbench.core.report.html.Charts;
import io.commitbench.core.results.MainFigures;
import java.awt.BasicStroke;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogarithmicAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Latency against throughput over a sweep's values (where latency turns up, the knee): x the
 * value's median achieved throughput, y the median of each latency figure (per transaction type
 * response p50 and p99, and service p50 and p99 when a rate was set), one point per value,
 * labelled with it. Service time is drawn dashed. Latency is on a log scale: p50 and p99 lie
 * orders of magnitude apart, and a saturated value's p99 more still.
 */
final class KneeChart {

  private KneeChart() {}

  /** Whether at least one value has a throughput and a latency the chart can place. */
  static boolean hasPoints(SweepSummary sweep) {
    return !series(sweep).isEmpty();
  }

  static JFreeChart chart(SweepSummary sweep) {
    List<Line> lines = series(sweep);
    XYSeriesCollection dataset = new XYSeriesCollection();
    lines.forEach(l -> dataset.addSeries(l.series()));
    NumberAxis x = new NumberAxis("achieved throughput (tx/s)");
    // Room on both sides for the labels of the first and last value.
    x.setAutoRangeIncludesZero(false);
    x.setLowerMargin(0.08);
    x.setUpperMargin(0.08);
    // Ticks at 1, 2, 5 times a power of ten written as plain numbers (0.2, 1, 50), not as powers.
    LogarithmicAxis y = new LogarithmicAxis("latency (ms, log scale)");
    y.setAllowNegativesFlag(false);
    y.setStrictValuesFlag(false);
    y.setExpTickLabelsFlag(false);
    y.setLog10TickLabelsFlag(false);
    y.setUpperMargin(0.12); // room for the labels above the top line
    XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true) {
      @Override
      public ItemLabelPosition getPositiveItemLabelPosition(int series, int item) {
        // Above and below in turn: values close in throughput would otherwise write over each other;
        // the first and last value's label beside its point, inside the plot.
        boolean above = item % 2 == 0;
        int last = dataset.getItemCount(series) - 1;
        TextAnchor text = item == 0 ? (above ? TextAnchor.BOTTOM_LEFT : TextAnchor.TOP_LEFT)
            : item == last ? (above ? TextAnchor.BOTTOM_RIGHT : TextAnchor.TOP_RIGHT)
            : above ? TextAnchor.BOTTOM_CENTER : TextAnchor.TOP_CENTER;
        return new ItemLabelPosition(above ? ItemLabelAnchor.OUTSIDE12 : ItemLabelAnchor.OUTSIDE6, text);
      }
    };
    XYPlot plot = new XYPlot(dataset, x, y, renderer);
    JFreeChart chart = new JFreeChart("Latency against throughput, one point per " + sweep.key(),
        JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    Charts.style(chart);
    int labelled = labelledSeries(lines);
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).service()) {
        renderer.setSeriesStroke(i, new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {6f, 4f}, 0f));
      }
    }
    // The points of a value share their x: labelling the top line names every value once.
    renderer.setSeriesItemLabelGenerator(labelled, (data, series, item) -> lines.get(series).labels().get(item));
    renderer.setSeriesItemLabelsVisible(labelled, true);
    renderer.setSeriesItemLabelFont(labelled, new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    return chart;
  }

  /** The first response p99 line (the top one), or the first line. */
  private static int labelledSeries(List<Line> lines) {
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).service() && lines.get(i).series().getKey().toString().endsWith("p99 (ms)")) {
        return i;
      }
    }
    return 0;
  }

  private record Line(XYSeries series, List<String> labels, boolean service) {}

  /** A line per latency figure, with a point for every value that has it and a throughput. */
  private static List<Line> series(SweepSummary sweep) {
    List<Line> lines = new ArrayList<>();
    for (String name : sweep.figureNames()) {
      if (name.equals(MainFigures.THROUGHPUT)) {
        continue;
      }
      XYSeries series = new XYSeries(name, false, true);
      List<String> labels = new ArrayList<>();
      for (SweepSummary.Point p : sweep.points()) {
        Spread throughput = p.runs().figures().get(MainFigures.THROUGHPUT);
        Spread latency = p.runs().figures().get(name);
        if (throughput != null && latency != null && throughput.median() > 0 && latency.median() > 0) {
          series.add(throughput.median(), latency.median());
          labels.add(sweep.key() + "=" + p.value());
        }
      }
      if (!series.isEmpty()) {
        lines.add(new Line(series, labels, name.contains(" service ")));
      }
    }
    return lines;
  }
}
