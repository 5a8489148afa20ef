package io.commitbench.core.report;

import static io.commitbench.core.report.ReportFixtures.MS;
import static org.assertj.core.api.Assertions.assertThat;

import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.IntervalStats.KindInterval;
import io.commitbench.core.measure.OperationKind;
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

  private static final String HEADER = "start_s,end_s,ops,ops_per_s,transactions,transactions_per_s,errors,"
      + "insert_count,insert_errors,insert_p50_ms,insert_p99_ms,"
      + "select_count,select_errors,select_p50_ms,select_p99_ms,"
      + "update_count,update_errors,update_p50_ms,update_p99_ms,"
      + "delete_count,delete_errors,delete_p50_ms,delete_p99_ms,"
      + "commit_count,commit_errors,commit_p50_ms,commit_p99_ms";

  @TempDir Path dir;

  @Test
  void headerNamesEveryKindInOrder() {
    assertThat(IntervalCsvWriter.header()).isEqualTo(HEADER);
  }

  @Test
  void writesOneRowPerIntervalAndFlushesIt() throws IOException {
    Path file = dir.resolve("intervals.csv");
    Locale saved = Locale.getDefault();
    Locale.setDefault(Locale.GERMANY); // a decimal comma would break the CSV
    try (IntervalCsvWriter writer = new IntervalCsvWriter(file)) {
      writer.onInterval(interval(0, 2000), Map.of());
      // Read while still open: a killed run must keep its rows.
      assertThat(Files.readAllLines(file)).hasSize(2);
      writer.onInterval(new IntervalStats(2000, 2000, Map.of(), 0, 0), Map.of());
    } finally {
      Locale.setDefault(saved);
    }

    List<String> lines = Files.readAllLines(file);
    assertThat(lines).containsExactly(
        HEADER,
        "0.000,2.000,15,7.500,12,6.000,3,"
            + "10,1,1.500,4.250,"
            + "5,0,0.500,0.750,"
            + "0,0,0.000,0.000,"
            + "0,2,0.000,0.000,"
            + "12,0,2.000,12.346",
        "2.000,2.000,0,0.000,0,0.000,0," + "0,0,0.000,0.000,".repeat(4) + "0,0,0.000,0.000");
    assertThat(lines).allSatisfy(line -> assertThat(line.split(",", -1)).hasSize(27));
  }

  /** Commits do not count as operations; a kind left out of the map had nothing. */
  private static IntervalStats interval(long startMillis, long endMillis) {
    Map<OperationKind, KindInterval> kinds = new EnumMap<>(OperationKind.class);
    kinds.put(OperationKind.INSERT, new KindInterval(10, 1, 1500_000, 4250_000));
    kinds.put(OperationKind.SELECT, new KindInterval(5, 0, 500_000, 750_000));
    kinds.put(OperationKind.DELETE, new KindInterval(0, 2, 0, 0));
    kinds.put(OperationKind.COMMIT, new KindInterval(12, 0, 2 * MS, 12_345_678));
    return new IntervalStats(startMillis, endMillis, kinds, 12, 3);
  }
}
