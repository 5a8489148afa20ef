package io.commitbench.core.report.html;

import io.commitbench.core.breakdown.CommitParts;
import io.commitbench.core.results.CommitBreakdownView;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Where a commit's time goes, as horizontal stacked bars: one bar per run (or per subject of a
 * comparison), a segment per part in {@link CommitParts#ORDER} (parts of names this build does
 * not know after them), then a grey segment for the time the parts do not account for. Each bar's
 * label carries the client's mean commit time it splits; a chart of one bar also marks it on the
 * axis. Shared by report.html, a group's page and compare's HTML, so a part has one colour on all.
 */
public final class CommitBreakdownChart {

  /** The segment of the client's mean that no part accounts for. */
  public static final String NOT_ACCOUNTED = "not accounted for";
  /** Height of a chart of {@code bars} bars. */
  private static final int BASE_HEIGHT = 170;
  private static final int BAR_HEIGHT = 45;
  private static final Color NOT_ACCOUNTED_COLOUR = new Color(0x999999);

  /**
   * One bar: what it stands for, its parts' mean times in milliseconds (in any order, NaN for a
   * part without a mean) and the client's mean commit time it splits (NaN when none was timed).
   */
  public record Bar(String label, Map<String, Double> partsMs, double clientMeanMs) {

    public Bar {
      partsMs = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(partsMs));
    }

    /** A run's measured breakdown as a bar. */
    public static Bar of(String label, CommitBreakdownView b) {
      Map<String, Double> parts = new LinkedHashMap<>();
      b.parts().forEach(p -> parts.put(p.name(), p.meanMs()));
      return new Bar(label, parts, b.clientMeanMs());
    }

    /** The parts' means summed (a part without a mean counts nothing). */
    public double sumMs() {
      return partsMs.values().stream().filter(Double::isFinite).mapToDouble(Double::doubleValue).sum();
    }

    /** The client's mean minus the parts' sum, NaN without a client mean. */
    public double differenceMs() {
      return clientMeanMs - sumMs();
    }
  }

  private CommitBreakdownChart() {}

  /** Part names in the report's order: the known parts in {@link CommitParts#ORDER}, then the others as first met. */
  public static List<String> order(Collection<String> names) {
    List<String> ordered = new ArrayList<>();
    CommitParts.ORDER.stream().filter(names::contains).forEach(ordered::add);
    new LinkedHashSet<>(names).stream().filter(n -> !CommitParts.ORDER.contains(n)).forEach(ordered::add);
    return ordered;
  }

  /** The pixels a chart of {@code bars} bars is drawn high. */
  public static int height(int bars) {
    return BASE_HEIGHT + BAR_HEIGHT * Math.max(1, bars);
  }

  /** A bar's label: its own and the client's mean it splits, and by how much the parts exceed that mean. */
  static String category(Bar bar) {
    String client = !Double.isFinite(bar.clientMeanMs()) ? "no client mean"
        : bar.differenceMs() < 0 ? String.format(Locale.ROOT, "client %.3f ms, parts %.3f ms over it",
            bar.clientMeanMs(), -bar.differenceMs())
        : String.format(Locale.ROOT, "client %.3f ms", bar.clientMeanMs());
    return bar.label().isEmpty() ? client : bar.label() + ": " + client;
  }

  /** The dataset: a row per part (then {@link #NOT_ACCOUNTED}), a column per bar, in milliseconds. */
  public static DefaultCategoryDataset dataset(List<Bar> bars) {
    Set<String> names = new LinkedHashSet<>();
    bars.forEach(b -> names.addAll(b.partsMs().keySet()));
    List<String> parts = order(names);
    boolean anyUnaccounted = bars.stream().anyMatch(b -> b.differenceMs() > 0);
    DefaultCategoryDataset data = new DefaultCategoryDataset();
    for (Bar bar : bars) {
      for (String part : parts) {
        Double ms = bar.partsMs().get(part);
        data.addValue(ms == null || !Double.isFinite(ms) ? null : ms, part, category(bar));
      }
      if (anyUnaccounted) {
        data.addValue(bar.differenceMs() > 0 ? bar.differenceMs() : null, NOT_ACCOUNTED, category(bar));
      }
    }
    return data;
  }

  public static JFreeChart chart(String title, List<Bar> bars) {
    DefaultCategoryDataset data = dataset(bars);
    StackedBarRenderer renderer = new StackedBarRenderer();
    renderer.setBarPainter(new StandardBarPainter());
    renderer.setShadowVisible(false);
    renderer.setMaximumBarWidth(0.6);
    renderer.setDefaultOutlinePaint(Color.WHITE);
    renderer.setDrawBarOutline(true);
    for (int row = 0; row < data.getRowCount(); row++) {
      renderer.setSeriesPaint(row, colour((String) data.getRowKey(row), data.getRowKeys()));
    }
    NumberAxis ms = new NumberAxis("mean time per commit (ms)");
    CategoryAxis runs = new CategoryAxis();
    runs.setMaximumCategoryLabelLines(2);
    CategoryPlot plot = new CategoryPlot(data, runs, ms, renderer);
    plot.setOrientation(PlotOrientation.HORIZONTAL);
    plot.setBackgroundPaint(Color.WHITE);
    plot.setRangeGridlinePaint(new Color(0xdddddd));
    if (bars.size() == 1 && Double.isFinite(bars.get(0).clientMeanMs())) {
      ValueMarker client = new ValueMarker(bars.get(0).clientMeanMs(), Color.BLACK, new BasicStroke(2f));
      client.setLabel(String.format(Locale.ROOT, "client's mean %.3f ms", bars.get(0).clientMeanMs()));
      client.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
      client.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
      plot.addRangeMarker(client);
    }
    JFreeChart chart = new JFreeChart(title, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    chart.setBackgroundPaint(Color.WHITE);
    chart.setAntiAlias(true);
    LegendTitle legend = chart.getLegend();
    legend.setPosition(RectangleEdge.BOTTOM);
    return chart;
  }

  /** A known part keeps its colour on every page; the others take the next ones; the rest is grey. */
  private static Color colour(String part, List<?> rows) {
    if (part.equals(NOT_ACCOUNTED)) {
      return NOT_ACCOUNTED_COLOUR;
    }
    int index = CommitParts.ORDER.indexOf(part);
    if (index < 0) {
      index = CommitParts.ORDER.size() + (int) rows.stream().map(String::valueOf)
          .filter(r -> !CommitParts.ORDER.contains(r)).takeWhile(r -> !r.equals(part)).count();
    }
    return ChartColours.SERIES.get(index % ChartColours.SERIES.size());
  }
}
