package io.commitbench.core.results;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * The whole measurement's latency distribution per tag of a {@code latency.hlog}: the sum of its
 * interval histograms (values in nanoseconds). The untagged total, when the log has one, is under
 * the tag {@link #UNTAGGED}.
 */
public final class HistogramTotals {

  /** The key of the log's untagged histograms. */
  public static final String UNTAGGED = "";

  private HistogramTotals() {}

  /**
   * Per tag, in the order the tags first appear, the sum of every interval's histogram.
   *
   * @throws ResultFormatException when the file cannot be read or decoded
   */
  public static Map<String, Histogram> read(Path file) throws ResultFormatException {
    Map<String, Histogram> totals = new LinkedHashMap<>();
    HistogramLogReader reader;
    try {
      reader = new HistogramLogReader(file.toFile());
    } catch (FileNotFoundException e) {
      throw new ResultFormatException("cannot read " + file + ": " + e.getMessage(), e);
    }
    try {
      EncodableHistogram next;
      while ((next = reader.nextIntervalHistogram()) != null) {
        if (next instanceof Histogram h) {
          String tag = h.getTag() == null ? UNTAGGED : h.getTag();
          totals.computeIfAbsent(tag, t -> new Histogram(h.getNumberOfSignificantValueDigits())).add(h);
        }
      }
    } catch (RuntimeException e) {
      // A run killed while writing leaves half a line at the end: what came before it stands.
      if (totals.isEmpty()) {
        throw new ResultFormatException("cannot decode " + file + " as an HdrHistogram log: " + e.getMessage(), e);
      }
    } finally {
      reader.close();
    }
    return totals;
  }
}
