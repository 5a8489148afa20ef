package io.commitbench.core.run.output;

import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.IntervalStats.KindInterval;
import io.commitbench.core.measure.IntervalStats.TypeInterval;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.Phase;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProgressPrinterTest {

  private static final long MS = 1_000_000L;

  @Test
  void aFullIntervalShowsRatesAndTheP99OfWhatRan() {
    String line = printed(interval(1000, 2000, false, 1915, 1914));

    assertThat(line).isEqualTo("[     2.0 s] cycle 2/3 | 1,915 ops/s | 1,914 tx/s | errors 0 | p99 ms insert 7.713"
        + " tx.write 9.000\n");
  }

  /** 353 transactions in 4 ms would read 88,250 tx/s as a rate. */
  @Test
  void aPartialIntervalShowsItsLengthAndCountsNotRates() {
    String line = printed(interval(7000, 7004, true, 353, 353));

    assertThat(line).startsWith("[     7.0 s] cycle 2/3 (last 0.00 s) | 353 ops | 353 tx | errors 0 |")
        .doesNotContain("/s |");
  }

  /** Intervals.csv keeps it; on the console a line of zeros after the run's last line is noise. */
  @Test
  void aPartialIntervalWithNothingInItIsNotPrinted() {
    assertThat(printed(interval(7000, 7001, true, 0, 0))).isEmpty();
    assertThat(printed(interval(7000, 8000, false, 0, 0))).as("a full interval of nothing is news")
        .startsWith("[     8.0 s] cycle 2/3 | 0 ops/s | 0 tx/s | errors 0 |");
  }

  private static String printed(IntervalStats stats) {
    StringWriter console = new StringWriter();
    new ProgressPrinter(new RunLog(new PrintWriter(console)), phase -> "cycle 2/3").onInterval(stats, null);
    return console.toString();
  }

  private static IntervalStats interval(long startMillis, long endMillis, boolean partial, long operations,
      long transactions) {
    Map<OperationKind, KindInterval> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, new KindInterval(0, 0, IntervalStats.NO_VALUE, IntervalStats.NO_VALUE));
    }
    kinds.put(OperationKind.INSERT, new KindInterval(operations, 0, 2 * MS, 7_713_000));
    return new IntervalStats(Phase.MEASURED, startMillis * MS, endMillis * MS, partial, kinds,
        List.of(new TypeInterval("write", transactions, 0, 0, 0, 3 * MS, 9 * MS, 2 * MS, 8 * MS)), transactions, 0, 0, 0, 0);
  }
}
