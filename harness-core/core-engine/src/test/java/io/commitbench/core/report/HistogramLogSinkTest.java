package io.commitbench.core.report;

import static io.commitbench.core.report.ReportFixtures.MS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.OperationKind;
import io.commitbench.core.measure.Phase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistogramLogSinkTest {

  private static final long START = 1_735_812_000_000L; // 2025-01-02T10:00:00Z

  @TempDir Path dir;

  @Test
  void writesEveryKindOfEveryIntervalTaggedAndReadableByHdrHistogram() throws IOException {
    Path file = dir.resolve("latency.hlog");
    Map<OperationKind, Histogram> first = histograms(0, 1000);
    Histogram firstResponse = histogram(0, 1000);
    try (HistogramLogSink sink = new HistogramLogSink(file, START, List.of("write"))) {
      first.get(OperationKind.INSERT).recordValue(3 * MS);
      first.get(OperationKind.INSERT).recordValue(5 * MS);
      first.get(OperationKind.UPDATE).recordValue(425 * MS);
      firstResponse.recordValue(7 * MS);
      sink.onInterval(stats(Phase.MEASURED, 0, 1000),
          new IntervalHistograms(first, List.of(firstResponse), List.of(histogram(0, 1000))));
      // Flushed per interval: readable before close.
      assertThat(Files.readString(file)).contains("Tag=commit,").contains("Tag=tx.write.service,");
      sink.onInterval(stats(Phase.WARMUP, 0, 1000), new IntervalHistograms(histograms(0, 1000),
          List.of(histogram(0, 1000)), List.of(histogram(0, 1000)))); // a warm-up interval is left out
      Map<OperationKind, Histogram> second = histograms(1000, 2000);
      second.get(OperationKind.SELECT).recordValue(MS);
      sink.onInterval(stats(Phase.MEASURED, 1000, 2000),
          new IntervalHistograms(second, List.of(histogram(1000, 2000)), List.of(histogram(1000, 2000))));
      assertThat(first.get(OperationKind.INSERT).getTag()).as("caller's tag restored").isNull();
    }

    List<Histogram> read = new ArrayList<>();
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    try {
      for (EncodableHistogram h = reader.nextIntervalHistogram(); h != null; h = reader.nextIntervalHistogram()) {
        read.add((Histogram) h);
      }
      assertThat(reader.getStartTimeSec()).isEqualTo(START / 1000.0);
    } finally {
      reader.close();
    }

    // Each interval starts with the untagged total of every transaction's response time.
    assertThat(read).extracting(Histogram::getTag).containsExactly(
        null, "insert", "select", "update", "delete", "commit", "tx.write.response", "tx.write.service",
        null, "insert", "select", "update", "delete", "commit", "tx.write.response", "tx.write.service");
    assertThat(read).extracting(Histogram::getTotalCount)
        .containsExactly(1L, 2L, 0L, 1L, 0L, 0L, 1L, 0L, 0L, 0L, 1L, 0L, 0L, 0L, 0L, 0L);
    assertThat(read.get(0)).as("the total is the transactions' response times").isEqualTo(read.get(6));
    assertThat(read.get(3)).as("same distribution after the round trip").isEqualTo(first.get(OperationKind.UPDATE));
    assertThat(read.get(9).getStartTimeStamp()).as("absolute again after reading").isEqualTo(START + 1000);
    assertThat(read.get(9).getEndTimeStamp()).isEqualTo(START + 2000);
    assertThat(read.get(8).getStartTimeStamp()).as("the total has its interval's times").isEqualTo(START + 1000);
  }

  /** Without an untagged histogram, HistogramLogProcessor -i latency.hlog (no -tag) ends in a NullPointerException. */
  @Test
  void hdrHistogramsOwnProcessorReadsTheLogWithoutATag() throws Exception {
    Path file = dir.resolve("latency.hlog");
    HistogramLogSink sink = new HistogramLogSink(file, START, List.of("write"));
    Histogram response = histogram(0, 1000);
    response.recordValue(7 * MS);
    sink.onInterval(stats(Phase.MEASURED, 0, 1000),
        new IntervalHistograms(histograms(0, 1000), List.of(response), List.of(histogram(0, 1000))));
    sink.close();
    Path out = dir.resolve("percentiles");
    new org.HdrHistogram.HistogramLogProcessor(new String[] {"-i", file.toString(), "-o", out.toString()}).run();
    assertThat(Files.readString(Path.of(out + ".hgrm"))).contains("Total count    =            1", "       7.000 1.000000000000          1");
  }

  @Test
  void startsWithTheStandardPreamble() throws IOException {
    Path file = dir.resolve("latency.hlog");
    new HistogramLogSink(file, START, List.of("write")).close();

    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).startsWith("#[Histogram log format version ");
    assertThat(lines.get(1)).startsWith("#[StartTime: 1735812000.000");
    assertThat(lines.get(2)).startsWith("#[BaseTime: 1735812000.000");
    assertThat(lines.get(3)).startsWith("\"StartTimestamp\",\"Interval_Length\"");
  }

  /** The sink writes its interval lines itself; they must read as HdrHistogram's writer's do. */
  @Test
  void intervalLinesAreThoseHdrHistogramsWriterWrites() throws IOException {
    Path file = dir.resolve("latency.hlog");
    Map<OperationKind, Histogram> kinds = histograms(2_125, 3_250);
    kinds.get(OperationKind.INSERT).recordValue(3 * MS);
    kinds.get(OperationKind.INSERT).recordValue(17_654_321);
    kinds.get(OperationKind.COMMIT).recordValue(90 * 1_000_000_000L);
    Histogram response = histogram(2_125, 3_250);
    response.recordValue(21 * MS);
    List<Histogram> written = new ArrayList<>();
    Histogram untagged = new Histogram(3); // the sink's total of the responses, as large as its values need
    untagged.add(response);
    written.add(untagged);
    written.addAll(kinds.values());
    written.add(response);
    written.add(histogram(2_125, 3_250));
    try (HistogramLogSink sink = new HistogramLogSink(file, START, List.of("write"))) {
      sink.onInterval(stats(Phase.MEASURED, 2_125, 3_250),
          new IntervalHistograms(kinds, List.of(response), List.of(written.get(written.size() - 1))));
    }

    java.io.ByteArrayOutputStream expected = new java.io.ByteArrayOutputStream();
    try (java.io.PrintStream out = new java.io.PrintStream(expected, true, java.nio.charset.StandardCharsets.UTF_8)) {
      org.HdrHistogram.HistogramLogWriter writer = new org.HdrHistogram.HistogramLogWriter(out);
      writer.setBaseTime(START);
      List<String> tags = new ArrayList<>(java.util.Arrays.asList((String) null));
      for (OperationKind kind : OperationKind.values()) {
        tags.add(kind.label());
      }
      tags.add("tx.write.response");
      tags.add("tx.write.service");
      for (int i = 0; i < written.size(); i++) {
        Histogram copy = written.get(i).copy();
        copy.setStartTimeStamp(START + 2_125);
        copy.setEndTimeStamp(START + 3_250);
        copy.setTag(tags.get(i));
        writer.outputIntervalHistogram(copy);
      }
    }
    List<String> ours = Files.readAllLines(file).stream().filter(l -> !l.startsWith("#") && !l.startsWith("\""))
        .toList();
    List<String> theirs = expected.toString(java.nio.charset.StandardCharsets.UTF_8).lines().toList();
    assertThat(ours).hasSameSizeAs(theirs);
    for (int i = 0; i < ours.size(); i++) {
      // Tag, start, length and max as the writer writes them; the histogram compressed at another
      // level (the sink stores it uncompressed), so its bytes differ but decode to the same.
      String mine = ours.get(i);
      String writers = theirs.get(i);
      assertThat(mine.substring(0, mine.lastIndexOf(',') + 1)).isEqualTo(writers.substring(0, writers.lastIndexOf(',') + 1));
      assertThat(decoded(mine)).as("line %d's histogram", i).isEqualTo(decoded(writers));
    }
  }

  /** The histogram of an interval line, decoded as HdrHistogram's log reader decodes it. */
  private static Histogram decoded(String line) {
    byte[] bytes = java.util.Base64.getDecoder().decode(line.substring(line.lastIndexOf(',') + 1));
    try {
      return Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(bytes), 0);
    } catch (java.util.zip.DataFormatException e) {
      throw new AssertionError("not a compressed histogram: " + line, e);
    }
  }

  @Test
  void aTransactionTypeWithACommaOrSpaceIsRefusedBeforeTheLogIsWritten() {
    assertThatIllegalArgumentException()
        .isThrownBy(() -> new HistogramLogSink(dir.resolve("latency.hlog"), START, List.of("new order")))
        .withMessageContaining("'tx.new order.response'");
  }

  @Test
  void rejectsAnIntervalWithoutEveryKindBeforeWritingAnyOfIt() throws IOException {
    Path file = dir.resolve("latency.hlog");
    try (HistogramLogSink sink = new HistogramLogSink(file, START, List.of("write"))) {
      Map<OperationKind, Histogram> partial = histograms(0, 1000);
      partial.remove(OperationKind.COMMIT);

      assertThatIllegalArgumentException().isThrownBy(() -> sink.onInterval(stats(Phase.MEASURED, 0, 1000),
          new IntervalHistograms(partial, List.of(histogram(0, 1000)), List.of(histogram(0, 1000)))))
          .withMessageContaining("commit");
    }
    assertThat(Files.readString(file)).doesNotContain("Tag=");
  }

  private static Map<OperationKind, Histogram> histograms(long fromMillis, long toMillis) {
    Map<OperationKind, Histogram> map = new EnumMap<>(OperationKind.class);
    for (OperationKind kind : OperationKind.values()) {
      map.put(kind, histogram(fromMillis, toMillis));
    }
    return map;
  }

  private static Histogram histogram(long fromMillis, long toMillis) {
    Histogram h = new Histogram(3);
    h.setStartTimeStamp(START + fromMillis);
    h.setEndTimeStamp(START + toMillis);
    return h;
  }

  private static IntervalStats stats(Phase phase, long fromMillis, long toMillis) {
    return new IntervalStats(phase, fromMillis * MS, toMillis * MS, false, Map.of(), List.of(), 0, 0, 0, 0, 0);
  }
}
