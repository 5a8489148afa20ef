package io.commitbench.core.report;

import io.commitbench.core.measure.IntervalSink;
import io.commitbench.core.measure.IntervalStats;
import io.commitbench.core.measure.OperationKind;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Writes {@code latency.hlog}, the full latency distribution of every interval in HdrHistogram's
 * standard interval log format, so HistogramLogAnalyzer, HistogramLogProcessor and similar
 * tools can plot percentiles over time without the harness deciding which percentiles matter.
 *
 * <p>The file starts with the log format version, {@code #[StartTime: ...]} and
 * {@code #[BaseTime: ...]} (both the measurement start, so interval time stamps are seconds
 * since then) and the legend. Then, for every interval, one histogram per operation kind in
 * {@link OperationKind} order, tagged with {@link OperationKind#label()}. Empty histograms are
 * written too, so every tag has every interval and a reader can line the tags up. Values are
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

  private final PrintStream stream;
  private final HistogramLogWriter writer;

  /**
   * Creates (or truncates) {@code file} and writes the log's preamble.
   *
   * @param startEpochMillis when the measurement started; the histograms' time stamps are
   *     written relative to it
   */
  public HistogramLogSink(Path file, long startEpochMillis) throws IOException {
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
  public void onInterval(IntervalStats stats, Map<OperationKind, Histogram> latencyNanos) throws IOException {
    // Checked before writing anything, so a bad call never leaves half an interval in the log.
    for (OperationKind kind : OperationKind.values()) {
      if (latencyNanos.get(kind) == null) {
        throw new IllegalArgumentException("interval " + stats.startMillis() + "-" + stats.endMillis()
            + " ms has no histogram for " + kind.label() + "; every kind must be present");
      }
    }
    for (OperationKind kind : OperationKind.values()) {
      Histogram h = latencyNanos.get(kind);
      // The tag belongs to the caller's histogram; lend it ours for the write only.
      String previousTag = h.getTag();
      h.setTag(kind.label());
      try {
        writer.outputIntervalHistogram(h);
      } finally {
        h.setTag(previousTag);
      }
    }
    flush();
  }

  @Override
  public void close() throws IOException {
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
