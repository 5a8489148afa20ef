package io.commitbench.core.report.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The curves a workload wrote into the run's folder ({@code curve-NAME.csv}, see {@code
 * BoundWorkload#resultFiles}): a chart each, its first column along the x axis and each column
 * ending in {@code _per_s} as a line with a point per row.
 */
final class CurveCharts {

  static final String PREFIX = "curve-";
  static final String SUFFIX = ".csv";
  private static final String RATE = "_per_s";

  private CurveCharts() {}

  /** The folder's curve files, by name. */
  static List<Path> files(Path runDirectory) throws IOException {
    try (Stream<Path> files = Files.list(runDirectory)) {
      return files.filter(f -> f.getFileName().toString().startsWith(PREFIX)
          && f.getFileName().toString().endsWith(SUFFIX)).sorted().toList();
    }
  }

  /** {@code curve-insert.csv}: {@code Insert curve}. */
  static String title(Path file) {
    String name = file.getFileName().toString();
    String what = name.substring(PREFIX.length(), name.length() - SUFFIX.length()).replace('-', ' ');
    return what.isEmpty() ? "Curve" : what.substring(0, 1).toUpperCase(Locale.ROOT) + what.substring(1) + " curve";
  }

  static JFreeChart chart(Path file, SeriesStyles styles) throws IOException {
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    if (lines.isEmpty()) {
      throw new IOException(file.getFileName() + " is empty");
    }
    String[] header = lines.get(0).split(",", -1);
    XYSeriesCollection dataset = new XYSeriesCollection();
    List<Integer> columns = new ArrayList<>();
    for (int c = 1; c < header.length; c++) {
      if (header[c].endsWith(RATE)) {
        columns.add(c);
        dataset.addSeries(new XYSeries(header[c].replace('_', ' ').replace(" per s", "/s")));
      }
    }
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      for (int s = 0; s < columns.size(); s++) {
        dataset.getSeries(s).add(Double.parseDouble(cells[0]), Double.parseDouble(cells[columns.get(s)]));
      }
    }
    XYPlot plot = new XYPlot(dataset, new NumberAxis(header[0]), new NumberAxis("per second"),
        new XYLineAndShapeRenderer(true, true));
    JFreeChart chart = new JFreeChart(title(file), JFreeChart.DEFAULT_TITLE_FONT, plot, true);
    Charts.style(chart, styles);
    return chart;
  }
}
