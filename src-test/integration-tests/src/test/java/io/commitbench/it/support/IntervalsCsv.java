package io.commitbench.it.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

/** A run's intervals.csv as fault tests read it: while it runs, and per second afterwards. */
public final class IntervalsCsv {

  private IntervalsCsv() {}

  /** Waits (up to 90 s) until {@code csv} has {@code rows} rows; fails when the run ended first. */
  public static void awaitRows(Path csv, int rows, Future<?> running) throws Exception {
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (!Files.exists(csv) || Files.readAllLines(csv, StandardCharsets.UTF_8).size() <= rows) {
      assertThat(running.isDone()).as("the run ended before %s had %d rows", csv, rows).isFalse();
      assertThat(System.nanoTime()).as("%d rows in %s", rows, csv).isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  /** The sum of a column over the rows of one phase ({@code warmup} or {@code measured}), partial rows included. */
  public static long sum(Path csv, String column, String phase) throws Exception {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    List<String> header = List.of(lines.get(0).split(","));
    int index = header.indexOf(column);
    assertThat(index).as("column %s of %s", column, csv).isNotNegative();
    int phaseColumn = header.indexOf("phase");
    long sum = 0;
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      if (cells[phaseColumn].equals(phase)) {
        sum += Long.parseLong(cells[index]);
      }
    }
    return sum;
  }

  /** The transactions column, one value per whole (not partial) row, in order. */
  public static List<Long> transactionsPerRow(Path csv) throws Exception {
    List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
    List<String> header = List.of(lines.get(0).split(","));
    int column = header.indexOf("transactions");
    int partial = header.indexOf("partial");
    List<Long> values = new ArrayList<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] cells = line.split(",", -1);
      if (cells[partial].equals("0")) {
        values.add(Long.parseLong(cells[column]));
      }
    }
    return values;
  }
}
