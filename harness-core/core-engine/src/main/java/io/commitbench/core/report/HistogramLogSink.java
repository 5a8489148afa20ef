package io.commitbench.core.report;

import io.commitbench.core.measure.IntervalHistograms;
import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.Phase;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.OperationKind;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes {@code latency.hlog}, the full latency distribution of every interval in HdrHistogram's
 * standard interval log format, so HistogramLogAnalyzer, HistogramLogProcessor and similar
 * tools can plot percentiles over time without the harness deciding which percentiles matter.
 *
 * <p>The file starts with the log format version, {@code #[StartTime: ...]} and
 * {@code #[BaseTime: ...]} (both the release of the first actor, so interval time stamps are
 * seconds since then) and the legend. Then, for every measured interval (warm-up intervals are
 * left out, as they are of the results), first an untagged histogram of every transaction's
 * response time (all types together: what HdrHistogram's tools read when given no {@code -tag}),
 * then one histogram per operation kind in {@link
 * OperationKind} order, tagged with {@link OperationKind#label()}, then two per transaction type,
 * tagged {@code tx.TYPE.response} (from the intended start) and {@code tx.TYPE.service} (from the
 * actual start). Empty histograms are written too, so every tag has every interval and a reader
 * can line the tags up. HdrHistogram's own tools read one tag at a time:
 * {@code HistogramLogProcessor -i latency.hlog -tag tx.commit.response}. Values are
 * nanoseconds, the tools' default unit (their max column shows milliseconds). The stream is
 * flushed after every interval, so a killed run keeps what was written.
 *
 * <pre>{@code
 * HistogramLogReader reader = new HistogramLogReader(file.toFile());
 * Histogram h = (Histogram) reader.nextIntervalHistogram();   // h.getTag() is "insert"
 * }</pre>
 *
 * <p>Not thread-safe: {@link IntervalSink} is called from one thread.
 */
public final class HistogramLogSink implements IntervalSink {

  /**
   * Stored, not compressed: zlib's stored blocks, which HdrHistogram's readers inflate as they
   * inflate any level. Deflating takes a third of the interval writer's time (HotPath.writeInterval:
   * about 1.8 ms a ten-actor interval at the fastest level against 1.2 stored), a cost the plain
   * loops a run is compared with do not pay, on a machine that may also run the database, for a log
   * about twice as large (about 9 against 16 KB a second for the paper's one user: its four kinds,
   * each with its transaction type). HdrHistogram's own writer uses the best level, slower still
   * than the fastest for a log only a little smaller.
   */
  private static final int COMPRESSION = Deflater.NO_COMPRESSION;
  /** The max column's unit: milliseconds, HdrHistogram's default ratio for nanosecond values. */
  private static final double MAX_VALUE_UNIT_RATIO = 1_000_000.0;

  private final PrintStream stream;
  private final HistogramLogWriter writer;
  private final List<String> types;
  private final long baseEpochMillis;
  private final StringBuilder line = new StringBuilder(256);
  private final CompressedHistogramEncoder encoder = new CompressedHistogramEncoder(COMPRESSION);
  /** The encoding of an empty histogram of a given size: most kinds are empty in most workloads. */
  private final Map<Long, String> emptyPayloads = new HashMap<>();
  /** The untagged histogram, reset and refilled every interval instead of allocated anew. */
  private Histogram untagged;

  /**
   * Creates (or truncates) {@code file} and writes the log's preamble.
   *
   * @param startEpochMillis when the measurement started; the histograms' time stamps are
   *     written relative to it
   */
  public HistogramLogSink(Path file, long startEpochMillis, List<String> transactionTypes) throws IOException {
    this.types = List.copyOf(transactionTypes);
    for (String type : types) {
      checkTag("tx." + type + ".response");
    }
    this.baseEpochMillis = startEpochMillis;
    this.stream = new PrintStream(new BufferedOutputStream(Files.newOutputStream(file)), false, StandardCharsets.UTF_8);
    this.writer = new HistogramLogWriter(stream);
    writer.outputLogFormatVersion();
    writer.outputStartTime(startEpochMillis);
    writer.setBaseTime(startEpochMillis);
    writer.outputBaseTime(startEpochMillis);
    writer.outputLegend();
    flush();
  }

  @Override
  public void onInterval(IntervalStats stats, IntervalHistograms histograms) throws IOException {
    if (stats.phase() != Phase.MEASURED) {
      return;
    }
    // Checked before writing anything, so a bad call never leaves half an interval in the log.
    for (OperationKind kind : OperationKind.values()) {
      if (histograms.statements().get(kind) == null) {
        throw new IllegalArgumentException("interval " + stats.startMillis() + "-" + stats.endMillis()
            + " ms has no histogram for " + kind.label() + "; every kind must be present");
      }
    }
    if (histograms.response().size() != types.size() || histograms.service().size() != types.size()) {
      throw new IllegalArgumentException("interval " + stats.startMillis() + "-" + stats.endMillis() + " ms has "
          + histograms.response().size() + " transaction types; the log was opened for " + types.size());
    }
    write(allTransactions(histograms), null);
    for (OperationKind kind : OperationKind.values()) {
      write(histograms.statements().get(kind), kind.label());
    }
    for (int t = 0; t < types.size(); t++) {
      write(histograms.response().get(t), "tx." + types.get(t) + ".response");
      write(histograms.service().get(t), "tx." + types.get(t) + ".service");
    }
    flush();
  }

  /**
   * The untagged histogram of an interval: the response times of every transaction type together.
   * HdrHistogram's tools read only untagged histograms unless given {@code -tag}; without one,
   * {@code HistogramLogProcessor -i latency.hlog} ends in a NullPointerException.
   */
  private Histogram allTransactions(IntervalHistograms histograms) {
    Histogram any = histograms.statements().get(OperationKind.values()[0]);
    if (untagged == null) {
      untagged = new Histogram(any.getNumberOfSignificantValueDigits());
    }
    Histogram total = untagged;
    total.reset();
    for (Histogram response : histograms.response()) {
      if (response.getTotalCount() > 0) {
        total.add(response);
      }
    }
    total.setStartTimeStamp(any.getStartTimeStamp());
    total.setEndTimeStamp(any.getEndTimeStamp());
    return total;
  }

  /**
   * One interval line as HdrHistogram's {@code HistogramLogWriter} writes it ({@code
   * [Tag=TAG,]START,LENGTH,MAX,BASE64}, seconds since the base time and milliseconds with three
   * decimals, the histogram compressed as the writer compresses it, at another level), which its
   * readers read. Not the writer itself: for each histogram it matches the tag against a regular
   * expression and formats the line with {@code String.format}, code that runs too rarely to be
   * compiled early and would be the largest share of the reporter's CPU after the histograms' own
   * arithmetic.
   */
  private void write(Histogram h, String tag) {
    line.setLength(0);
    if (tag != null) {
      line.append("Tag=").append(tag).append(',');
    }
    Decimals.threePlaces(line, (h.getStartTimeStamp() - baseEpochMillis) / 1000.0).append(',');
    Decimals.threePlaces(line, (h.getEndTimeStamp() - h.getStartTimeStamp()) / 1000.0).append(',');
    Decimals.threePlaces(line, h.getMaxValueAsDouble() / MAX_VALUE_UNIT_RATIO).append(',');
    line.append(h.getTotalCount() == 0
        ? emptyPayloads.computeIfAbsent(h.getHighestTrackableValue(), highest -> payload(h))
        : payload(h));
    stream.append(line).append('\n');
  }

  private String payload(Histogram h) {
    return Base64.getEncoder().encodeToString(encoder.encode(h));
  }

  /** A tag is a field of a comma-separated line: checked once, not for every interval. */
  private static void checkTag(String tag) {
    for (int i = 0; i < tag.length(); i++) {
      char c = tag.charAt(i);
      if (c == ',' || Character.isWhitespace(c)) {
        throw new IllegalArgumentException("histogram log tag '" + tag + "' has a comma or white space; "
            + "transaction type names must not");
      }
    }
  }

  @Override
  public void close() throws IOException {
    encoder.close();
    writer.close();
    if (stream.checkError()) {
      throw new IOException("writing the histogram log failed");
    }
  }

  /** PrintStream hides I/O errors; ask for them so a full disk is not silently ignored. */
  private void flush() throws IOException {
    if (stream.checkError()) {
      throw new IOException("writing the histogram log failed");
    }
  }
}
