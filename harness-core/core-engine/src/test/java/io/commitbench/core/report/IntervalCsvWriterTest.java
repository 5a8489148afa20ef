package io.commitbench.core.report;

import static io.commitbench.core.report.ReportFixtures.MS;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.IntervalStats.KindInterval;
import io.commitbench.core.measure.IntervalStats.TypeInterval;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.Phase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalCsvWriterTest {

  private static final String HEADER = "start_s,end_s,phase,partial,ops,ops_per_s,transactions,transactions_per_s,"
      + "errors,ignored,retries,shed,"
      + "insert_count,insert_errors,insert_p50_ms,insert_p99_ms,"
      + "select_count,select_errors,select_p50_ms,select_p99_ms,"
      + "update_count,update_errors,update_p50_ms,update_p99_ms,"
      + "delete_count,delete_errors,delete_p50_ms,delete_p99_ms,"
      + "commit_count,commit_errors,commit_p50_ms,commit_p99_ms,"
      + "tx_write_count,tx_write_errors,tx_write_ignored,tx_write_retries,tx_write_response_p50_ms,tx_write_response_p99_ms,"
      + "tx_write_service_p50_ms,tx_write_service_p99_ms";
  private static final long NONE = IntervalStats.NO_VALUE;

  @TempDir Path dir;

  @Test
  void headerNamesEveryKindAndTransactionTypeInOrder() {
    assertThat(IntervalCsvWriter.header(List.of("write"))).isEqualTo(HEADER);
  }

  @Test
  void writesOneRowPerIntervalAndFlushesIt() throws IOException {
    Path file = dir.resolve("intervals.csv");
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY); // a decimal comma would break the CSV
    try (IntervalCsvWriter writer = new IntervalCsvWriter(file, List.of("write"))) {
      writer.onInterval(interval(Phase.WARMUP, 0, 2000, false), null);
      // Read while still open: a killed run must keep its rows.
      assertThat(Files.readAllLines(file)).hasSize(2);
      writer.onInterval(empty(2000, 2250), null);
    } finally {
      Locale.setDefault(saved);
    }

    List<String> lines = Files.readAllLines(file);
    assertThat(lines).containsExactly(
        HEADER,
        "0.000,2.000,warmup,0,15,7.500,12,6.000,3,4,2,1,"
            + "10,1,1.500,4.250,"
            + "5,0,0.500,0.750,"
            + "0,0,,,"
            + "0,2,,,"
            + "12,0,2.000,12.346,"
            + "12,1,4,2,3.000,20.000,2.500,15.000",
        "2.000,2.250,measured,1,0,0.000,0,0.000,0,0,0,0," + "0,0,,,".repeat(5) + "0,0,0,0,,,,");
    assertThat(lines).allSatisfy(line -> assertThat(line.split(",", -1)).hasSize(40));
  }

  /** Commits do not count as operations; a kind without values has empty percentiles, not zeros. */
  private static IntervalStats interval(Phase phase, long startMillis, long endMillis, boolean partial) {
    Map<OperationKind, KindInterval> kinds = new EnumMap<>(OperationKind.class);
    kinds.put(OperationKind.INSERT, new KindInterval(10, 1, 1500_000, 4250_000));
    kinds.put(OperationKind.SELECT, new KindInterval(5, 0, 500_000, 750_000));
    kinds.put(OperationKind.UPDATE, new KindInterval(0, 0, NONE, NONE));
    kinds.put(OperationKind.DELETE, new KindInterval(0, 2, NONE, NONE));
    kinds.put(OperationKind.COMMIT, new KindInterval(12, 0, 2 * MS, 12_345_678));
    return new IntervalStats(phase, startMillis * MS, endMillis * MS, partial, kinds,
        List.of(new TypeInterval("write", 12, 1, 4, 2, 3 * MS, 20 * MS, 2_500_000, 15 * MS)), 12, 3, 4, 2, 1);
  }

  private static IntervalStats empty(long startMillis, long endMillis) {
    Map<OperationKind, KindInterval> kinds = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      kinds.put(kind, new KindInterval(0, 0, NONE, NONE));
    }
    return new IntervalStats(Phase.MEASURED, startMillis * MS, endMillis * MS, true, kinds,
        List.of(new TypeInterval("write", 0, 0, 0, 0, NONE, NONE, NONE, NONE)), 0, 0, 0, 0, 0);
  }
}
