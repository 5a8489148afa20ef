package io.commitbench.core.workload.index;

import io.commitbench.core.dialect.DataSize;
import io.commitbench.core.workload.index.IndexFigures.CurvePoint;
import io.commitbench.core.workload.index.IndexFigures.PhaseFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The index test's figures as the report prints them, as {@code summary.json} holds them
 * ({@code workloadFigures}), and the insert curve as a CSV file.
 */
final class IndexReport {

  /** The insert curve's file in the results folder; a {@code curve-*.csv} is charted in report.html. */
  static final String CURVE_FILE = "curve-insert.csv";
  static final String CURVE_HEADER = "tenth,records,inserted,seconds,elapsed_s,records_per_s";

  private IndexReport() {}

  static String block(IndexFigures f) {
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
        "Index test (random 8-byte keys, N = %,d records):%n", f.records()));
    phase(b, "insert:", f.insert(), "inserted");
    b.append("    insert curve (records/s per tenth of N, as the data grows):\n");
    for (CurvePoint p : f.curve()) {
      b.append(String.format(Locale.ROOT, "        %3d%%  %,14.0f records/s  (at %.1f s)%n", p.tenth() * 10,
          p.recordsPerSecond(), p.elapsedNanos() / 1e9));
    }
    if (f.curve().size() < IndexProgress.TENTHS) {
      b.append(String.format(Locale.ROOT, "        (only %d of %d tenths were complete)%n", f.curve().size(),
          IndexProgress.TENTHS));
    }
    phase(b, "first read:", f.firstRead(), "read");
    phase(b, "second read:", f.secondRead(), "read");
    b.append(String.format(Locale.ROOT, "    %-14s %s%n", "database size:",
        f.size().map(Object::toString).orElse("not reported by the server")));
    b.append(String.format(Locale.ROOT, "    %-14s %.3f s", "total time:", f.totalNanos() / 1e9));
    return b.toString();
  }

  private static void phase(StringBuilder b, String label, PhaseFigures p, String verb) {
    b.append(String.format(Locale.ROOT, "    %-14s %,14.0f records/s  (%,d records %s in %.3f s%s)%n", label,
        p.recordsPerSecond(), p.records(), verb, p.nanos() / 1e9,
        p.outOfOrder() == 0 ? "" : String.format(Locale.ROOT, ", %,d out of key order", p.outOfOrder())));
  }

  static Map<String, Object> figures(IndexFigures f) {
    Map<String, Object> figures = new LinkedHashMap<>();
    figures.put("records", f.records());
    figures.put("insert", phase(f.insert()));
    List<Object> curve = new ArrayList<>();
    for (CurvePoint p : f.curve()) {
      Map<String, Object> point = new LinkedHashMap<>();
      point.put("tenth", p.tenth());
      point.put("records", p.records());
      point.put("seconds", p.nanos() / 1e9);
      point.put("elapsedSeconds", p.elapsedNanos() / 1e9);
      point.put("recordsPerSecond", p.recordsPerSecond());
      curve.add(point);
    }
    figures.put("insertCurve", curve);
    figures.put("firstRead", phase(f.firstRead()));
    figures.put("secondRead", phase(f.secondRead()));
    figures.put("dataSize", f.size().map(DataSize::asMap).orElse(null));
    figures.put("totalSeconds", f.totalNanos() / 1e9);
    return figures;
  }

  private static Map<String, Object> phase(PhaseFigures p) {
    Map<String, Object> phase = new LinkedHashMap<>();
    phase.put("records", p.records());
    phase.put("seconds", p.nanos() / 1e9);
    phase.put("recordsPerSecond", p.recordsPerSecond());
    phase.put("outOfOrder", p.outOfOrder());
    return phase;
  }

  /** One line per complete tenth: its records, the records inserted by its end, and its rate. */
  static String curveCsv(IndexFigures f) {
    StringBuilder b = new StringBuilder(CURVE_HEADER).append('\n');
    long inserted = 0;
    for (CurvePoint p : f.curve()) {
      inserted += p.records();
      b.append(String.format(Locale.ROOT, "%d,%d,%d,%.6f,%.6f,%.3f%n", p.tenth(), p.records(), inserted,
          p.nanos() / 1e9, p.elapsedNanos() / 1e9, p.recordsPerSecond()));
    }
    return b.toString();
  }
}
