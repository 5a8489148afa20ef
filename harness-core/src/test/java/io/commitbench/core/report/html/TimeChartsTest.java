package io.commitbench.core.report.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.results.IntervalTable;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jfree.chart.JFreeChart;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TimeChartsTest {

  private static final String HEADER = "start_s,end_s,phase,partial,ops,ops_per_s,transactions,transactions_per_s,errors";

  /** A quick start's intervals.csv whose last interval lasted 1 ms. */
  @Test
  void theRatesLeaveOutAPartialIntervalShorterThanHalfTheOthers(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir,
        "0.000,1.000,warmup,0,4600,4599.446,4600,4599.446,0",
        "1.000,2.006,warmup,0,5180,5152.081,5180,5152.081,0",
        "2.006,2.148,warmup,1,620,4366.964,620,4366.964,0",
        "2.148,3.148,measured,0,5200,5199.135,5200,5199.135,0",
        "3.148,4.148,measured,0,5400,5400.200,5400,5400.200,1",
        "4.148,4.748,measured,1,3000,5000.000,3000,5000.000,0",
        "4.748,4.749,measured,1,92,88390.996,92,88390.996,2");

    JFreeChart chart = TimeCharts.throughput(t);

    XYDataset rates = chart.getXYPlot().getDataset(0);
    assertThat(rates.getItemCount(0)).as("transactions/s: all but the 0.142 s and the 1 ms intervals").isEqualTo(5);
    assertThat(maxY(rates, 0)).isEqualTo(5400.2);
    assertThat(maxY(rates, 1)).isEqualTo(5400.2);
    XYDataset errors = chart.getXYPlot().getDataset(1);
    assertThat(errors.getItemCount(0)).as("errors are counts: every interval keeps its point").isEqualTo(7);
    assertThat(maxY(errors, 0)).isEqualTo(2);
  }

  @Test
  void aRunShorterThanOneIntervalKeepsItsOnlyRate(@TempDir Path dir) throws Exception {
    IntervalTable t = table(dir, "0.000,0.300,measured,1,30,100.000,30,100.000,0");

    assertThat(TimeCharts.throughput(t).getXYPlot().getDataset(0).getItemCount(0)).isEqualTo(1);
  }

  private static IntervalTable table(Path dir, String... rows) throws Exception {
    Path file = dir.resolve("intervals.csv");
    Files.writeString(file, HEADER + "\n" + String.join("\n", rows) + "\n");
    return IntervalTable.read(file);
  }

  private static double maxY(XYDataset dataset, int series) {
    double max = Double.NEGATIVE_INFINITY;
    for (int i = 0; i < dataset.getItemCount(series); i++) {
      max = Math.max(max, dataset.getYValue(series, i));
    }
    return max;
  }
}
