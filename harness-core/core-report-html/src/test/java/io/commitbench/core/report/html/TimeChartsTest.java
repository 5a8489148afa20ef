package io.commitbench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.results.IntervalTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimeChartsTest {

  private static final String HEADER = "start_s,end_s,phase,partial,ops,ops_per_s,transactions,transactions_per_s,errors";
  private static final String LATENCY_HEADER = "start_s,end_s,phase,partial,ops,ops_per_s,transactions,"
      + "transactions_per_s,errors,retries,shed,insert_count,insert_p50_ms,insert_p99_ms,commit_count,commit_p50_ms,"
      + "commit_p99_ms";

  /** A quick start's intervals.csv whose last interval lasted 1 ms. */
  @Test
  void theRatesLeaveOutAPartialIntervalShorterThanHalfTheOthersAndTheLastOne(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, HEADER,
        "0.000,1.000,warmup,0,4600,4599.446,4600,4599.446,0",
        "1.000,2.006,warmup,0,5180,5152.081,5180,5152.081,0",
        "2.006,2.148,warmup,1,620,4366.964,620,4366.964,0",
        "2.148,3.148,measured,0,5200,5199.135,5200,5199.135,0",
        "3.148,4.148,measured,0,5400,5400.200,5400,5400.200,1",
        "4.148,4.748,measured,1,3000,5000.000,3000,5000.000,0",
        "4.748,4.749,measured,1,92,88390.996,92,88390.996,2");

    JFreeChart chart = TimeCharts.throughput(t, Double.NaN, new SeriesStyles());

    XYDataset rates = chart.getXYPlot().getDataset(0);
    assertThat(rates.getItemCount(0)).as("transactions/s: all but the 0.142 s and the last intervals").isEqualTo(5);
    assertThat(maxY(rates, 0)).isEqualTo(5400.2);
    XYDataset errors = TimeCharts.problems(t, new SeriesStyles()).orElseThrow().getXYPlot().getDataset(0);
    assertThat(errors.getItemCount(0)).as("errors are counts: every interval keeps its point").isEqualTo(7);
    assertThat(maxY(errors, 0)).isEqualTo(2);
  }

  /** The actors stop one by one in the last interval: its rate would draw a drop, its latency a jump. */
  @Test
  void theLastPartialIntervalIsLeftOutOfRatesAndLatenciesHoweverLong(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, LATENCY_HEADER,
        "0.000,1.000,measured,0,1000,1000.000,500,500.000,0,0,0,500,0.100,0.400,500,1.000,3.000",
        "1.000,2.000,measured,0,1000,1000.000,500,500.000,0,0,0,500,0.100,0.400,500,1.000,3.000",
        "2.000,2.900,measured,1,40,44.444,20,22.222,0,0,0,20,0.100,9.000,20,1.000,40.000");

    JFreeChart throughput = TimeCharts.throughput(t, Double.NaN, new SeriesStyles());
    JFreeChart latency = TimeCharts.latency("Statement latency", t, Map.of("commit", "commit"), new SeriesStyles());

    assertThat(throughput.getXYPlot().getDataset(0).getItemCount(0)).isEqualTo(2);
    assertThat(maxY(subplot(latency, 0).getDataset(0), 0)).as("p99 without the last interval's jump").isEqualTo(3.0);
    assertThat(throughput.getXYPlot().getDomainAxis().getUpperBound()).as("the time axis spans the run")
        .isEqualTo(2.9);
  }

  @Test
  void aRunShorterThanOneIntervalKeepsItsOnlyRate(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, HEADER, "0.000,0.300,measured,1,30,100.000,30,100.000,0");

    assertThat(TimeCharts.throughput(t, Double.NaN, new SeriesStyles()).getXYPlot().getDataset(0).getItemCount(0))
        .isEqualTo(1);
  }

  /**
   * A warm-up whose latencies are 100 times the measured ones (a cold JVM and cache): each axis
   * still ends just above the measured values, and the chart says how high the warm-up went.
   */
  @Test
  void theWarmupNeverSetsALatencyAxis(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, LATENCY_HEADER,
        "0.000,1.000,warmup,0,100,100.000,50,50.000,0,0,0,50,5.000,40.000,50,50.000,300.000",
        "1.000,2.000,warmup,0,100,100.000,50,50.000,0,0,0,50,5.000,40.000,50,50.000,300.000",
        "2.000,3.000,measured,0,1000,1000.000,500,500.000,0,0,0,500,0.050,0.400,500,0.500,3.000",
        "3.000,4.000,measured,0,1000,1000.000,500,500.000,0,0,0,500,0.040,0.350,500,0.450,2.500");
    Map<String, String> kinds = new LinkedHashMap<>();
    kinds.put("insert", "insert");
    kinds.put("commit", "commit");

    JFreeChart chart = TimeCharts.latency("Statement latency over time", t, kinds, new SeriesStyles());

    ValueAxis p99 = subplot(chart, 0).getRangeAxis();
    ValueAxis p50 = subplot(chart, 1).getRangeAxis();
    assertThat(p99.getLabel()).isEqualTo("p99 (ms)");
    assertThat(p99.getUpperBound()).as("p99 axis: the measured 3.0 ms with a margin, not the warm-up's 300 ms")
        .isBetween(3.0, 3.0 * 1.1);
    assertThat(p50.getUpperBound()).as("p50 axis: the measured 0.5 ms, not the warm-up's 50 ms").isBetween(0.5, 0.55);
    assertThat(p99.getLowerBound()).isZero();
    assertThat(subtitles(chart)).contains("warm-up cut off above the axis: p99 up to 300 ms, p50 up to 50.0 ms");
  }

  @Test
  void theWarmupNeverSetsTheThroughputAxisButTheTargetRateDoes(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, HEADER,
        "0.000,1.000,warmup,0,50000,50000.000,50000,50000.000,0",
        "1.000,2.000,measured,0,480,480.000,480,480.000,0",
        "2.000,3.000,measured,0,450,450.000,450,450.000,0");

    JFreeChart closed = TimeCharts.throughput(t, Double.NaN, new SeriesStyles());
    JFreeChart rated = TimeCharts.throughput(t, 500, new SeriesStyles());

    assertThat(closed.getXYPlot().getRangeAxis().getUpperBound()).isBetween(480.0, 480 * 1.1);
    assertThat(subtitles(closed)).contains("warm-up cut off above the axis: transactions up to 50000/s");
    assertThat(rated.getXYPlot().getRangeAxis().getUpperBound()).as("the target line is in view")
        .isBetween(500.0, 500 * 1.1);
    assertThat(rated.getXYPlot().getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).hasSize(1);
  }

  /** Without a measured interval (a run that failed in its warm-up) the warm-up is all there is to show. */
  @Test
  void aRunThatEndedInItsWarmupIsScaledToIt(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, HEADER,
        "0.000,1.000,warmup,0,300,300.000,300,300.000,0",
        "1.000,2.000,warmup,0,310,310.000,310,310.000,0");

    JFreeChart chart = TimeCharts.throughput(t, Double.NaN, new SeriesStyles());

    assertThat(chart.getXYPlot().getRangeAxis().getUpperBound()).isBetween(310.0, 310 * 1.1);
  }

  /** Transactions/s and statements/s differ in scale: OLTP's 18 statements per transaction. */
  @Test
  void statementsPerSecondGetAnAxisOfTheirOwnOrTheirConstantRatio(@TempDir Path dir) throws Exception {
    IntervalTable constant = table(dir, HEADER,
        "0.000,1.000,measured,0,10080,10080.000,560,560.000,0",
        "1.000,2.000,measured,0,9000,9000.000,500,500.000,0");
    IntervalTable varying = table(dir.resolve("b"), HEADER,
        "0.000,1.000,measured,0,10080,10080.000,560,560.000,0",
        "1.000,2.000,measured,0,1000,1000.000,500,500.000,0");

    JFreeChart ratio = TimeCharts.throughput(constant, Double.NaN, new SeriesStyles());
    JFreeChart axes = TimeCharts.throughput(varying, Double.NaN, new SeriesStyles());

    assertThat(ratio.getXYPlot().getDatasetCount()).isEqualTo(1);
    assertThat(subtitles(ratio)).contains("18.0 statements per transaction in every interval");
    XYPlot plot = axes.getXYPlot();
    assertThat(plot.getDataset(1).getSeriesKey(0)).isEqualTo(TimeCharts.STATEMENTS);
    assertThat(plot.getRangeAxisForDataset(1)).isNotSameAs(plot.getRangeAxisForDataset(0));
    assertThat(plot.getRangeAxis(0).getUpperBound()).as("transactions/s on their own scale").isBetween(560.0, 620.0);
    assertThat(plot.getRangeAxis(1).getUpperBound()).isBetween(10080.0, 11100.0);
  }

  @Test
  void aRunWithoutErrorsRetriesOrShedArrivalsHasNoProblemChart(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, HEADER, "0.000,1.000,measured,0,30,30.000,30,30.000,0");

    assertThat(TimeCharts.problems(t, new SeriesStyles())).isEmpty();
  }

  static IntervalTable table(Path dir, String header, String... rows) throws Exception {
    Files.createDirectories(dir);
    Path file = dir.resolve("intervals.csv");
    Files.writeString(file, header + "\n" + String.join("\n", rows) + "\n");
    return IntervalTable.read(file);
  }

  private static XYPlot subplot(JFreeChart chart, int index) {
    return ((CombinedDomainXYPlot) chart.getPlot()).getSubplots().get(index);
  }

  private static String subtitles(JFreeChart chart) {
    List<String> texts = new ArrayList<>();
    for (Object title : chart.getSubtitles()) {
      if (title instanceof TextTitle text) {
        texts.add(text.getText());
      }
    }
    return String.join("\n", texts);
  }

  private static double maxY(XYDataset dataset, int series) {
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < dataset.getItemCount(series); i++) {
      max = Math.max(max, dataset.getYValue(series, i));
    }
    return max;
  }
}
