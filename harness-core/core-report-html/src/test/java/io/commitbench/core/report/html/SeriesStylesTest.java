package io.commitbench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Paint;
import java.awt.Stroke;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class SeriesStylesTest {

  /** The look of one drawn series. */
  record Look(Paint paint, Stroke stroke) {}

  @Test
  void noTwoSeriesOfAChartShareAColourOrADash() {
    List<String> names = new ArrayList<>();
    for (int i = 0; i < SeriesStyles.distinct(); i++) {
      names.add("type" + i + " response");
    }
    JFreeChart chart = chart(names);

    new SeriesStyles().apply(chart);

    assertDistinct(chart);
  }

  /** A name keeps its look in every chart of a page, whatever else each chart holds and in which order. */
  @Test
  void aSeriesHasTheSameLookInEveryChartOfAPage() {
    SeriesStyles page = new SeriesStyles();
    JFreeChart first = chart(List.of("pk", "secondary", "covering"));
    JFreeChart second = chart(List.of("limit", "covering", "pk"));
    page.apply(first);
    page.apply(second);

    Map<String, Look> a = looks(first);
    Map<String, Look> b = looks(second);
    assertThat(b.get("pk")).isEqualTo(a.get("pk"));
    assertThat(b.get("covering")).isEqualTo(a.get("covering"));
    assertDistinct(second);
  }

  /** The statement kinds look the same on every page: a run's report and a comparison's. */
  @Test
  void theStatementKindsLookTheSameOnEveryPage() {
    JFreeChart onOnePage = chart(List.of("insert", "commit"));
    JFreeChart onAnother = chart(List.of("commit", "select", "insert"));
    new SeriesStyles().apply(onOnePage);
    new SeriesStyles().apply(onAnother);

    assertThat(looks(onAnother).get("commit")).isEqualTo(looks(onOnePage).get("commit"));
    assertThat(looks(onAnother).get("insert")).isEqualTo(looks(onOnePage).get("insert"));
  }

  /**
   * A chart whose names took the same look in different charts (possible only on a page of more
   * names than there are looks) still draws each of its series apart.
   */
  @Test
  void twoNamesThatTookTheSameLookElsewhereStayApartInOneChart() {
    SeriesStyles page = new SeriesStyles();
    List<String> many = new ArrayList<>();
    for (int i = 0; i < SeriesStyles.distinct(); i++) {
      many.add("a" + i);
    }
    page.apply(chart(many));
    page.apply(chart(List.of("b0"))); // takes the first look, as a0 did
    JFreeChart both = chart(List.of("a0", "b0"));

    page.apply(both);

    assertDistinct(both);
  }

  /** The percentile spectrum and the time charts of one page share its looks. */
  @Test
  void theDistributionChartTakesThePagesLooks() {
    SeriesStyles page = new SeriesStyles();
    JFreeChart overTime = chart(List.of("pk response", "pk service"));
    page.apply(overTime);
    Histogram h = new Histogram(3);
    h.recordValue(1_000_000);
    Map<String, Histogram> histograms = new LinkedHashMap<>();
    histograms.put("pk service", h);
    histograms.put("pk response", h);

    JFreeChart spectrum = PercentileSpectrum.chart("distribution", histograms, page);

    assertThat(looks(spectrum).get("pk response")).isEqualTo(looks(overTime).get("pk response"));
    assertThat(looks(spectrum).get("pk service")).isEqualTo(looks(overTime).get("pk service"));
  }

  /** Every series of every plot of a chart (a combined plot's subplots too) apart from the others of its plot. */
  static void assertDistinct(JFreeChart chart) {
    for (XYPlot plot : plots(chart)) {
      Map<Paint, String> paints = new HashMap<>();
      Map<Stroke, String> strokes = new HashMap<>();
      forEachSeries(plot, (name, look) -> {
        assertThat(paints.put(look.paint(), name)).as("%s: the colour of %s", chart.getTitle().getText(), name)
            .isNull();
        assertThat(strokes.put(look.stroke(), name)).as("%s: the dash of %s", chart.getTitle().getText(), name)
            .isNull();
      });
    }
  }

  /** Each series name of the chart and how it is drawn. */
  static Map<String, Look> looks(JFreeChart chart) {
    Map<String, Look> looks = new LinkedHashMap<>();
    for (XYPlot plot : plots(chart)) {
      forEachSeries(plot, looks::put);
    }
    return looks;
  }

  static List<XYPlot> plots(JFreeChart chart) {
    return chart.getPlot() instanceof CombinedDomainXYPlot combined ? combined.getSubplots()
        : List.of(chart.getXYPlot());
  }

  private static void forEachSeries(XYPlot plot, java.util.function.BiConsumer<String, Look> action) {
    for (int d = 0; d < plot.getDatasetCount(); d++) {
      XYDataset dataset = plot.getDataset(d);
      if (dataset == null) {
        continue;
      }
      XYItemRenderer renderer = plot.getRendererForDataset(dataset);
      for (int s = 0; s < dataset.getSeriesCount(); s++) {
        action.accept(String.valueOf(dataset.getSeriesKey(s)), new Look(renderer.getSeriesPaint(s),
            renderer.getSeriesStroke(s)));
      }
    }
  }

  private static JFreeChart chart(List<String> names) {
    XYSeriesCollection data = new XYSeriesCollection();
    for (String name : names) {
      XYSeries series = new XYSeries(name);
      series.add(1, 1);
      data.addSeries(series);
    }
    XYPlot plot = new XYPlot(data, new org.jfree.chart.axis.NumberAxis(), new org.jfree.chart.axis.NumberAxis(),
        new XYLineAndShapeRenderer(true, false));
    return new JFreeChart(String.join(", ", names), plot);
  }
}
