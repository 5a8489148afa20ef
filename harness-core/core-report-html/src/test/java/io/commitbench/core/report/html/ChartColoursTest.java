package io.commitbench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.awt.Paint;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.AbstractRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class ChartColoursTest {

  /** WCAG 2.1's least contrast for the parts of a graphic that carry its meaning (1.4.11). */
  private static final double LEAST_CONTRAST_ON_WHITE = 3.0;

  @Test
  void everySeriesColourStandsAtLeast3To1AgainstWhite() {
    for (Color colour : ChartColours.SERIES) {
      assertThat(contrastWithWhite(colour)).as("contrast of #%06X on white", colour.getRGB() & 0xFFFFFF)
          .isGreaterThanOrEqualTo(LEAST_CONTRAST_ON_WHITE);
    }
    // What the test guards against: JFreeChart's own fourth colour.
    assertThat(contrastWithWhite(new Color(0xFFFF55))).isLessThan(LEAST_CONTRAST_ON_WHITE);
  }

  /**
   * CIE76 colour difference in L*a*b*: about 2.3 is the least an eye tells apart side by side;
   * lines of a chart, read against a legend, want far more.
   */
  @Test
  void theSeriesColoursAreFarApartFromEachOther() {
    for (int i = 0; i < ChartColours.SERIES.size(); i++) {
      for (int j = i + 1; j < ChartColours.SERIES.size(); j++) {
        double[] a = lab(ChartColours.SERIES.get(i));
        double[] b = lab(ChartColours.SERIES.get(j));
        double difference = Math.sqrt(square(a[0] - b[0]) + square(a[1] - b[1]) + square(a[2] - b[2]));
        assertThat(difference).as("colour difference (CIE76) between series %d and %d", i, j).isGreaterThan(25);
      }
    }
  }

  @Test
  void aStyledChartDrawsItsSeriesInTheseColours() {
    XYSeriesCollection data = new XYSeriesCollection();
    for (String kind : new String[] {"insert", "select", "update", "delete", "commit"}) {
      XYSeries series = new XYSeries(kind);
      series.add(1, 1);
      data.addSeries(series);
    }
    JFreeChart chart = ChartFactory.createXYLineChart("latency", "s", "ms", data, PlotOrientation.VERTICAL, true,
        false, false);
    Charts.style(chart);
    for (int i = 0; i < data.getSeriesCount(); i++) {
      Paint paint = ((AbstractRenderer) chart.getXYPlot().getRenderer()).lookupSeriesPaint(i);
      assertThat(paint).as("series %d (%s)", i, data.getSeriesKey(i)).isEqualTo(ChartColours.SERIES.get(i));
    }
  }

  private static double contrastWithWhite(Color colour) {
    double luminance = 0.2126 * linear(colour.getRed()) + 0.7152 * linear(colour.getGreen())
        + 0.0722 * linear(colour.getBlue());
    return 1.05 / (luminance + 0.05);
  }

  /** The sRGB channel's linear value, as WCAG defines relative luminance. */
  private static double linear(int channel) {
    double c = channel / 255.0;
    return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }

  /** sRGB to CIE L*a*b* under D65. */
  private static double[] lab(Color colour) {
    double r = linear(colour.getRed());
    double g = linear(colour.getGreen());
    double b = linear(colour.getBlue());
    double x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
    double y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
    double z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
    return new double[] {116 * y - 16, 500 * (x - y), 200 * (y - z)};
  }

  private static double f(double t) {
    return t > 216.0 / 24389 ? Math.cbrt(t) : (24389.0 / 27 * t + 16) / 116;
  }

  private static double square(double x) {
    return x * x;
  }
}
